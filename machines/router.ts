// The router: the wallet's `panel` region (machines/wallet.ts puts it beside the session), written out as its chart:
// every panel's state is below as it runs, one constant per flow of the registry (machines/tabs.ts), in registry order
// (tests/unit/router-as-written.test.ts checks that they match the registry, and that no state is built by a
// function, a conditional spread or an `as never`; docs/decisions/0117-logic-out-of-the-views-and-the-router-written-out.md).
// The URL is the source of truth: every navigation writes the location, eventless transitions apply the panel guard
// and bring the open panel in line with it (entering a panel scrolls to the top), and each panel's state downloads
// its chunks (the flow's machine and the screen), then invokes its flow as a child with a fixed id, given its row's
// input. A flow that may hold half-done input (gift, swap, resell) is asked before the wallet closes over it
// ("Discard?"). The return-to (context.returnTo): a link the guard turns into LOGIN is remembered, and
// `panel.continue` from the sign-in flow goes there (or to QR + HUB for a plain sign-in); closing the wallet forgets it.
// A flow lives exactly as long as its panel; a crashed flow leaves the fallback panel with Try again.
import { and, not, stateIn } from 'xstate';
import { emptyRoute, toUrl, withLanguage } from './panel.location';
import { flowTable } from './tabs';
import {
  currentRoute,
  flowSource,
  requestedRoute,
  screensOf,
  SIGNED_IN,
  urlParams,
  walletSetup,
} from './wallet.setup';
import { doc } from './doc' with { type: 'macro' };

const logFailure = (message: string) =>
  ({ type: 'logError', params: ({ event }: { event: { error: unknown } }) => ({ message, error: event.error }) }) as const;

/** Closes the wallet: the host page without a panel, a new history entry. */
const closeWallet = [{ type: 'navigate', params: { route: emptyRoute } }, { type: 'pushUrl', params: urlParams }] as const;

/**
 * Each panel: it downloads the flow's machine and the panel's screen if they are not here yet (loading; failed with
 * Try again), then invokes the flow (running; crashed with Try again, which starts it anew), and leaves when the route
 * names another panel. The sign-in flow shows three tabs: while it runs, the router follows it from tab to tab,
 * downloading each tab's screen on the way.
 */
/** The LOGIN, OTP, PERSONAL_DATA panels: the login flow runs as a child. */
const loginPanel = walletSetup.createStateConfig({
  ...doc('The LOGIN, OTP, PERSONAL_DATA panels: the login flow runs as a child'),
  entry: ['rememberShown', 'scrollToTop'],
  always: [
    { guard: { type: 'leftPanel', params: { flow: 'login' } }, target: 'routing' },
    // Before the flow runs, a move between its tabs is only remembered (the running flow is told, below).
    { guard: 'tabChanged', actions: ['rememberShown', 'scrollToTop'] },
  ],
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'LOGIN', ...doc("Downloads the login flow's machine and the screen (a skeleton shows)") },
      always: { guard: { type: 'panelLoaded', params: { flow: 'login' } }, target: 'running' },
      invoke: {
        id: 'loadPanel',
        src: 'loadPanel',
        input: ({ context }) => ({ flow: 'login', panel: currentRoute(context).tab ?? 'LOGIN', screens: screensOf(context) }),
        onDone: 'running',
        onError: { target: 'failed', actions: logFailure('wallet: the login panel did not load') },
      },
    },
    failed: {
      meta: { screen: 'LOGIN', ...doc('The panel could not be downloaded: a message and Try again') },
      on: { 'panel.retryFlow': 'loading' },
    },
    running: {
      // The panel is on screen: the other panels' chunks may download now.
      entry: 'prefetchAhead',
      meta: { screen: 'LOGIN', ...doc('Invokes the login flow with what it needs as input') },
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => flowTable.login.input(flowSource(context)),
        onError: { target: 'crashed', actions: logFailure('wallet: the login flow crashed') },
      },
      initial: 'showing',
      // Same flow, another of its tabs (LOGIN → OTP): remember it, scroll up, tell the flow, and show its screen.
      always: {
        guard: and([not({ type: 'leftPanel', params: { flow: 'login' as const } }), 'tabChanged']),
        target: '.showing',
        actions: ['rememberShown', 'scrollToTop', 'showLoginTab'],
      },
      states: {
        showing: {
          meta: { screen: 'LOGIN', ...doc("Downloads the screen of the flow's new tab") },
          always: { guard: 'screenLoaded', target: 'shown' },
          invoke: {
            id: 'loadScreen',
            src: 'loadScreen',
            input: ({ context }) => ({ panel: currentRoute(context).tab ?? 'LOGIN', screens: screensOf(context) }),
            onDone: 'shown',
            onError: { target: 'screenFailed', actions: logFailure('wallet: a screen of the login flow did not load') },
          },
        },
        shown: {},
        screenFailed: {
          meta: { screen: 'LOGIN', ...doc('The screen could not be downloaded: a message and Try again') },
          on: { 'panel.retryFlow': 'showing' },
        },
      },
    },
    crashed: {
      meta: { screen: 'LOGIN', ...doc('The flow crashed: "Something went wrong" and Try again, which starts it anew') },
      on: { 'panel.retryFlow': 'running' },
    },
  },
});

