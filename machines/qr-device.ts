// The device-bound code of the entry QR pass (docs/decisions/0054-at-the-door-the-device-bound-entry-code.md and decision 0063): a child of the qr machine (machines/qr.ts), invoked once an image's answer named the device code and the
// next event's tickets are known. It is a chunk of its own, so the polling pass (the first QR panel) carries none of
// it. The code is drawn on the device: key present or absent, certificate fresh or expired, offline, replaced by
// another device. It lives as long as the pass, a hidden page included (nothing is drawn then), so the chosen ticket
// and the last code are still there when the page shows again. The seconds until the next code count down here.
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { DeviceKey, DrawnCode, StoredCertificate } from '../src/door/wallet-door';
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };
import { addRoutes } from '../src/client/client';
import { countdown, type DoorTickets, logParams, MIN_QR_POLL_MS, SECOND_MS, watchVisibility } from './qr';
import { type FlowInput, type LogParams, reportError, type WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('doorDevice', 'doorRegisterDevice'));

/** The device-mode steps (crypto, IndexedDB, the QR drawing), loaded by the first step that needs them. */
const walletDoor = () => import('../src/door/wallet-door');

export interface QrDeviceInput extends FlowInput {
  /** The next event's tickets, the one the code is drawn for first selected. */
  door: DoorTickets;
}

export interface QrDeviceContext {
  services: WalletServices;
  /** The next event's tickets (one certificate each) and the one the code is drawn for. */
  door: DoorTickets;
  /** The device's key pair (read from IndexedDB, or made); null until read. */
  key: DeviceKey | null;
  /** The id of the certificate this device holds for the chosen ticket; null until read or registered. */
  certificateId: number | null;
  /** The code of the current step, drawn on the device. */
  code: DrawnCode | null;
  /** The last liveness check could not reach the server: the screen says the code still works offline. */
  offline: boolean;
  /** Whole seconds until the next code, counted down by the `second` delay; null when none is scheduled. */
  secondsLeft: number | null;
}

export type QrDeviceEvent =
  | { type: 'qr.retry' }
  /** From the `watchVisibility` actor (document visibility through the platform). */
  | { type: 'qr.pageHidden' }
  | { type: 'qr.pageVisible' }
  /** Another device took the ticket's code: register this device again (which revokes the other). */
  | { type: 'qr.takeBack' }
  /** Show the code of another ticket of the same event. */
  | { type: 'qr.chooseTicket'; userTicketId: number };

/** `loading`: no code yet; `error`: setting up or drawing the code failed. */
export type QrDeviceTag = 'loading' | 'error';

const selectedTicket = (context: QrDeviceContext) => context.door.selected;
const ticketOf = ({ context }: { context: QrDeviceContext }) => ({ services: context.services, userTicketId: selectedTicket(context) });
const keyOf = (context: QrDeviceContext): DeviceKey => {
  if (!context.key) throw new Error('qr: no device key yet');
  return context.key;
};
const ticketAndKeyOf = ({ context }: { context: QrDeviceContext }) => ({ userTicketId: selectedTicket(context), key: keyOf(context) });

