// The entry QR pass (docs/product.md §2 QR, §7 qrSettings + qrCodeData): a child of the wallet while the QR panel is open.
// While the page is visible it loads the ttl, then the base64 PNG, and loads it again every ttl. A hidden page stops
// polling; showing it again refreshes at once. The learn-more panel is a region of its own, and so is the admission:
// when the gate scans the pass, the live stream invalidates the ENTRY tag and the screen says "Welcome in".
import { assign, fromCallback, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ResponseOf } from '../src/contract/endpoints';
import { type FlowInput, type LogParams, reportError, type WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };
import { addRoutes } from '../src/client/client';
import { compactRoutes } from '../src/contract/route-table' with { type: 'macro' };

/** The routes of the calls this module makes: its chunk brings them to the client. */
addRoutes(compactRoutes('qrCodeData', 'qrSettings'));

export type QrSettings = ResponseOf<'qrSettings'>;

export interface QrContext {
  services: WalletServices;
  /** Milliseconds between two images (GET /settings/qr); null until loaded. */
  ttl: number | null;
  /** The last image, a base64 PNG. */
  image: string | null;
}

export type QrEvent =
  | { type: 'qr.retry' }
  | { type: 'qr.openLearnMore' }
  | { type: 'qr.closeLearnMore' }
  /** From the `watchVisibility` actor (document visibility through the platform). */
  | { type: 'qr.pageHidden' }
  | { type: 'qr.pageVisible' }
  /** From the `watchEntry` actor: the ENTRY cache tag was invalidated (the gate admitted the holder). */
  | { type: 'qr.admitted' };

/** `loading`: no image yet; `refreshing`: the next image is on its way (the last one stays); `error`: a load failed. */
export type QrTag = 'loading' | 'refreshing' | 'error';

/** The server's default ttl, used only if the machine polls before the settings answered (it never does). */
export const DEFAULT_QR_TTL_MS = 15_000;
/** However short a ttl the server sends, the wallet asks for a new image at most once a second. */
export const MIN_QR_POLL_MS = 1_000;

/** How long to wait between two images for a ttl (the named delay `pollInterval`). */
export function pollIntervalOf(ttl: number | null): number {
  return Math.max(ttl ?? DEFAULT_QR_TTL_MS, MIN_QR_POLL_MS);
}

const logParams =
  (message: string) =>
  ({ event }: { event: { error?: unknown } }) => ({ message, error: event.error });

const servicesOf = ({ context }: { context: QrContext }) => ({ services: context.services });

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
  },
  guards: {
    hasTtl: ({ context }) => context.ttl !== null,
    hasImage: ({ context }) => context.image !== null,
  },
  delays: {
    /** docs/product.md §7: a new image every ttl milliseconds. */
    pollInterval: ({ context }) => pollIntervalOf(context.ttl),
  },
  actors: {
    loadSettings: fromPromise<QrSettings, { services: WalletServices }>(({ input }) => input.services.api.call('qrSettings')),
    loadImage: fromPromise<string, { services: WalletServices }>(({ input, signal }) =>
      input.services.api.call('qrCodeData', { signal }),
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
  context: ({ input }) => ({ services: input.services, ttl: null, image: null }),
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
      on: { 'qr.pageHidden': '.paused' },
      states: {
        deciding: {
          ...doc('Loads the ttl unless it is known; keeps the last image on screen while the next one loads'),
          always: [
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
            onDone: { target: 'showing', actions: { type: 'showImage', params: ({ event }) => ({ image: event.output }) } },
            onError: { target: 'failed', actions: { type: 'logError', params: logParams('qr: loading the QR code failed') } },
          },
        },
        showing: {
          meta: { screen: 'QR', ...doc('QR: the current image; the next one loads after the ttl') },
          after: { pollInterval: 'refreshing' },
        },
        refreshing: {
          meta: { screen: 'QR', ...doc('QR: the last image stays while the next one loads') },
          tags: ['refreshing'],
          invoke: {
            id: 'loadImage',
            src: 'loadImage',
            input: servicesOf,
            onDone: { target: 'showing', actions: { type: 'showImage', params: ({ event }) => ({ image: event.output }) } },
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
          ...doc('The page is hidden: no polling; becoming visible refreshes at once'),
          on: { 'qr.pageVisible': 'deciding' },
        },
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