/** The QR panel: the qr flow runs as a child. */
const qrPanel = walletSetup.createStateConfig({
  ...doc('The QR panel: the qr flow runs as a child'),
  entry: ['rememberShown', 'scrollToTop'],
  always: { guard: { type: 'leftPanel', params: { flow: 'qr' } }, target: 'routing' },
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'QR', ...doc("Downloads the qr flow's machine and the screen (a skeleton shows)") },
      always: { guard: { type: 'panelLoaded', params: { flow: 'qr' } }, target: 'running' },
      invoke: {
        id: 'loadPanel',
        src: 'loadPanel',
        input: ({ context }) => ({ flow: 'qr', panel: currentRoute(context).tab ?? 'QR', screens: screensOf(context) }),
        onDone: 'running',
        onError: { target: 'failed', actions: logFailure('wallet: the qr panel did not load') },
      },
    },
    failed: {
      meta: { screen: 'QR', ...doc('The panel could not be downloaded: a message and Try again') },
      on: { 'panel.retryFlow': 'loading' },
    },
    running: {
      // The panel is on screen: the other panels' chunks may download now.
      entry: 'prefetchAhead',
      meta: { screen: 'QR', ...doc('Invokes the qr flow with what it needs as input') },
      invoke: {
        id: 'qr',
        src: 'qr',
        input: ({ context }) => flowTable.qr.input(flowSource(context)),
        onError: { target: 'crashed', actions: logFailure('wallet: the qr flow crashed') },
      },
    },
    crashed: {
      meta: { screen: 'QR', ...doc('The flow crashed: "Something went wrong" and Try again, which starts it anew') },
      on: { 'panel.retryFlow': 'running' },
    },
  },
});

/** The MY_TICKET panel: the myTickets flow runs as a child. */
const myTicketsPanel = walletSetup.createStateConfig({
  ...doc('The MY_TICKET panel: the myTickets flow runs as a child'),
  entry: ['rememberShown', 'scrollToTop'],
  always: { guard: { type: 'leftPanel', params: { flow: 'myTickets' } }, target: 'routing' },
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'MY_TICKET', ...doc("Downloads the myTickets flow's machine and the screen (a skeleton shows)") },
      always: { guard: { type: 'panelLoaded', params: { flow: 'myTickets' } }, target: 'running' },
      invoke: {
        id: 'loadPanel',
        src: 'loadPanel',
        input: ({ context }) => ({ flow: 'myTickets', panel: currentRoute(context).tab ?? 'MY_TICKET', screens: screensOf(context) }),
        onDone: 'running',
        onError: { target: 'failed', actions: logFailure('wallet: the myTickets panel did not load') },
      },
    },
    failed: {
      meta: { screen: 'MY_TICKET', ...doc('The panel could not be downloaded: a message and Try again') },
      on: { 'panel.retryFlow': 'loading' },
    },
    running: {
      // The panel is on screen: the other panels' chunks may download now.
      entry: 'prefetchAhead',
      meta: { screen: 'MY_TICKET', ...doc('Invokes the myTickets flow with what it needs as input') },
      invoke: {
        id: 'myTickets',
        src: 'myTickets',
        input: ({ context }) => flowTable.myTickets.input(flowSource(context)),
        onError: { target: 'crashed', actions: logFailure('wallet: the myTickets flow crashed') },
      },
    },
    crashed: {
      meta: { screen: 'MY_TICKET', ...doc('The flow crashed: "Something went wrong" and Try again, which starts it anew') },
      on: { 'panel.retryFlow': 'running' },
    },
  },
});

