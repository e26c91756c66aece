// Model-based tests of the QR pass's device code (machines/qr-device.ts): the key, the certificate, the code drawn
// every step, the liveness check, another device taking the code, a hidden page; then what a hidden page keeps.
import { describe, expect, it } from 'vitest';
import { fromCallback, SimulatedClock } from 'xstate';
import { qrDeviceMachine } from '../../machines/qr-device';
import { selectDoorTickets } from '../../machines/qr-device.selectors';
import { selectQrImageSrc } from '../../machines/qr.selectors';
import { controlledActors, expectFullCoverage, flush, runPathOnActor, startAsChild } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { MODEL_TTL_MS } from '../../machines/models/qr.model';
import { MODEL_CODE, MODEL_KEY, qrDeviceInput, qrDevicePromiseActors, qrDeviceSpec, qrDeviceVertex } from '../../machines/models/qr-device.model';

const quiet = qrDeviceMachine.provide({ actions: { logError: () => {} } });

describe('qrDevice model', () => {
  const { testMachine, paths } = pathsOf(qrDeviceSpec);

  it('takes every transition', () => expectFullCoverage(qrDeviceSpec.name, testMachine, paths, qrDeviceSpec.excused));

  it('reaches every state of the device code', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['readingKey', 'makingKey', 'readingCertificate', 'registering', 'drawing', 'replaced', 'failed', '"offline"', '"live"', '"paused"']) {
      expect([...reached].some((value) => value.includes(state)), state).toBe(true);
    }
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    // On the actor a code's step is the model's; the visibility listener is a mock the path's events stand in for.
    const machine = quiet.provide({ delays: { nextStep: MODEL_TTL_MS }, actors: { watchVisibility: fromCallback(() => {}) } });
    await runPathOnActor(path, { machine, input: qrDeviceInput(), promiseActors: qrDevicePromiseActors, asChild: true, vertex: qrDeviceVertex });
  });
});

describe('qrDevice effects', () => {
  it('keeps the chosen ticket and the last code through a hidden page, and reads the key again when it shows', async () => {
    const control = controlledActors(qrDevicePromiseActors);
    const { flow: actor } = startAsChild(
      quiet.provide({ actors: { ...control.actors, watchVisibility: fromCallback(() => {}) } }),
      qrDeviceInput(),
      { clock: new SimulatedClock() },
    );
    const settle = async (id: (typeof qrDevicePromiseActors)[number], payload: unknown) => {
      control.settle(id, 'done', payload);
      await flush();
    };
    await settle('readKey', MODEL_KEY);
    await settle('readCertificate', { certificate: 'CERT', certificateId: 7, state: 'fresh' });
    await settle('drawCode', MODEL_CODE);
    actor.send({ type: 'qr.chooseTicket', userTicketId: 12 });
    await settle('readCertificate', { certificate: 'CERT', certificateId: 8, state: 'fresh' });
    await settle('drawCode', MODEL_CODE);
    actor.send({ type: 'qr.pageHidden' });
    expect(actor.getSnapshot().matches('paused')).toBe(true);
    actor.send({ type: 'qr.pageVisible' });
    expect(actor.getSnapshot().matches({ visible: 'readingKey' })).toBe(true);
    expect(selectDoorTickets(actor.getSnapshot())?.selected).toBe(12);
    expect(selectQrImageSrc(actor.getSnapshot())).toMatch(/^data:image\/svg\+xml/);
  });
});
