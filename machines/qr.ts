// The entry QR pass (docs/product.md §2 QR, §7 qrSettings + qrCodeData): a child of the wallet while the QR panel is open.
// While the page is visible it loads the ttl, then the base64 PNG, and loads it again every ttl. A hidden page stops
// polling; showing it again refreshes at once. The learn-more panel is a region of its own, and so is the admission:
// when the gate scans the pass, the live stream invalidates the ENTRY tag and the screen says "Welcome in".
// When the organiser of the holder's next event chose the device-bound code (docs/decisions.md, "At the door" and
// "The device-bound code in the wallet"), the pass draws it on the device instead: key present or absent, certificate
// fresh or expired, offline, replaced by another device. The seconds until the next code count down in the machine.
// The setting comes with the image (its `x-entry-code` header), so the polling code costs no request of its own
// (docs/decisions.md, "The entry code comes with the QR image").
import { assign, enqueueActions, fromCallback, fromPromise, not, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ResponseOf } from '../src/contract/endpoints';
import { ENTRY_CODE_HEADER } from '../src/contract/base';
import type { UserTicket } from '../src/contract/entities';
import type { DeviceKey, DrawnCode, StoredCertificate } from '../src/door/wallet-door';
import { type FlowInput, type LogParams, reportError, type WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };
import { addRoutes } from '../src/client/client';
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('qrCodeData', 'qrSettings', 'myTickets', 'doorDevice', 'doorRegisterDevice'));

/** The device-mode steps, loaded only when the organiser's setting is `device` (the polling QR does not carry them). */
const walletDoor = () => import('../src/door/wallet-door');

export type QrSettings = ResponseOf<'qrSettings'>;

export interface QrContext {
  services: WalletServices;
  /** Milliseconds between two images (GET /settings/qr); null until loaded. */
  ttl: number | null;
  /** The last image, a base64 PNG. */
  image: string | null;
  /** Whole seconds until the next image or code, counted down by the `second` delay; null when none is scheduled. */
  secondsLeft: number | null;
  /** The tickets of the holder's next event when its organiser uses the device-bound code; null: the polling code. */
  door: DoorTickets | null;
  /** The device's key pair (read from IndexedDB, or made); null until read. */
  key: DeviceKey | null;
  /** The id of the certificate this device holds for the chosen ticket; null until read or registered. */
  certificateId: number | null;
  /** The code of the current step, drawn on the device. */
  code: DrawnCode | null;
  /** The last liveness check could not reach the server: the screen says the code still works offline. */
  offline: boolean;
}

/** A ticket the device code can be shown for. */
export interface DoorTicket {
  userTicketId: number;
  ticketName: string;
}

/** The next event's tickets (one certificate each) and the one the code is drawn for. */
export interface DoorTickets {
  eventName: string;
  tickets: DoorTicket[];
  selected: number;
}

/** The organiser's setting for the holder's next event: the server's polling QR, or the code drawn on the device. */
export type EntryCode = 'polling' | 'device';

/** An entry QR image and the entry code its answer named (`x-entry-code: device`; no header: polling). */
export interface QrImage {
  image: string;
  entryCode: EntryCode;
}

/**
 * The tickets of the holder's next event (the earliest start among the upcoming ones, same name and venue), in the
 * list's order. The QR screen shows one device code at a time, for one of these (docs/decisions.md).
 */
export function nextEventTickets(tickets: readonly UserTicket[]): UserTicket[] {
  const sameEvent = (a: UserTicket, b: UserTicket) =>
    a.eventName === b.eventName && a.eventVenue === b.eventVenue && a.eventStartDateTime === b.eventStartDateTime;
  const first = [...tickets].sort((a, b) => Date.parse(a.eventStartDateTime) - Date.parse(b.eventStartDateTime))[0];
  return first ? tickets.filter((ticket) => sameEvent(ticket, first)) : [];
}

export type QrEvent =
  | { type: 'qr.retry' }
  | { type: 'qr.openLearnMore' }
  | { type: 'qr.closeLearnMore' }
  /** From the `watchVisibility` actor (document visibility through the platform). */
  | { type: 'qr.pageHidden' }
  | { type: 'qr.pageVisible' }
  /** From the `watchEntry` actor: the ENTRY cache tag was invalidated (the gate admitted the holder). */
  | { type: 'qr.admitted' }
  /** Raised when an image's answer says the next event uses the device-bound code: the mode learns its tickets. */
  | { type: 'qr.deviceEntryCode' }
  /** Raised when the device-bound code's tickets are known: the pass leaves polling. */
  | { type: 'qr.useDevice' }
  /** Another device took the ticket's code: register this device again (which revokes the other). */
  | { type: 'qr.takeBack' }
  /** Show the code of another ticket of the same event. */
  | { type: 'qr.chooseTicket'; userTicketId: number };