/** The TICKET panel: the ticket flow runs as a child. */
const ticketPanel = walletSetup.createStateConfig({
  ...doc('The TICKET panel: the ticket flow runs as a child'),
  entry: ['rememberShown', 'scrollToTop'],
  always: { guard: { type: 'leftPanel', params: { flow: 'ticket' } }, target: 'routing' },
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'TICKET', ...doc("Downloads the ticket flow's machine and the screen (a skeleton shows)") },
      always: { guard: { type: 'panelLoaded', params: { flow: 'ticket' } }, target: 'running' },
      invoke: {
        id: 'loadPanel',
        src: 'loadPanel',
        input: ({ context }) => ({ flow: 'ticket', panel: currentRoute(context).tab ?? 'TICKET', screens: screensOf(context) }),
        onDone: 'running',
        onError: { target: 'failed', actions: logFailure('wallet: the ticket panel did not load') },
      },
    },
    failed: {
      meta: { screen: 'TICKET', ...doc('The panel could not be downloaded: a message and Try again') },
      on: { 'panel.retryFlow': 'loading' },
    },
    running: {
      // The panel is on screen: the other panels' chunks may download now.
      entry: 'prefetchAhead',
      meta: { screen: 'TICKET', ...doc('Invokes the ticket flow with what it needs as input') },
      invoke: {
        id: 'ticket',
        src: 'ticket',
        input: ({ context }) => flowTable.ticket.input(flowSource(context)),
        onError: { target: 'crashed', actions: logFailure('wallet: the ticket flow crashed') },
      },
    },
    crashed: {
      meta: { screen: 'TICKET', ...doc('The flow crashed: "Something went wrong" and Try again, which starts it anew') },
      on: { 'panel.retryFlow': 'running' },
    },
  },
});

/** The HISTORY panel: the history flow runs as a child. */
const historyPanel = walletSetup.createStateConfig({
  ...doc('The HISTORY panel: the history flow runs as a child'),
  entry: ['rememberShown', 'scrollToTop'],
  always: { guard: { type: 'leftPanel', params: { flow: 'history' } }, target: 'routing' },
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'HISTORY', ...doc("Downloads the history flow's machine and the screen (a skeleton shows)") },
      always: { guard: { type: 'panelLoaded', params: { flow: 'history' } }, target: 'running' },
      invoke: {
        id: 'loadPanel',
        src: 'loadPanel',
        input: ({ context }) => ({ flow: 'history', panel: currentRoute(context).tab ?? 'HISTORY', screens: screensOf(context) }),
        onDone: 'running',
        onError: { target: 'failed', actions: logFailure('wallet: the history panel did not load') },
      },
    },
    failed: {
      meta: { screen: 'HISTORY', ...doc('The panel could not be downloaded: a message and Try again') },
      on: { 'panel.retryFlow': 'loading' },
    },
    running: {
      // The panel is on screen: the other panels' chunks may download now.
      entry: 'prefetchAhead',
      meta: { screen: 'HISTORY', ...doc('Invokes the history flow with what it needs as input') },
      invoke: {
        id: 'history',
        src: 'history',
        input: ({ context }) => flowTable.history.input(flowSource(context)),
        onError: { target: 'crashed', actions: logFailure('wallet: the history flow crashed') },
      },
    },
    crashed: {
      meta: { screen: 'HISTORY', ...doc('The flow crashed: "Something went wrong" and Try again, which starts it anew') },
      on: { 'panel.retryFlow': 'running' },
    },
  },
});

