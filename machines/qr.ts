// The entry QR pass (SPEC §2 QR, §7 qrSettings + qrCodeData): while the QR panel is shown and the page is visible,
// load the ttl once (it is public and the same for everyone, so it is kept for the wallet's lifetime), then load the
// base64 PNG and load it again every ttl. A hidden page stops polling; showing it again refreshes at once. The
// learn-more panel is a region of its own. The machine follows the panel through `panel.changed`.
import { assign, fromCallback, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ResponseOf } from '../src/contract/endpoints';
import type { PanelOverlay, PanelTab } from './panel.location';

export type QrSettings = ResponseOf<'qrSettings'>;

export interface QrContext {
  /** Milliseconds between two images (GET /settings/qr); null until loaded, then kept. */
  ttl: number | null;
  /** The last image, a base64 PNG; dropped when the panel is left, so an old pass never shows on a later visit. */
  image: string | null;
}

export type QrEvent =
  | { type: 'qr.retry' }
  | { type: 'qr.openLearnMore' }
  | { type: 'qr.closeLearnMore' }
  /** From the `watchVisibility` actor (document visibility through the platform). */
  | { type: 'qr.pageHidden' }
  | { type: 'qr.pageVisible' }
  | { type: 'panel.changed'; tab: PanelTab | null; overlay: PanelOverlay | null };

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

export const qrMachine = setup({
  types: {
    context: {} as QrContext,
    events: {} as QrEvent,
    tags: {} as QrTag,
  },
  actions: {
    logError: (_, params: { message: string; error: unknown }) => console.error(params.message, params.error),
    rememberTtl: assign((_, params: { settings: QrSettings }) => ({ ttl: params.settings.ttl })),
    showImage: assign((_, params: { image: string }) => ({ image: params.image })),
    forgetImage: assign({ image: null }),
  },
  guards: {
    qrShown: ({ event }) => event.type === 'panel.changed' && event.tab === 'QR',
    hasTtl: ({ context }) => context.ttl !== null,
    hasImage: ({ context }) => context.image !== null,
  },
  delays: {
    /** SPEC §7: a new image every ttl milliseconds. */
    pollInterval: ({ context }) => pollIntervalOf(context.ttl),
  },
  actors: {
    // Provided by createWallet with the API client (GET /settings/qr, GET /auth/access/qrCodeData); tests mock them.
    loadSettings: fromPromise<QrSettings>(async () => {
      throw new Error('qr: loadSettings is not provided');
    }),
    loadImage: fromPromise<string>(async () => {
      throw new Error('qr: loadImage is not provided');
    }),
    /** Sends qr.pageHidden / qr.pageVisible; provided by createWallet from the platform. */
    watchVisibility: fromCallback<QrEvent>(() => () => {}),
  },
}).createMachine({
  id: 'qr',
  context: { ttl: null, image: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The QR panel is not shown: nothing is loaded or polled',
      on: { 'panel.changed': { guard: 'qrShown', target: 'shown' } },
    },

    shown: {
      type: 'parallel',
      exit: 'forgetImage',
      on: {
        'panel.changed': [{ guard: 'qrShown' }, { target: 'idle' }],
      },
      invoke: {
        id: 'watchVisibility',
        src: 'watchVisibility',
        onError: { actions: { type: 'logError', params: logParams('qr: visibility listener failed') } },
      },
      states: {
        pass: {
          initial: 'deciding',
          on: { 'qr.pageHidden': '.paused' },
          states: {
            deciding: {
              description: 'Loads the ttl unless it is known; keeps the last image on screen while the next one loads',
              always: [
                { guard: not('hasTtl'), target: 'loadingSettings' },
                { guard: 'hasImage', target: 'refreshing' },
                { target: 'loading' },
              ],
            },
            loadingSettings: {
              meta: { screen: 'QR', description: 'QR: placeholder while the refresh interval loads' },
              tags: ['loading'],
              invoke: {
                id: 'loadSettings',
                src: 'loadSettings',
                onDone: { target: 'deciding', actions: { type: 'rememberTtl', params: ({ event }) => ({ settings: event.output }) } },
                onError: { target: 'failed', actions: { type: 'logError', params: logParams('qr: loading the QR settings failed') } },
              },
            },
            loading: {
              meta: { screen: 'QR', description: 'QR: placeholder while the first image loads' },
              tags: ['loading'],
              invoke: {
                id: 'loadImage',
                src: 'loadImage',
                onDone: { target: 'showing', actions: { type: 'showImage', params: ({ event }) => ({ image: event.output }) } },
                onError: { target: 'failed', actions: { type: 'logError', params: logParams('qr: loading the QR code failed') } },
              },
            },
            showing: {
              meta: { screen: 'QR', description: 'QR: the current image; the next one loads after the ttl' },
              after: { pollInterval: 'refreshing' },
            },
            refreshing: {
              meta: { screen: 'QR', description: 'QR: the last image stays while the next one loads' },
              tags: ['refreshing'],
              invoke: {
                id: 'loadImage',
                src: 'loadImage',
                onDone: { target: 'showing', actions: { type: 'showImage', params: ({ event }) => ({ image: event.output }) } },
                onError: { target: 'stale', actions: { type: 'logError', params: logParams('qr: refreshing the QR code failed') } },
              },
            },
            stale: {
              meta: { screen: 'QR', description: 'QR: a refresh failed; the last image stays with Retry, and polling goes on' },
              tags: ['error'],
              on: { 'qr.retry': 'refreshing' },
              after: { pollInterval: 'refreshing' },
            },
            failed: {
              meta: { screen: 'QR', description: 'QR: the first load failed; an error with Retry instead of the image' },
              tags: ['error'],
              on: { 'qr.retry': 'deciding' },
            },
            paused: {
              description: 'The page is hidden: no polling; becoming visible refreshes at once',
              on: { 'qr.pageVisible': 'deciding' },
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
                description: 'Learn more: full-screen panel with three benefits, a note and the help-centre link',
              },
              on: { 'qr.closeLearnMore': 'closed' },
            },
          },
        },
      },
    },
  },
});

export type QrMachine = typeof qrMachine;
export type QrActor = ActorRefFrom<QrMachine>;
export type QrSnapshot = SnapshotFrom<QrMachine>;
