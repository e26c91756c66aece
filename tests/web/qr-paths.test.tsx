// Model-based paths of the QR pass machine (the model is derived from the real machine by machines/models/model.ts,
// the sample events are machines/models/qr.model.ts's) run against the rendered wallet on the QR panel: page
// visibility comes from the platform, Retry and learn-more are clicks, the API answers only when the path
// says so (msw holds each request), and the ttl passes on fake timers. After every step the QR screen must show what
// the model's state says: placeholder, image, error, stale warning, learn-more panel.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { type QrImage, qrMachine, type QrSnapshot } from '../../machines/qr';
import { ENTRY_CODE_HEADER } from '../../src/contract/endpoints';
import { selectIsAdmitted, selectIsLearnMoreOpen, selectIsQrStale, selectQrFrame, selectQrSecondsLeft } from '../../machines/qr.selectors';
import type { WalletActor } from '../../machines/wallet';
import { coverTransitions, takesSample, toTestMachine } from '../../machines/models/model';
import { MODEL_IMAGE, MODEL_SECOND_MS, MODEL_TTL_MS, qrInput, qrSampleEvents, type QrModelEvent } from '../../machines/models/qr.model';
import { signInApi } from './fake-api';
import { holdRequests, responseFor, type HeldRequests } from './path-helpers';
import { setUpWalletTests } from './render-wallet';

const tests = setUpWalletTests({ fakeTimeouts: true });

const endpoints = { loadSettings: 'qrSettings', loadImage: 'qrCodeData' } as const;
const LEARN_MORE = 'One code for your whole event';

async function perform(event: QrModelEvent, wallet: WalletActor, requests: HeldRequests): Promise<void> {
  const settled = /^(loadSettings|loadImage)\.(done|error)$/.exec(event.type);
  if (settled) {
    const endpoint = endpoints[settled[1] as keyof typeof endpoints];
    await waitFor(() => expect(requests.pending(endpoint).length).toBeGreaterThan(0));
    // The image answers text/plain, as the server does, naming the device-bound code in its header when the path says so.
    const image = (output: QrImage) =>
      HttpResponse.text(output.image, { headers: output.entryCode === 'device' ? { [ENTRY_CODE_HEADER]: 'device' } : {} });
    const answer = () =>
      settled[1] === 'loadImage' && settled[2] === 'done' ? image((event as { output: QrImage }).output) : responseFor(event);
    await requests.answer(endpoint, answer);
    return;
  }
  switch (event.type) {
    case 'qr.pageHidden':
    case 'qr.pageVisible':
      // What the platform's visibility listener sends (its wiring: tests/machines/qr.test.ts).
      act(() => wallet.getSnapshot().children.qr?.send(event as { type: 'qr.pageHidden' | 'qr.pageVisible' }));
      return;
    case 'qr.admitted':
      // What the live stream does after the gate's entry.used (its wiring: tests/machines/stream.test.ts).
      act(() => wallet.getSnapshot().context.services.api.cache.invalidate(['ENTRY']));
      return;
    case 'after.pollInterval':
      await act(() => vi.advanceTimersByTimeAsync(MODEL_TTL_MS));
      return;
    case 'after.second':
      await act(() => vi.advanceTimersByTimeAsync(MODEL_SECOND_MS));
      return;
    case 'qr.retry':
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      return;
    case 'qr.openLearnMore':
      fireEvent.click(screen.getByRole('button', { name: 'How does it work?' }));
      return;
    case 'qr.closeLearnMore':
      fireEvent.click(within(screen.getByRole('dialog', { name: LEARN_MORE })).getByRole('button', { name: 'Close' }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screens`);
  }
}

function expectScreenMatches(state: QrSnapshot): void {
  expect(screen.getByRole('heading', { name: 'My QR code' })).toBeTruthy();
  const image = screen.queryByRole('img', { name: 'Your personal entry QR code' });
  const skeleton = screen.queryByRole('status', { name: 'Loading your QR code' });
  const failed = screen.queryByText("We couldn't load your QR code.");
  const frame = selectQrFrame(state);
  expect({ image: Boolean(image), skeleton: Boolean(skeleton), failed: Boolean(failed) }, 'frame').toEqual({
    image: frame === 'image',
    skeleton: frame === 'skeleton',
    failed: frame === 'error',
  });
  if (image) expect(image.getAttribute('src')).toBe(`data:image/png;base64,${MODEL_IMAGE}`);
  expect(Boolean(screen.queryByText("We couldn't update your code. It may be out of date.")), 'stale warning').toBe(selectIsQrStale(state));
  expect(Boolean(screen.queryByRole('dialog', { name: LEARN_MORE })), 'learn more').toBe(selectIsLearnMoreOpen(state));
  expect(Boolean(screen.queryByText('Welcome in')), 'welcome in').toBe(selectIsAdmitted(state));
  const seconds = selectQrSecondsLeft(state);
  expect(screen.queryByRole('timer')?.textContent ?? null, 'seconds left').toBe(seconds === null ? null : `New code in ${seconds} s`);
}

const testMachine = toTestMachine(qrMachine);
const model = createTestModel(testMachine, {
  input: qrInput,
  events: qrSampleEvents as never,
  // The graph adds a bare { type } for every event the machine names without a sample: keep to the samples.
  filterEvents: takesSample(qrSampleEvents as never),
});
// The polling code's paths: the device-bound code's steps (IndexedDB, WebCrypto) run on the actor
// (tests/machines/qr-device.test.ts) and in Chromium (tests/e2e/door-device.test.ts). An image may name the device
// code, but its tickets are never learnt here: the upcoming tickets' request is held.
// The device code's view is a real chunk here (it downloads at once): its failure and retry run on the actor.
const paths = coverTransitions(testMachine, model.getShortestPaths(), qrSampleEvents as never, qrInput).filter(
  (path) => !path.steps.some((step) => /^(loadDoorTickets\.|loadDeviceView\.|after\.deviceViewRetry)/.test(step.event.type)),
);

describe('qr paths on the rendered screen', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Kim' } });
    tests.server.use(...api.handlers);
    const held = holdRequests(tests, ['qrSettings', 'qrCodeData', 'myTickets']);
    const { wallet } = tests.render('/en/?PANEL_TAB=QR', api.signedInStorage('alex@example.com'));
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) await perform(step.event as QrModelEvent, wallet, held);
      await waitFor(() => expectScreenMatches(step.state as AnyMachineSnapshot as QrSnapshot));
    }
  });
});