/**
 * "Discard?" (docs/decisions/0068-discard-before-closing-a-half-done-flow.md): while a flow that may hold half-done
 * input runs, a close (Esc, the close button, the logo) is first put to the flow (`flow.close`), which answers
 * `panel.dismiss` (nothing would be lost: the wallet closes) or `panel.askDiscard`. Keep editing goes back to the flow
 * as it was and tells it so (`flow.keep`: a blur the question caused is not a field left); Discard tells the flow to let go (`flow.discard`: a swap releases its reservation) and it answers
 * `panel.dismiss`. The flow's own state does not change while the question is open, so its screen stays behind it.
 */

/** The GIFT panel: the gift flow runs as a child. */
const giftPanel = walletSetup.createStateConfig({
  ...doc('The GIFT panel: the gift flow runs as a child'),
  entry: ['rememberShown', 'scrollToTop'],
  always: { guard: { type: 'leftPanel', params: { flow: 'gift' } }, target: 'routing' },
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'GIFT', ...doc("Downloads the gift flow's machine and the screen (a skeleton shows)") },
      always: { guard: { type: 'panelLoaded', params: { flow: 'gift' } }, target: 'running' },
      invoke: {
        id: 'loadPanel',
        src: 'loadPanel',
        input: ({ context }) => ({ flow: 'gift', panel: currentRoute(context).tab ?? 'GIFT', screens: screensOf(context) }),
        onDone: 'running',
        onError: { target: 'failed', actions: logFailure('wallet: the gift panel did not load') },
      },
    },
    failed: {
      meta: { screen: 'GIFT', ...doc('The panel could not be downloaded: a message and Try again') },
      on: { 'panel.retryFlow': 'loading' },
    },
    running: {
      // The panel is on screen: the other panels' chunks may download now. The flow starts at its first step: a
      // PANEL_STEP in the address is replaced away (docs/decisions/0120-back-and-forward-between-a-flows-steps.md).
      entry: ['prefetchAhead', 'dropStep'],
      meta: { screen: 'GIFT', ...doc('Invokes the gift flow with what it needs as input; a PANEL_STEP in the address is replaced away') },
      invoke: {
        id: 'gift',
        src: 'gift',
        input: ({ context }) => flowTable.gift.input(flowSource(context)),
        onError: { target: 'crashed', actions: logFailure('wallet: the gift flow crashed') },
      },
      // "Discard?": a close is first put to the flow, which answers panel.dismiss or panel.askDiscard (see above).
      initial: 'editing',
      states: {
        editing: {
          on: {
            'panel.close': { actions: 'askFlowToClose' },
            'panel.askDiscard': 'asking',
          },
        },
        asking: {
          meta: { screen: 'GIFT', ...doc('"Discard this …?": Keep editing (focused first) or Discard') },
          on: {
            // The flow is told, so a field's blur the question caused is not taken for the person leaving it.
            'panel.keepEditing': { target: 'editing', actions: 'askFlowToKeep' },
            'panel.discard': { target: 'discarding', actions: 'askFlowToDiscard' },
            // The question covers the panel: nothing else closes it meanwhile.
            'panel.close': {},
          },
        },
        discarding: {
          meta: { screen: 'GIFT', ...doc('Discard: the flow lets go of what it holds (a swap releases its reservation), then the wallet closes') },
          on: { 'panel.close': {} },
        },
      },
    },
    crashed: {
      meta: { screen: 'GIFT', ...doc('The flow crashed: "Something went wrong" and Try again, which starts it anew') },
      on: { 'panel.retryFlow': 'running' },
    },
  },
});