/** `loading`: no image yet; `refreshing`: the next image is on its way (the last one stays); `error`: a load failed. */
export type QrTag = 'loading' | 'refreshing' | 'error';

/** The server's default ttl, used only if the machine polls before the settings answered (it never does). */
export const DEFAULT_QR_TTL_MS = 15_000;
/** However short a ttl the server sends, the wallet asks for a new image at most once a second. */
export const MIN_QR_POLL_MS = 1_000;
/** The countdown's hand: the seconds left go down once a second (the named delay `second`). */
export const SECOND_MS = 1_000;

/** How long to wait between two images for a ttl (the named delay `pollInterval`). */
export function pollIntervalOf(ttl: number | null): number {
  return Math.max(ttl ?? DEFAULT_QR_TTL_MS, MIN_QR_POLL_MS);
}

const logParams =
  (message: string) =>
  ({ event }: { event: { error?: unknown } }) => ({ message, error: event.error });

const servicesOf = ({ context }: { context: QrContext }) => ({ services: context.services });
const selectedTicket = (context: QrContext) => context.door?.selected ?? 0;
const ticketOf = ({ context }: { context: QrContext }) => ({ services: context.services, userTicketId: selectedTicket(context) });
const keyOf = (context: QrContext): DeviceKey => {
  if (!context.key) throw new Error('qr: no device key yet');
  return context.key;
};
const ticketAndKeyOf = ({ context }: { context: QrContext }) => ({ ...ticketOf({ context }), key: keyOf(context) });

/** A loaded image is shown; the entry code its answer named is noticed (device: the mode learns the tickets). */
const showImageOf = [
  { type: 'showImage', params: ({ event }: { event: { output: QrImage } }) => ({ image: event.output.image }) },
  { type: 'noticeEntryCode', params: ({ event }: { event: { output: QrImage } }) => ({ entryCode: event.output.entryCode }) },
] as const;

/**
 * The countdown of the seconds left, in the children of every state that shows a code with a next one scheduled:
 * once a second, the last one staying until the code changes (the view has no timer: issue 23).
 */
const countdown = {
  initial: 'ticking',
  states: {
    ticking: { after: { second: { guard: 'moreThanASecondLeft', target: 'ticking', reenter: true, actions: 'tickDown' } } },
  },
} as const;