export const qrDeviceMachine = setup({
  types: {
    context: {} as QrDeviceContext,
    events: {} as QrDeviceEvent,
    input: {} as QrDeviceInput,
    tags: {} as QrDeviceTag,
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    startCountdown: assign((_, params: { ms: number }) => ({ secondsLeft: Math.max(1, Math.ceil(params.ms / 1000)) })),
    tickDown: assign(({ context }) => ({ secondsLeft: Math.max(1, (context.secondsLeft ?? 1) - 1) })),
    stopCountdown: assign({ secondsLeft: null }),
    rememberKey: assign((_, params: { key: DeviceKey }) => ({ key: params.key })),
    rememberCertificate: assign((_, params: { certificateId: number }) => ({ certificateId: params.certificateId })),
    showCode: assign((_, params: { code: DrawnCode }) => ({ code: params.code })),
    markOnline: assign({ offline: false }),
    markOffline: assign({ offline: true }),
    chooseTicket: assign(({ context }, params: { userTicketId: number }) => ({
      door: { ...context.door, selected: params.userTicketId },
      certificateId: null,
      code: null,
    })),
  },
  guards: {
    moreThanASecondLeft: ({ context }) => (context.secondsLeft ?? 0) > 1,
    keyFound: (_, params: { key: DeviceKey | undefined }) => params.key !== undefined,
    certificateFresh: (_, params: { stored: StoredCertificate | undefined }) => params.stored?.state === 'fresh',
    codeDrawn: (_, params: { code: DrawnCode | null }) => params.code !== null,
    stillLive: ({ context }, params: { certificateId: number | null }) => params.certificateId === context.certificateId,
    otherTicket: ({ context }, params: { userTicketId: number }) =>
      context.key !== null && params.userTicketId !== selectedTicket(context) && context.door.tickets.some((ticket) => ticket.userTicketId === params.userTicketId),
  },
  delays: {
    /** The code is drawn again when its time step ends. */
    nextStep: ({ context }) => Math.max(context.code?.msLeft ?? SECOND_MS, MIN_QR_POLL_MS),
    second: SECOND_MS,
  },
  actors: {
    readKey: fromPromise<DeviceKey | undefined>(async () => (await walletDoor()).readKey()),
    makeKey: fromPromise<DeviceKey>(async () => (await walletDoor()).makeKey()),
    readCertificate: fromPromise<StoredCertificate | undefined, { userTicketId: number; key: DeviceKey }>(async ({ input }) =>
      (await walletDoor()).readCertificate(input.userTicketId, input.key.publicKey),
    ),
    /** POST /door/devices: the organisation signs this device's key for the ticket (revoking another device's). */
    register: fromPromise<number, { services: WalletServices; userTicketId: number; key: DeviceKey }>(async ({ input }) => {
      const answer = await input.services.api.call('doorRegisterDevice', { body: { userTicketId: input.userTicketId, publicKey: input.key.publicKey } });
      await (await walletDoor()).keepCertificate(input.userTicketId, answer.certificate);
      return answer.certificateId;
    }),
    drawCode: fromPromise<DrawnCode | null, { userTicketId: number; key: DeviceKey }>(async ({ input }) =>
      (await walletDoor()).drawCode(input.userTicketId, input.key),
    ),
    /** The ticket's live certificate id: another one means another device registered since. */
    checkLive: fromPromise<number | null, { services: WalletServices; userTicketId: number }>(
      async ({ input, signal }) => (await input.services.api.call('doorDevice', { params: { userTicketId: input.userTicketId }, signal })).certificateId,
    ),
    watchVisibility,
  },
}).createMachine({
  id: 'qrDevice',
  meta: { ...doc('The device-bound code (the organiser chose it): drawn on the device every step, offline too') },
  context: ({ input }) => ({
    services: input.services,
    door: input.door,
    key: null,
    certificateId: null,
    code: null,
    offline: false,
    secondsLeft: null,
  }),
  invoke: {
    id: 'watchVisibility',
    src: 'watchVisibility',
    input: ({ context }) => ({ services: context.services }),
    onError: { actions: { type: 'logError', params: logParams('qr: visibility listener failed') } },
  },
  initial: 'visible',
  on: { 'qr.pageHidden': '.paused' },
  states: {
    visible: {
      ...doc('The page is visible: the code is set up and drawn'),
      initial: 'readingKey',
      on: { 'qr.chooseTicket': { guard: { type: 'otherTicket', params: ({ event }) => event }, target: '.readingCertificate', actions: { type: 'chooseTicket', params: ({ event }) => event } } },
      states: {
        readingKey: {
          meta: { screen: 'QR', ...doc('QR: placeholder while the device key is read from IndexedDB') },
          tags: ['loading'],
          invoke: {
            id: 'readKey',
            src: 'readKey',
            onDone: [
              { guard: { type: 'keyFound', params: ({ event }) => ({ key: event.output }) }, target: 'readingCertificate', actions: { type: 'rememberKey', params: ({ event }) => ({ key: event.output! }) } },
              { target: 'makingKey' },
            ],
            onError: { target: 'failed', actions: { type: 'logError', params: logParams('qr: reading the device key failed') } },
          },
        },
        makingKey: {
          meta: { screen: 'QR', ...doc('QR: no key yet: a non-extractable P-256 pair is made and kept in IndexedDB') },
          tags: ['loading'],
          invoke: {
            id: 'makeKey',
            src: 'makeKey',
            onDone: { target: 'readingCertificate', actions: { type: 'rememberKey', params: ({ event }) => ({ key: event.output }) } },
            onError: { target: 'failed', actions: { type: 'logError', params: logParams('qr: making the device key failed') } },
          },
        },
        readingCertificate: {
          meta: { screen: 'QR', ...doc("QR: the ticket's stored certificate is read; fresh draws, absent or expired registers") },
          tags: ['loading'],
          invoke: {
            id: 'readCertificate',
            src: 'readCertificate',
            input: ticketAndKeyOf,
            onDone: [
              {
                guard: { type: 'certificateFresh', params: ({ event }) => ({ stored: event.output }) },
                target: 'drawing',
                actions: { type: 'rememberCertificate', params: ({ event }) => ({ certificateId: event.output!.certificateId }) },
              },
              { target: 'registering' },
            ],
            onError: { target: 'failed', actions: { type: 'logError', params: logParams('qr: reading the certificate failed') } },
          },
        },
        registering: {
          meta: { screen: 'QR', ...doc("QR: the device's public key is registered for the ticket; the organisation's certificate comes back") },
          tags: ['loading'],
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context }) => ({ ...ticketOf({ context }), key: keyOf(context) }),
            onDone: { target: 'drawing', actions: [{ type: 'rememberCertificate', params: ({ event }) => ({ certificateId: event.output }) }, 'markOnline'] },
            onError: { target: 'failed', actions: { type: 'logError', params: logParams('qr: registering the device failed') } },
          },
        },
        drawing: {
          ...doc("The code of the current step is signed and drawn; a certificate past its window registers again"),
          invoke: {
            id: 'drawCode',
            src: 'drawCode',
            input: ticketAndKeyOf,
            onDone: [
              { guard: { type: 'codeDrawn', params: ({ event }) => ({ code: event.output }) }, target: 'showing', actions: { type: 'showCode', params: ({ event }) => ({ code: event.output! }) } },
              { target: 'registering' },
            ],
            onError: { target: 'failed', actions: { type: 'logError', params: logParams('qr: drawing the code failed') } },
          },
        },
        showing: {
          ...doc('The code is shown until its step ends; meanwhile the server is asked whether the certificate is still live'),
          type: 'parallel',
          entry: { type: 'startCountdown', params: ({ context }) => ({ ms: context.code?.msLeft ?? SECOND_MS }) },
          exit: 'stopCountdown',
          after: { nextStep: 'drawing' },
          states: {
            link: {
              initial: 'checking',
              states: {
                checking: {
                  meta: { screen: 'QR', ...doc('QR: the device code; the server is asked whether another device took it') },
                  invoke: {
                    id: 'checkLive',
                    src: 'checkLive',
                    input: ticketOf,
                    onDone: [
                      { guard: { type: 'stillLive', params: ({ event }) => ({ certificateId: event.output }) }, target: 'live', actions: 'markOnline' },
                      { target: '#qrDevice.visible.replaced', actions: 'markOnline' },
                    ],
                    onError: { target: 'offline', actions: 'markOffline' },
                  },
                },
                live: { meta: { screen: 'QR', ...doc('QR: the device code; the server says it is the live one') } },
                offline: {
                  meta: { screen: 'QR', ...doc('QR: no network: the code is still drawn from the stored certificate; "Offline — your code still works"') },
                },
              },
            },
            countdown: { ...doc('Counts the seconds until the next code down, once a second'), ...countdown },
          },
        },
        replaced: {
          meta: { screen: 'QR', ...doc('QR: another device registered for the ticket; "Use the code on this phone" takes it back') },
          on: { 'qr.takeBack': 'registering' },
        },
        failed: {
          meta: { screen: 'QR', ...doc('QR: the device code could not be set up or drawn (first registration needs the network); Retry') },
          tags: ['error'],
          on: { 'qr.retry': 'readingKey' },
        },
      },
    },
    paused: {
      ...doc('The page is hidden: nothing is drawn; becoming visible reads the key again and draws'),
      on: { 'qr.pageVisible': 'visible' },
    },
  },
});

export type QrDeviceMachine = typeof qrDeviceMachine;
export type QrDeviceActor = ActorRefFrom<QrDeviceMachine>;
export type QrDeviceSnapshot = SnapshotFrom<QrDeviceMachine>;