/** The SWAP panel: the swap flow runs as a child. */
const swapPanel = walletSetup.createStateConfig({
  ...doc('The SWAP panel: the swap flow runs as a child'),
  entry: ['rememberShown', 'scrollToTop'],
  always: { guard: { type: 'leftPanel', params: { flow: 'swap' } }, target: 'routing' },
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'SWAP', ...doc("Downloads the swap flow's machine and the screen (a skeleton shows)") },
      always: { guard: { type: 'panelLoaded', params: { flow: 'swap' } }, target: 'running' },
      invoke: {
        id: 'loadPanel',
        src: 'loadPanel',
        input: ({ context }) => ({ flow: 'swap', panel: currentRoute(context).tab ?? 'SWAP', screens: screensOf(context) }),
        onDone: 'running',
        onError: { target: 'failed', actions: logFailure('wallet: the swap panel did not load') },
      },
    },
    failed: {
      meta: { screen: 'SWAP', ...doc('The panel could not be downloaded: a message and Try again') },
      on: { 'panel.retryFlow': 'loading' },
    },
    running: {
      // The panel is on screen: the other panels' chunks may download now. The flow starts at its first step: a
      // PANEL_STEP in the address is replaced away (docs/decisions/0120-back-and-forward-between-a-flows-steps.md).
      entry: ['prefetchAhead', 'dropStep'],
      meta: { screen: 'SWAP', ...doc('Invokes the swap flow with what it needs as input; a PANEL_STEP in the address is replaced away') },
      invoke: {
        id: 'swap',
        src: 'swap',
        input: ({ context }) => flowTable.swap.input(flowSource(context)),
        onError: { target: 'crashed', actions: logFailure('wallet: the swap flow crashed') },
      },
      // "Discard?": a close is first put to the flow, which answers panel.dismiss or panel.askDiscard (see above).
      initial: 'editing',
      states: {
        editing: {
          on: {
            'panel.close': { actions: 'askFlowToClose' },
            'panel.askDiscard': 'asking',
          },
        },
        asking: {
          meta: { screen: 'SWAP', ...doc('"Discard this …?": Keep editing (focused first) or Discard') },
          on: {
            // The flow is told, so a field's blur the question caused is not taken for the person leaving it.
            'panel.keepEditing': { target: 'editing', actions: 'askFlowToKeep' },
            'panel.discard': { target: 'discarding', actions: 'askFlowToDiscard' },
            // The question covers the panel: nothing else closes it meanwhile.
            'panel.close': {},
          },
        },
        discarding: {
          meta: { screen: 'SWAP', ...doc('Discard: the flow lets go of what it holds (a swap releases its reservation), then the wallet closes') },
          on: { 'panel.close': {} },
        },
      },
    },
    crashed: {
      meta: { screen: 'SWAP', ...doc('The flow crashed: "Something went wrong" and Try again, which starts it anew') },
      on: { 'panel.retryFlow': 'running' },
    },
  },
});

/** The RESELL panel: the resell flow runs as a child. */
const resellPanel = walletSetup.createStateConfig({
  ...doc('The RESELL panel: the resell flow runs as a child'),
  entry: ['rememberShown', 'scrollToTop'],
  always: { guard: { type: 'leftPanel', params: { flow: 'resell' } }, target: 'routing' },
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'RESELL', ...doc("Downloads the resell flow's machine and the screen (a skeleton shows)") },
      always: { guard: { type: 'panelLoaded', params: { flow: 'resell' } }, target: 'running' },
      invoke: {
        id: 'loadPanel',
        src: 'loadPanel',
        input: ({ context }) => ({ flow: 'resell', panel: currentRoute(context).tab ?? 'RESELL', screens: screensOf(context) }),
        onDone: 'running',
        onError: { target: 'failed', actions: logFailure('wallet: the resell panel did not load') },
      },
    },
    failed: {
      meta: { screen: 'RESELL', ...doc('The panel could not be downloaded: a message and Try again') },
      on: { 'panel.retryFlow': 'loading' },
    },
    running: {
      // The panel is on screen: the other panels' chunks may download now. The flow starts at its first step: a
      // PANEL_STEP in the address is replaced away (docs/decisions/0120-back-and-forward-between-a-flows-steps.md).
      entry: ['prefetchAhead', 'dropStep'],
      meta: { screen: 'RESELL', ...doc('Invokes the resell flow with what it needs as input; a PANEL_STEP in the address is replaced away') },
      invoke: {
        id: 'resell',
        src: 'resell',
        input: ({ context }) => flowTable.resell.input(flowSource(context)),
        onError: { target: 'crashed', actions: logFailure('wallet: the resell flow crashed') },
      },
      // "Discard?": a close is first put to the flow, which answers panel.dismiss or panel.askDiscard (see above).
      initial: 'editing',
      states: {
        editing: {
          on: {
            'panel.close': { actions: 'askFlowToClose' },
            'panel.askDiscard': 'asking',
          },
        },
        asking: {
          meta: { screen: 'RESELL', ...doc('"Discard this …?": Keep editing (focused first) or Discard') },
          on: {
            // The flow is told, so a field's blur the question caused is not taken for the person leaving it.
            'panel.keepEditing': { target: 'editing', actions: 'askFlowToKeep' },
            'panel.discard': { target: 'discarding', actions: 'askFlowToDiscard' },
            // The question covers the panel: nothing else closes it meanwhile.
            'panel.close': {},
          },
        },
        discarding: {
          meta: { screen: 'RESELL', ...doc('Discard: the flow lets go of what it holds (a swap releases its reservation), then the wallet closes') },
          on: { 'panel.close': {} },
        },
      },
    },
    crashed: {
      meta: { screen: 'RESELL', ...doc('The flow crashed: "Something went wrong" and Try again, which starts it anew') },
      on: { 'panel.retryFlow': 'running' },
    },
  },
});

