// The qr machine's test model, shared by tests/machines/qr.test.ts (paths on the actor) and tests/web/qr.test.tsx
// (the same paths on the rendered QR screen). The device code's child has its own (machines/models/qr-device.model.ts).
import type { AnyMachineSnapshot } from 'xstate';
import type { DoorTickets, QrContext, QrEvent, QrImage } from '../qr';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { qrMachine } from '../qr';
import { modelSpec } from './model-spec';

/** A qr event, or the end of an invoked request (`<invoke id>.done` / `.error`) or a delay (`after.<delay>`). */
export type QrModelEvent = QrEvent | { type: string; output?: unknown; error?: unknown };

/**
 * The invokes whose outcome a path step decides: the API requests, and the device code's child (`qrDevice`), which runs
 * until it fails (its own paths are tests/machines/qr-device.test.ts's).
 */
export const qrPromiseActors = ['loadSettings', 'loadImage', 'loadDoorTickets', 'qrDevice', 'loadDeviceView'] as const;

/**
 * The ttl the settings answer in the model: the machine's `pollInterval` delay on the actor is this too. Two seconds,
 * so the countdown's states (2 s, 1 s left) stay few.
 */
export const MODEL_TTL_MS = 2_000;
/** A second of the countdown (the `second` delay). */
export const MODEL_SECOND_MS = 1_000;
/** A base64 PNG as the API answers it (any text stands for one in the machine). */
export const MODEL_IMAGE = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** The image's answer for the polling code (no `x-entry-code` header). */
export const pollingImage = (image: string = MODEL_IMAGE): QrImage => ({ image, entryCode: 'polling' });
/** The image's answer when the next event's organiser chose the device-bound code (`x-entry-code: device`). */
export const deviceImage = (image: string = MODEL_IMAGE): QrImage => ({ image, entryCode: 'device' });

/** The next event's two tickets, the organiser using the device-bound code. */
export const MODEL_DOOR: DoorTickets = { eventName: 'Summer Fest', tickets: [{ userTicketId: 11, ticketName: 'General' }, { userTicketId: 12, ticketName: 'VIP' }], selected: 11 };

export const qrSampleEvents: QrModelEvent[] = [
  { type: 'qr.openLearnMore' },
  { type: 'qr.closeLearnMore' },
  { type: 'qr.retry' },
  { type: 'qr.pageHidden' },
  { type: 'qr.pageVisible' },
  { type: 'loadSettings.done', output: { ttl: MODEL_TTL_MS } },
  { type: 'loadSettings.error', error: httpError('qrSettings', 500, 'api.internal_error') },
  { type: 'loadImage.done', output: pollingImage() },
  { type: 'loadImage.done', output: deviceImage() },
  { type: 'loadImage.error', error: httpError('qrCodeData', 500, 'api.internal_error') },
  { type: 'after.pollInterval' },
  { type: 'after.second' },
  { type: 'qr.admitted' },
  { type: 'loadDoorTickets.done', output: MODEL_DOOR },
  { type: 'loadDoorTickets.done', output: null },
  { type: 'loadDoorTickets.error', error: httpError('myTickets', 500, 'api.internal_error') },
  { type: 'qrDevice.error', error: new Error('the device code crashed') },
  // The device code's view (a chunk of the views) downloads, or fails to and is tried again after its delay.
  { type: 'loadDeviceView.done' },
  { type: 'loadDeviceView.error', error: new Error('offline') },
  { type: 'after.deviceViewRetry' },
];

/**
 * The model's vertex: the pass (with the countdown), the learn-more panel and the device code's view, apart from
 * the admission and whether the mode is still being learnt once it was (orthogonal: their transitions are covered by
 * coverTransitions' extra paths rather than by a vertex for every combination, 4,000 paths otherwise).
 */
export function qrVertex(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as QrContext;
  const { pass, mode, learnMore, deviceView } = snapshot.value as Record<string, unknown>;
  return JSON.stringify({
    pass,
    learnMore,
    deviceView,
    learningTickets: mode === 'learningTickets',
    ttl: context.ttl,
    image: context.image !== null,
    secondsLeft: context.secondsLeft,
    door: context.door?.selected ?? null,
  });
}

/** The QR flow's input in the model and on the actor (its actors are mocked: the API is never called). */
export const qrInput = { services: testServices() };

/**
 * The QR machine's model-based test (tests/machines/qr.test.ts, the visualiser's paths). The traversal keeps to the
 * samples: the graph adds a bare { type } for every event the machine names without a sample.
 */
export const qrSpec = modelSpec({
  name: 'qr',
  machine: qrMachine,
  starts: [{ name: 'start', input: () => qrInput }],
  events: qrSampleEvents,
  serializeState: qrVertex,
  excused: {
    'qr on watchVisibility.error': 'the visibility listener cannot fail in a browser; the branch only logs',
    'qr on watchEntry.error': 'the ENTRY listener is an in-memory subscription that cannot fail; the branch only logs',
  },
});