export const qrMachine = setup({
  types: {
    context: {} as QrContext,
    events: {} as QrEvent,
    input: {} as FlowInput,
    tags: {} as QrTag,
  },
  actions: {
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    rememberTtl: assign((_, params: { settings: QrSettings }) => ({ ttl: params.settings.ttl })),
    showImage: assign((_, params: { image: string }) => ({ image: params.image })),
    /** The image's answer named the device-bound code: the mode region learns the next event's tickets. */
    noticeEntryCode: enqueueActions(({ enqueue }, params: { entryCode: EntryCode }) => {
      if (params.entryCode === 'device') enqueue.raise({ type: 'qr.deviceEntryCode' });
    }),
    startCountdown: assign((_, params: { ms: number }) => ({ secondsLeft: Math.max(1, Math.ceil(params.ms / 1000)) })),
    tickDown: assign(({ context }) => ({ secondsLeft: Math.max(1, (context.secondsLeft ?? 1) - 1) })),
    stopCountdown: assign({ secondsLeft: null }),
    rememberDoor: assign((_, params: { door: DoorTickets | null }) => ({ door: params.door })),
    useDevice: raise({ type: 'qr.useDevice' }),
    rememberKey: assign((_, params: { key: DeviceKey }) => ({ key: params.key })),
    rememberCertificate: assign((_, params: { certificateId: number }) => ({ certificateId: params.certificateId })),
    showCode: assign((_, params: { code: DrawnCode }) => ({ code: params.code })),
    markOnline: assign({ offline: false }),
    markOffline: assign({ offline: true }),
    chooseTicket: assign(({ context }, params: { userTicketId: number }) => ({
      door: context.door && { ...context.door, selected: params.userTicketId },
      certificateId: null,
      code: null,
    })),
  },
  guards: {
    hasTtl: ({ context }) => context.ttl !== null,
    hasImage: ({ context }) => context.image !== null,
    usesDevice: ({ context }) => context.door !== null,
    hasDoorTickets: (_, params: { door: DoorTickets | null }) => params.door !== null,
    moreThanASecondLeft: ({ context }) => (context.secondsLeft ?? 0) > 1,
    keyFound: (_, params: { key: DeviceKey | undefined }) => params.key !== undefined,
    certificateFresh: (_, params: { stored: StoredCertificate | undefined }) => params.stored?.state === 'fresh',
    codeDrawn: (_, params: { code: DrawnCode | null }) => params.code !== null,
    stillLive: ({ context }, params: { certificateId: number | null }) => params.certificateId === context.certificateId,
    otherTicket: ({ context }, params: { userTicketId: number }) =>
      context.key !== null && params.userTicketId !== selectedTicket(context) && Boolean(context.door?.tickets.some((ticket) => ticket.userTicketId === params.userTicketId)),
  },
  delays: {
    /** docs/product.md §7: a new image every ttl milliseconds. */
    pollInterval: ({ context }) => pollIntervalOf(context.ttl),
    /** The device code is drawn again when its time step ends. */
    nextStep: ({ context }) => Math.max(context.code?.msLeft ?? SECOND_MS, MIN_QR_POLL_MS),
    second: SECOND_MS,
  },
  actors: {
    loadSettings: fromPromise<QrSettings, { services: WalletServices }>(({ input }) => input.services.api.call('qrSettings')),
    /** The image, and the organiser's setting its answer's `x-entry-code` header names (absent: polling). */
    loadImage: fromPromise<QrImage, { services: WalletServices }>(async ({ input, signal }) => {
      let entryCode: EntryCode = 'polling';
      const image = await input.services.api.call('qrCodeData', {
        signal,
        onHeaders: (headers) => {
          if (headers.get(ENTRY_CODE_HEADER) === 'device') entryCode = 'device';
        },
      });
      return { image, entryCode };
    }),
    /**
     * The tickets of the holder's next event, which the server said uses the device-bound code (the one request device
     * mode adds); null when none is upcoming any more.
     */
    loadDoorTickets: fromPromise<DoorTickets | null, { services: WalletServices }>(async ({ input }) => {
      const tickets = nextEventTickets(await input.services.api.call('myTickets', { query: { status: 'UPCOMING' } }));
      const first = tickets[0];
      if (!first) return null;
      return {
        eventName: first.eventName,
        tickets: tickets.map(({ userTicketId, ticketName }) => ({ userTicketId, ticketName })),
        selected: first.userTicketId,
      };
    }),
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
    /** Sends qr.pageHidden / qr.pageVisible as the page's visibility changes (it reports the current one at once). */
    watchVisibility: fromCallback<QrEvent, { services: WalletServices }>(({ input, sendBack }) =>
      input.services.platform.onVisibilityChange
        ? input.services.platform.onVisibilityChange((visible) => sendBack({ type: visible ? 'qr.pageVisible' : 'qr.pageHidden' }))
        : () => {},
    ),
    /** Sends qr.admitted when the ENTRY cache tag is invalidated (the live stream's `entry.used`). */
    watchEntry: fromCallback<QrEvent, { services: WalletServices }>(({ input, sendBack }) =>
      input.services.api.onInvalidate(['ENTRY'], () => sendBack({ type: 'qr.admitted' })),
    ),
  },
}).createMachine({
  id: 'qr',
  meta: { ...doc('The entry QR code: refreshed before it expires, paused while hidden') },
  type: 'parallel',
  context: ({ input }) => ({
    services: input.services,
    ttl: null,
    image: null,
    secondsLeft: null,
    door: null,
    key: null,
    certificateId: null,
    code: null,
    offline: false,
  }),
  invoke: [
    {
      id: 'watchVisibility',
      src: 'watchVisibility',
      input: servicesOf,
      onError: { actions: { type: 'logError', params: logParams('qr: visibility listener failed') } },
    },
    {
      id: 'watchEntry',
      src: 'watchEntry',
      input: servicesOf,
      onError: { actions: { type: 'logError', params: logParams('qr: entry listener failed') } },
    },
  ],
  states: {
    pass: {
      initial: 'deciding',
      on: { 'qr.pageHidden': '.paused', 'qr.useDevice': '.device' },
      states: {
        deciding: {
          ...doc('Loads the ttl unless it is known; keeps the last image on screen while the next one loads'),
          always: [
            { guard: 'usesDevice', target: 'device' },
            { guard: not('hasTtl'), target: 'loadingSettings' },
            { guard: 'hasImage', target: 'refreshing' },
            { target: 'loading' },
          ],
        },
        loadingSettings: {
          meta: { screen: 'QR', ...doc('QR: placeholder while the refresh interval loads') },
          tags: ['loading'],
          invoke: {
            id: 'loadSettings',
            src: 'loadSettings',
            input: servicesOf,
            onDone: { target: 'deciding', actions: { type: 'rememberTtl', params: ({ event }) => ({ settings: event.output }) } },
            onError: { target: 'failed', actions: { type: 'logError', params: logParams('qr: loading the QR settings failed') } },
          },
        },
        loading: {
          meta: { screen: 'QR', ...doc('QR: placeholder while the first image loads') },
          tags: ['loading'],
          invoke: {
            id: 'loadImage',
            src: 'loadImage',
            input: servicesOf,
            onDone: { target: 'showing', actions: showImageOf },
            onError: { target: 'failed', actions: { type: 'logError', params: logParams('qr: loading the QR code failed') } },
          },
        },
        showing: {
          meta: { screen: 'QR', ...doc('QR: the current image; the next one loads after the ttl') },
          entry: { type: 'startCountdown', params: ({ context }) => ({ ms: pollIntervalOf(context.ttl) }) },
          exit: 'stopCountdown',
          after: { pollInterval: 'refreshing' },
          ...countdown,
        },
        refreshing: {
          meta: { screen: 'QR', ...doc('QR: the last image stays while the next one loads') },
          tags: ['refreshing'],
          invoke: {
            id: 'loadImage',
            src: 'loadImage',
            input: servicesOf,
            onDone: { target: 'showing', actions: showImageOf },
            onError: { target: 'stale', actions: { type: 'logError', params: logParams('qr: refreshing the QR code failed') } },
          },
        },
        stale: {
          meta: { screen: 'QR', ...doc('QR: a refresh failed; the last image stays with Retry, and polling goes on') },
          tags: ['error'],
          on: { 'qr.retry': 'refreshing' },
          after: { pollInterval: 'refreshing' },
        },
        failed: {
          meta: { screen: 'QR', ...doc('QR: the first load failed; an error with Retry instead of the image') },
          tags: ['error'],
          on: { 'qr.retry': 'deciding' },
        },
        paused: {
          ...doc('The page is hidden: no polling, no drawing; becoming visible refreshes at once'),
          // The mode learnt while hidden is taken when the page shows again (deciding).
          on: { 'qr.pageVisible': 'deciding', 'qr.useDevice': {} },
        },
        device: {
          ...doc('The device-bound code (the organiser chose it): drawn on the device every step, offline too'),
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
                input: ({ context }) => ({ userTicketId: selectedTicket(context), key: keyOf(context) }),
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
                input: ticketAndKeyOf,
                onDone: { target: 'drawing', actions: [{ type: 'rememberCertificate', params: ({ event }) => ({ certificateId: event.output }) }, 'markOnline'] },
                onError: { target: 'failed', actions: { type: 'logError', params: logParams('qr: registering the device failed') } },
              },
            },
            drawing: {
              ...doc("The code of the current step is signed and drawn; a certificate past its window registers again"),
              invoke: {
                id: 'drawCode',
                src: 'drawCode',
                input: ({ context }) => ({ userTicketId: selectedTicket(context), key: keyOf(context) }),
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
                          { target: '#qr.pass.device.replaced', actions: 'markOnline' },
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
      },
    },

    mode: {
      ...doc("The organiser's setting for the next event: polling (the default) until an image's answer says device"),
      initial: 'polling',
      states: {
        polling: { on: { 'qr.deviceEntryCode': 'learningTickets' } },
        learningTickets: {
          ...doc("The image's answer said device: the next event's tickets are loaded (the code is drawn for one)"),
          invoke: {
            id: 'loadDoorTickets',
            src: 'loadDoorTickets',
            input: servicesOf,
            onDone: [
              {
                guard: { type: 'hasDoorTickets', params: ({ event }) => ({ door: event.output }) },
                target: 'device',
                actions: [{ type: 'rememberDoor', params: ({ event }) => ({ door: event.output }) }, 'useDevice'],
              },
              { target: 'polling' },
            ],
            onError: { target: 'polling', actions: { type: 'logError', params: logParams('qr: loading the device code tickets failed; polling') } },
          },
        },
        device: {},
      },
    },

    admission: {
      initial: 'waiting',
      states: {
        waiting: { on: { 'qr.admitted': 'admitted' } },
        admitted: {
          meta: { screen: 'QR', ...doc('QR: the gate scanned the pass; "Welcome in" above the code') },
        },
      },
    },

    learnMore: {
      initial: 'closed',
      states: {
        closed: { on: { 'qr.openLearnMore': 'open' } },
        open: {
          meta: {
            screen: 'QR_LEARN_MORE',
            ...doc('Learn more: full-screen panel with three benefits, a note and the help-centre link'),
          },
          on: { 'qr.closeLearnMore': 'closed' },
        },
      },
    },
  },
});

export type QrMachine = typeof qrMachine;
export type QrActor = ActorRefFrom<QrMachine>;
export type QrSnapshot = SnapshotFrom<QrMachine>;