/** The REDEEM panel: the redeem flow runs as a child. */
const redeemPanel = walletSetup.createStateConfig({
  ...doc('The REDEEM panel: the redeem flow runs as a child'),
  entry: ['rememberShown', 'scrollToTop'],
  always: { guard: { type: 'leftPanel', params: { flow: 'redeem' } }, target: 'routing' },
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'REDEEM', ...doc("Downloads the redeem flow's machine and the screen (a skeleton shows)") },
      always: { guard: { type: 'panelLoaded', params: { flow: 'redeem' } }, target: 'running' },
      invoke: {
        id: 'loadPanel',
        src: 'loadPanel',
        input: ({ context }) => ({ flow: 'redeem', panel: currentRoute(context).tab ?? 'REDEEM', screens: screensOf(context) }),
        onDone: 'running',
        onError: { target: 'failed', actions: logFailure('wallet: the redeem panel did not load') },
      },
    },
    failed: {
      meta: { screen: 'REDEEM', ...doc('The panel could not be downloaded: a message and Try again') },
      on: { 'panel.retryFlow': 'loading' },
    },
    running: {
      // The panel is on screen: the other panels' chunks may download now.
      entry: 'prefetchAhead',
      meta: { screen: 'REDEEM', ...doc('Invokes the redeem flow with what it needs as input') },
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => flowTable.redeem.input(flowSource(context)),
        onError: { target: 'crashed', actions: logFailure('wallet: the redeem flow crashed') },
      },
    },
    crashed: {
      meta: { screen: 'REDEEM', ...doc('The flow crashed: "Something went wrong" and Try again, which starts it anew') },
      on: { 'panel.retryFlow': 'running' },
    },
  },
});

/** The SETTINGS panel: the settings flow runs as a child. */
const settingsPanel = walletSetup.createStateConfig({
  ...doc('The SETTINGS panel: the settings flow runs as a child'),
  entry: ['rememberShown', 'scrollToTop'],
  always: { guard: { type: 'leftPanel', params: { flow: 'settings' } }, target: 'routing' },
  initial: 'loading',
  states: {
    loading: {
      meta: { screen: 'SETTINGS', ...doc("Downloads the settings flow's machine and the screen (a skeleton shows)") },
      always: { guard: { type: 'panelLoaded', params: { flow: 'settings' } }, target: 'running' },
      invoke: {
        id: 'loadPanel',
        src: 'loadPanel',
        input: ({ context }) => ({ flow: 'settings', panel: currentRoute(context).tab ?? 'SETTINGS', screens: screensOf(context) }),
        onDone: 'running',
        onError: { target: 'failed', actions: logFailure('wallet: the settings panel did not load') },
      },
    },
    failed: {
      meta: { screen: 'SETTINGS', ...doc('The panel could not be downloaded: a message and Try again') },
      on: { 'panel.retryFlow': 'loading' },
    },
    running: {
      // The panel is on screen: the other panels' chunks may download now.
      entry: 'prefetchAhead',
      meta: { screen: 'SETTINGS', ...doc('Invokes the settings flow with what it needs as input') },
      invoke: {
        id: 'settings',
        src: 'settings',
        input: ({ context }) => flowTable.settings.input(flowSource(context)),
        onError: { target: 'crashed', actions: logFailure('wallet: the settings flow crashed') },
      },
    },
    crashed: {
      meta: { screen: 'SETTINGS', ...doc('The flow crashed: "Something went wrong" and Try again, which starts it anew') },
      on: { 'panel.retryFlow': 'running' },
    },
  },
});

