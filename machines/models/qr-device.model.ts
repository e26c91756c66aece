// The test model of the QR pass's device code (machines/qr-device.ts), shared by tests/machines/qr-device.test.ts
// (paths on the actor) and the visualiser's paths. Every step of the code is a mock whose end a path step decides.
import type { AnyMachineSnapshot } from 'xstate';
import type { QrDeviceContext, QrDeviceEvent, QrDeviceInput } from '../qr-device';
import { qrDeviceMachine } from '../qr-device';
import type { DeviceKey, DrawnCode, StoredCertificate } from '../../src/door/wallet-door';
import { testServices } from './fake-platform';
import { httpError } from './fixtures';
import { modelSpec } from './model-spec';
import { MODEL_DOOR, MODEL_TTL_MS } from './qr.model';

/** A device event, or the end of an invoked step (`<invoke id>.done` / `.error`) or a delay (`after.<delay>`). */
export type QrDeviceModelEvent = QrDeviceEvent | { type: string; output?: unknown; error?: unknown };

/** The invokes whose outcome a path step decides: IndexedDB, WebCrypto and the two API requests. */
export const qrDevicePromiseActors = ['readKey', 'makeKey', 'readCertificate', 'register', 'drawCode', 'checkLive'] as const;

export const MODEL_KEY = { keyPair: {} as CryptoKeyPair, publicKey: 'PUBLIC-KEY' } satisfies DeviceKey;
const fresh: StoredCertificate = { certificate: 'CERT', certificateId: 7, state: 'fresh' };
const expired: StoredCertificate = { certificate: 'CERT', certificateId: 7, state: 'expired' };
/** A drawn code, current for two seconds (the `nextStep` delay on the actor), so the countdown's states stay few. */
export const MODEL_CODE: DrawnCode = { code: 'TW2.model', step: 1, msLeft: MODEL_TTL_MS, svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' };

/** The key, the certificate, the code, the liveness check, and what the person and the page do. */
export const qrDeviceSampleEvents: QrDeviceModelEvent[] = [
  { type: 'readKey.done', output: MODEL_KEY },
  { type: 'readKey.done', output: undefined },
  { type: 'readKey.error', error: new Error('IndexedDB unavailable') },
  { type: 'makeKey.done', output: MODEL_KEY },
  { type: 'makeKey.error', error: new Error('WebCrypto unavailable') },
  { type: 'readCertificate.done', output: fresh },
  { type: 'readCertificate.done', output: expired },
  { type: 'readCertificate.done', output: undefined },
  { type: 'readCertificate.error', error: new Error('IndexedDB unavailable') },
  { type: 'register.done', output: 7 },
  { type: 'register.error', error: httpError('doorRegisterDevice', 503, 'api.door.unavailable') },
  { type: 'drawCode.done', output: MODEL_CODE },
  { type: 'drawCode.done', output: null },
  { type: 'drawCode.error', error: new Error('signing failed') },
  { type: 'checkLive.done', output: 7 },
  { type: 'checkLive.done', output: 8 },
  { type: 'checkLive.error', error: new TypeError('Failed to fetch') },
  { type: 'after.nextStep' },
  { type: 'after.second' },
  { type: 'qr.takeBack' },
  { type: 'qr.chooseTicket', userTicketId: 12 },
  { type: 'qr.retry' },
  { type: 'qr.pageHidden' },
  { type: 'qr.pageVisible' },
];

/** The model's vertex: the state and the facts the screen draws from (the code's content aside). */
export function qrDeviceVertex(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as QrDeviceContext;
  return JSON.stringify({
    value: snapshot.value,
    selected: context.door.selected,
    key: context.key !== null,
    certificateId: context.certificateId,
    code: context.code !== null,
    offline: context.offline,
    secondsLeft: context.secondsLeft,
  });
}

/** The device code's input in the model and on the actor (its actors are mocked: nothing is called). */
export const qrDeviceInput = (): QrDeviceInput => ({ services: testServices(), door: MODEL_DOOR });

export const qrDeviceSpec = modelSpec({
  name: 'qrDevice',
  machine: qrDeviceMachine,
  starts: [{ name: 'start', input: qrDeviceInput }],
  events: qrDeviceSampleEvents,
  serializeState: qrDeviceVertex,
  excused: {
    'qrDevice on watchVisibility.error': 'the visibility listener cannot fail in a browser; the branch only logs',
  },
});
