// The qr machine's test model, shared by tests/machines/qr.test.ts (paths on the actor) and tests/web/qr.test.tsx
// (the same paths on the rendered QR screen).
import type { QrEvent } from '../../machines/qr';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { qrMachine } from '../../machines/qr';
import { modelSpec } from './model-spec';

/** A qr event, or the end of an invoked request (`<invoke id>.done` / `.error`) or a delay (`after.<delay>`). */
export type QrModelEvent = QrEvent | { type: string; output?: unknown; error?: unknown };

/** The invokes whose outcome a path step decides; each is one API request. */
export const qrPromiseActors = ['loadSettings', 'loadImage'] as const;

/** The ttl the settings answer in the model: the machine's `pollInterval` delay on the actor is this too. */
export const MODEL_TTL_MS = 15_000;
/** A base64 PNG as the API answers it (any text stands for one in the machine). */
export const MODEL_IMAGE = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const qrSampleEvents: QrModelEvent[] = [
  { type: 'qr.openLearnMore' },
  { type: 'qr.closeLearnMore' },
  { type: 'qr.retry' },
  { type: 'qr.pageHidden' },
  { type: 'qr.pageVisible' },
  { type: 'loadSettings.done', output: { ttl: MODEL_TTL_MS } },
  { type: 'loadSettings.error', error: httpError('qrSettings', 500, 'api.internal_error') },
  { type: 'loadImage.done', output: MODEL_IMAGE },
  { type: 'loadImage.error', error: httpError('qrCodeData', 500, 'api.internal_error') },
  { type: 'after.pollInterval' },
  { type: 'qr.admitted' },
];

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
  excused: {
    'qr on watchVisibility.error': 'the visibility listener cannot fail in a browser; the branch only logs',
    'qr on watchEntry.error': 'the ENTRY listener is an in-memory subscription that cannot fail; the branch only logs',
  },
});