/** The HUB overlay: its logout flow and screen download with it; the logout flow runs while it is open. */
const hub = walletSetup.createStateConfig({
  meta: { screen: 'HUB', ...doc('Hub overlay: profile card, tiles and Logout (the logout flow runs as a child)') },
  always: { guard: not('hubInRoute'), target: 'hidden' },
  on: { 'panel.closeHub': 'hubFading' },
  initial: 'loading',
  states: {
    loading: {
      ...doc("Downloads the HUB's screen and the logout flow's machine"),
      always: { guard: { type: 'panelLoaded', params: { flow: 'logout', panel: 'HUB' } }, target: 'running' },
      invoke: {
        id: 'loadHub',
        src: 'loadHub',
        input: ({ context }) => ({ screens: screensOf(context) }),
        onDone: 'running',
        onError: { target: 'failed', actions: logFailure('wallet: the HUB did not load') },
      },
    },
    failed: {
      ...doc('The HUB could not be downloaded: a message and Try again'),
      on: { 'panel.retryFlow': 'loading' },
    },
    running: {
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => flowTable.logout.input(flowSource(context)),
        onError: { target: 'failed', actions: logFailure('wallet: the logout flow crashed') },
      },
    },
  },
});

export const router = walletSetup.createStateConfig({
  // Navigation: every request writes the location (and the address bar); the guard and the states follow.
  on: {
    'panel.open': [
      { guard: and([stateIn(SIGNED_IN), { type: 'requestLeadsHere', params: { signedIn: true } }]) },
      { guard: and([not(stateIn(SIGNED_IN)), { type: 'requestLeadsHere', params: { signedIn: false } }]) },
      {
        // The host page opens the sign-in (the share page's "Sign in to buy"): once signed in, back to the page.
        guard: 'asksReturnToPage',
        actions: [
          'returnToPage',
          { type: 'navigate', params: ({ event }) => ({ route: requestedRoute(event) }) },
          { type: 'pushUrl', params: urlParams },
        ],
      },
      {
        actions: [
          { type: 'navigate', params: ({ event }) => ({ route: requestedRoute(event) }) },
          { type: 'pushUrl', params: urlParams },
        ],
      },
    ],
    // The sign-in flow is done: the return-to route (the deep link the guard turned into LOGIN), else QR + HUB.
    'panel.continue': { guard: stateIn(SIGNED_IN), actions: ['navigateAfterSignIn', { type: 'pushUrl', params: urlParams }] },
    'panel.openHub': [
      { guard: 'hubInRoute' },
      {
        actions: [
          { type: 'navigate', params: ({ context }) => ({ route: { ...currentRoute(context), overlay: 'HUB' as const } }) },
          { type: 'pushUrl', params: urlParams },
        ],
      },
    ],
    'panel.close': [{ guard: 'nothingOpen' }, { actions: closeWallet }],
    // The running flow was asked and lets the wallet close (a flow asked about closing, machines/router.ts).
    'panel.dismiss': [{ guard: 'nothingOpen' }, { actions: closeWallet }],
    'panel.back': { actions: 'historyBack' },
    'panel.locationChanged': {
      actions: [
        { type: 'tellFlowStep', params: ({ event }) => ({ location: event.location }) },
        { type: 'adoptLocation', params: ({ event }) => ({ location: event.location }) },
      ],
    },
    // A flow's step (docs/decisions/0120-back-and-forward-between-a-flows-steps.md): pushed once; Forward back to it pushes nothing.
    'panel.pushStep': {
      guard: { type: 'stepDiffers', params: ({ event }) => ({ step: event.step }) },
      actions: [{ type: 'setParams', params: ({ event }) => ({ params: { step: event.step } }) }, { type: 'pushUrl', params: urlParams }],
    },
    'panel.setParams': {
      actions: [{ type: 'setParams', params: ({ event }) => ({ params: event.params }) }, { type: 'replaceUrl', params: urlParams }],
    },
    'panel.changeLanguage': {
      guard: { type: 'languageDiffers', params: ({ event }) => ({ lang: event.lang }) },
      actions: { type: 'loadUrl', params: ({ context, event }) => ({ url: toUrl(withLanguage(context.location, event.lang)) }) },
    },
  },
  // The panel guard (docs/product.md §2), applied to every location however it came: a redirect replaces the URL.
  always: [
    {
      guard: and([stateIn(SIGNED_IN), { type: 'needsRedirect', params: { signedIn: true } }]),
      actions: [{ type: 'redirect', params: { signedIn: true } }, { type: 'replaceUrl', params: urlParams }],
    },
    {
      // Signed out, a panel that needs a token leads to LOGIN: the route asked for is kept as the return-to.
      guard: and([not(stateIn(SIGNED_IN)), { type: 'needsRedirect', params: { signedIn: false } }]),
      actions: ['rememberReturnTo', { type: 'redirect', params: { signedIn: false } }, { type: 'replaceUrl', params: urlParams }],
    },
  ],
  initial: 'routing',
  states: {
    routing: {
      always: [{ guard: 'nothingOpen', target: 'closed' }, { target: 'open' }],
    },
    closed: {
      ...doc('No panel parameter: only the host page (and the launcher) is visible; a sign-in left unfinished is forgotten'),
      entry: 'forgetReturnTo',
      always: { guard: not('nothingOpen'), target: 'open' },
    },
    open: {
      ...doc('The wallet covers the host page'),
      type: 'parallel',
      tags: ['modal'],
      entry: 'lockPageScroll',
      exit: 'unlockPageScroll',
      always: { guard: 'nothingOpen', target: 'closed' },
      states: {
        tab: {
          initial: 'routing',
          states: {
            routing: {
              always: [
                { guard: { type: 'showsFlow', params: { flow: 'login' } }, target: 'login' },
                { guard: { type: 'showsFlow', params: { flow: 'qr' } }, target: 'qr' },
                { guard: { type: 'showsFlow', params: { flow: 'myTickets' } }, target: 'myTickets' },
                { guard: { type: 'showsFlow', params: { flow: 'ticket' } }, target: 'ticket' },
                { guard: { type: 'showsFlow', params: { flow: 'history' } }, target: 'history' },
                { guard: { type: 'showsFlow', params: { flow: 'gift' } }, target: 'gift' },
                { guard: { type: 'showsFlow', params: { flow: 'swap' } }, target: 'swap' },
                { guard: { type: 'showsFlow', params: { flow: 'resell' } }, target: 'resell' },
                { guard: { type: 'showsFlow', params: { flow: 'redeem' } }, target: 'redeem' },
                { guard: { type: 'showsFlow', params: { flow: 'settings' } }, target: 'settings' },
                { target: 'none' },
              ],
            },
            none: {
              ...doc('Only the overlay is open'),
              always: { guard: 'hasTab', target: 'routing' },
            },
            login: loginPanel,
            qr: qrPanel,
            myTickets: myTicketsPanel,
            ticket: ticketPanel,
            history: historyPanel,
            gift: giftPanel,
            swap: swapPanel,
            resell: resellPanel,
            redeem: redeemPanel,
            settings: settingsPanel,
          },
        },
        overlay: {
          initial: 'routing',
          states: {
            routing: {
              always: [{ guard: 'hubInRoute', target: 'hub' }, { target: 'hidden' }],
            },
            hidden: {
              always: { guard: 'hubInRoute', target: 'hub' },
            },
            hub,
            hubFading: {
              meta: { screen: 'HUB', ...doc('Hub overlay fading out') },
              tags: ['fading'],
              always: { guard: not('hubInRoute'), target: 'hidden' },
              on: { 'panel.openHub': 'hub' },
              after: {
                hubFade: { target: 'hidden', actions: ['removeOverlay', { type: 'pushUrl', params: urlParams }] },
              },
            },
          },
        },
      },
    },
  },
});
