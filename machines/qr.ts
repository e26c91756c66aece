// The entry QR pass (docs/product.md §2 QR, §7 qrSettings + qrCodeData): a child of the wallet while the QR panel is open.
// While the page is visible it loads the ttl, then the base64 PNG, and loads it again every ttl. A hidden page stops
// polling; showing it again refreshes at once. The learn-more panel is a region of its own, and so is the admission:
// when the gate scans the pass, the live stream invalidates the ENTRY tag and the screen says "Welcome in".
// When the organiser of the holder's next event chose the device-bound code (docs/decisions/0054-at-the-door-the-device-bound-entry-code.md and
// decision 0063), the pass draws it on the device instead: the child machine `qrDevice`
// (machines/qr-device.ts), a chunk loaded only then, so the polling pass carries none of it. The seconds until the
// next image count down in the machine. The setting comes with the image (its `x-entry-code` header), so the polling
// code costs no request of its own (docs/decisions/0070-the-entry-code-comes-with-the-qr-image-the-qr-screens-hot.md).
import { type AnyActorLogic, assign, enqueueActions, type EventObject, fromCallback, fromPromise, not, raise, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ResponseOf } from '../src/contract/endpoints';
import type { UserTicket } from '../src/contract/entities';
import { addRoutes } from '../src/client/client';
import { ENTRY_CODE_HEADER } from '../src/contract/base';
import { noScreens, reportError } from './services';
import { standIn } from './stand-in';
import type { FlowInput, LogParams, WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('qrCodeData', 'qrSettings', 'myTickets'));

let deviceLogic: AnyActorLogic | undefined;
/** The device code's machine, a chunk loaded only when the organiser's setting is `device`. */
const loadDeviceMachine = () => import('./qr-device').then((module) => void (deviceLogic = module.qrDeviceMachine));

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
 * list's order. The QR screen shows one device code at a time, for one of these (docs/decisions/0063-the-device-bound-code-in-the-wallet-which-ticket-how-the.md).
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
  | { type: 'qr.useDevice' };

/** `loading`: no image yet; `refreshing`: the next image is on its way (the last one stays); `error`: a load failed. */
export type QrTag = 'loading' | 'refreshing' | 'error';

/**
 * How long after a failed download the device code's view (a chunk of the views, src/web/view-parts.ts) is fetched
 * again (the named delay `deviceViewRetry`).
 */
export const DEVICE_VIEW_RETRY_MS = 5_000;

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

export const logParams =
  (message: string) =>
  ({ event }: { event: { error?: unknown } }) => ({ message, error: event.error });

const servicesOf = ({ context }: { context: QrContext }) => ({ services: context.services });

/** A loaded image is shown; the entry code its answer named is noticed (device: the mode learns the tickets). */
const showImageOf = [
  { type: 'showImage', params: ({ event }: { event: { output: QrImage } }) => ({ image: event.output.image }) },
  { type: 'noticeEntryCode', params: ({ event }: { event: { output: QrImage } }) => ({ entryCode: event.output.entryCode }) },
] as const;

/**
 * The countdown of the seconds left, in the children of every state that shows a code with a next one scheduled
 * (here and in machines/qr-device.ts): once a second, the last one staying until the code changes (the view has no
 * timer: issue 23). Each machine counts `secondsLeft` with its own `tickDown` and `moreThanASecondLeft`.
 */
export const countdown = {
  initial: 'ticking',
  states: {
    ticking: { after: { second: { guard: 'moreThanASecondLeft', target: 'ticking', reenter: true, actions: 'tickDown' } } },
  },
} as const;

/**
 * Sends qr.pageHidden / qr.pageVisible as the page's visibility changes (it reports the current one at once); the
 * device code's child listens too, as it lives through a hidden page.
 */
export const watchVisibility = fromCallback<EventObject, { services: WalletServices }>(({ input, sendBack }) =>
  input.services.platform.onVisibilityChange
    ? input.services.platform.onVisibilityChange((visible) => sendBack({ type: visible ? 'qr.pageVisible' : 'qr.pageHidden' }))
    : () => {},
);

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
  },
  guards: {
    hasTtl: ({ context }) => context.ttl !== null,
    hasImage: ({ context }) => context.image !== null,
    usesDevice: ({ context }) => context.door !== null,
    hasDoorTickets: (_, params: { door: DoorTickets | null }) => params.door !== null,
    moreThanASecondLeft: ({ context }) => (context.secondsLeft ?? 0) > 1,
  },
  delays: {
    /** docs/product.md §7: a new image every ttl milliseconds. */
    pollInterval: ({ context }) => pollIntervalOf(context.ttl),
    second: SECOND_MS,
    deviceViewRetry: DEVICE_VIEW_RETRY_MS,
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
     * mode adds), and the device code's machine; null when none is upcoming any more.
     */
    loadDoorTickets: fromPromise<DoorTickets | null, { services: WalletServices }>(async ({ input }) => {
      const [upcoming] = await Promise.all([input.services.api.call('myTickets', { query: { status: 'UPCOMING' } }), loadDeviceMachine()]);
      const tickets = nextEventTickets(upcoming);
      const first = tickets[0];
      if (!first) return null;
      return {
        eventName: first.eventName,
        tickets: tickets.map(({ userTicketId, ticketName }) => ({ userTicketId, ticketName })),
        selected: first.userTicketId,
      };
    }),
    /** The device code's view: the picker, the offline note, "replaced" (src/web/screens/qr-device-view.tsx, a chunk). */
    loadDeviceView: fromPromise<void, { services: WalletServices }>(({ input }) => (input.services.screens ?? noScreens).loadPart('qrDeviceView')),
    /** The device code's machine (machines/qr-device.ts) once `loadDoorTickets` brought its chunk. */
    qrDevice: standIn('qrDevice', () => deviceLogic),
    watchVisibility,
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
          ...doc('The device-bound code (the organiser chose it): the qrDevice child draws it, the pass does not poll'),
          // The child failed (mode: back to polling): the pass polls again.
          always: { guard: not('usesDevice'), target: 'deciding' },
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
        device: {
          ...doc('Draws the device-bound code (machines/qr-device.ts), a hidden page included, while the pass is open'),
          invoke: {
            id: 'qrDevice',
            src: 'qrDevice',
            input: ({ context }: { context: QrContext }) => ({ services: context.services, door: context.door as DoorTickets }),
            onError: {
              target: 'polling',
              actions: [{ type: 'logError', params: logParams('qr: the device code failed; polling') }, { type: 'rememberDoor', params: { door: null } }],
            },
          },
        },
      },
    },

    deviceView: {
      ...doc(
        "The device code's view, a chunk of the views: fetched when an image's answer names the device-bound code, with the tickets and the child's machine (not by the background prefetch), so it is here before the code is drawn",
      ),
      initial: 'idle',
      states: {
        idle: { on: { 'qr.deviceEntryCode': 'loading' } },
        loading: {
          invoke: {
            id: 'loadDeviceView',
            src: 'loadDeviceView',
            input: servicesOf,
            onDone: 'loaded',
            onError: { target: 'waiting', actions: { type: 'logError', params: logParams('qr: the device code view did not load; trying again') } },
          },
        },
        waiting: {
          ...doc('The download failed (offline): tried again after `deviceViewRetry`, unless the pass went back to polling'),
          after: { deviceViewRetry: [{ guard: stateIn({ mode: 'polling' }), target: 'idle' }, { target: 'loading' }] },
        },
        loaded: {},
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
