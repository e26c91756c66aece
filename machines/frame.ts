// The wallet's frame around its panels: the toasts and the footer's controls, two parts of the views that are chunks
// of their own (src/web/view-parts.ts), downloaded when this machine's states say so rather than when a view renders.
// A child of the wallet (id `frame`) for the wallet's whole life; the wallet forwards every `notify` to it.
//   toasts          the toast list loads with the first toast (or earlier, by the background prefetch); toasts asked
//                   for while it downloads are kept and shown when it is here; a failed download drops them and the
//                   next toast tries again.
//   footerControls  the language selector and theme switch wait for the first panel on screen, then download; a
//                   failed download is tried again after `partRetry`.
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { type FlowInput, type LogParams, noScreens, type NotifyEvent, reportError, type Toast, type ViewPart, type WalletServices } from './services';
import { doc } from './doc' with { type: 'macro' };

export interface FrameContext {
  services: WalletServices;
  /** Toasts asked for while the toast list downloads, in order. */
  waitingToasts: Toast[];
}

export type FrameEvent =
  | NotifyEvent
  /** From `waitForFirstPanel`: the wallet's first panel has rendered. */
  | { type: 'frame.panelShown' };

/** How long after a failed download the footer's controls are fetched again (the named delay `partRetry`). */
export const PART_RETRY_MS = 5_000;

const toastOf = ({ event }: { event: FrameEvent }): Toast => {
  const { type: _type, ...toast } = event as NotifyEvent;
  return toast;
};

const logParams =
  (message: string) =>
  ({ event }: { event: { error?: unknown } }) => ({ message, error: event.error });

const servicesOf = ({ context }: { context: FrameContext }) => ({ services: context.services });

export const frameMachine = setup({
  types: {
    context: {} as FrameContext,
    events: {} as FrameEvent,
    input: {} as FlowInput,
  },
  actions: {
    /** Draws toasts, in order: supplied by createWallet (its `notify` option); a no-op here. */
    showToasts: (_, _params: { toasts: readonly Toast[] }) => {},
    keepToast: assign(({ context }, toast: Toast) => ({ waitingToasts: [...context.waitingToasts, toast] })),
    dropWaitingToasts: assign({ waitingToasts: [] }),
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
  },
  guards: {
    partLoaded: ({ context }, params: { part: ViewPart }) => (context.services.screens ?? noScreens).isPartLoaded(params.part),
  },
  delays: {
    partRetry: PART_RETRY_MS,
  },
  actors: {
    /** Download the toast list and the footer's controls once (src/web/view-parts.ts, through createWallet's `screens`). */
    loadToasts: fromPromise<void, { services: WalletServices }>(({ input }) => (input.services.screens ?? noScreens).loadPart('toasts')),
    loadFooterControls: fromPromise<void, { services: WalletServices }>(({ input }) => (input.services.screens ?? noScreens).loadPart('footerControls')),
    /** Sends frame.panelShown once the wallet's first panel has rendered (at once if it has, or nothing tells). */
    waitForFirstPanel: fromCallback<FrameEvent, { services: WalletServices }>(({ input, sendBack }) => {
      const shown = () => sendBack({ type: 'frame.panelShown' });
      const { onFirstPanel } = input.services.platform;
      if (onFirstPanel) return onFirstPanel(shown);
      shown();
      return () => {};
    }),
  },
}).createMachine({
  id: 'frame',
  meta: { ...doc("The wallet's frame: when the toast list and the footer's controls download") },
  type: 'parallel',
  context: ({ input }) => ({ services: input.services, waitingToasts: [] }),
  states: {
    toasts: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: { type: 'partLoaded', params: { part: 'toasts' } }, target: 'ready' }, { target: 'idle' }],
        },
        idle: {
          ...doc('No toast yet: the toast list is not downloaded'),
          on: { notify: { target: 'loading', actions: { type: 'keepToast', params: toastOf } } },
        },
        loading: {
          ...doc('The first toast was asked for: the toast list downloads, and the toasts wait for it'),
          on: { notify: { actions: { type: 'keepToast', params: toastOf } } },
          invoke: {
            id: 'loadToasts',
            src: 'loadToasts',
            input: servicesOf,
            onDone: {
              target: 'ready',
              actions: [{ type: 'showToasts', params: ({ context }) => ({ toasts: context.waitingToasts }) }, 'dropWaitingToasts'],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'logError', params: logParams('frame: the toasts did not load') }, 'dropWaitingToasts'],
            },
          },
        },
        ready: {
          ...doc('The toast list is here: each toast shows at once'),
          on: { notify: { actions: { type: 'showToasts', params: (args) => ({ toasts: [toastOf(args)] }) } } },
        },
      },
    },
    footerControls: {
      initial: 'waiting',
      states: {
        waiting: {
          ...doc("The first panel is not on screen yet: the footer shows its note, and keeps the controls' place"),
          always: { guard: { type: 'partLoaded', params: { part: 'footerControls' } }, target: 'shown' },
          invoke: {
            id: 'waitForFirstPanel',
            src: 'waitForFirstPanel',
            input: servicesOf,
            onError: { target: 'loading', actions: { type: 'logError', params: logParams('frame: the first-panel listener failed') } },
          },
          on: { 'frame.panelShown': 'loading' },
        },
        loading: {
          invoke: {
            id: 'loadFooterControls',
            src: 'loadFooterControls',
            input: servicesOf,
            onDone: 'shown',
            onError: { target: 'failed', actions: { type: 'logError', params: logParams("frame: the footer's controls did not load") } },
          },
        },
        failed: {
          ...doc("The controls' download failed (offline): tried again after `partRetry`"),
          after: { partRetry: 'loading' },
        },
        shown: {
          ...doc('The language selector and the theme switch are in the footer'),
        },
      },
    },
  },
});

export type FrameMachine = typeof frameMachine;
export type FrameActor = ActorRefFrom<FrameMachine>;
export type FrameSnapshot = SnapshotFrom<FrameMachine>;
