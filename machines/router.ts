// The router: the wallet's `panel` region (machines/wallet.ts puts it beside the session). The URL is the source of
// truth: every navigation writes the location, eventless transitions apply the panel guard and bring the open panel
// in line with it (entering a panel scrolls to the top), and each panel's state downloads its chunks (the flow's
// machine and the screen), then invokes its flow (machines/tabs.ts) as a child with a fixed id, given its row's input.
// A flow that may hold half-done input is asked before the wallet closes over it ("Discard?", `closingQuestion`).
// The return-to (context.returnTo): a link the guard turns into LOGIN is remembered, and `panel.continue` from the
// sign-in flow goes there (or to QR + HUB for a plain sign-in); closing the wallet forgets it.
// A flow lives exactly as long as its panel; a crashed flow leaves the fallback panel with Try again. The states of
// `open.tab` are one per flow of the registry, all alike (`flowState`).
import { and, not, stateIn } from 'xstate';
import { emptyRoute, toUrl, withLanguage } from './panel.location';
import { asksBeforeClosing, type FlowId, flowIds, flowTable, tabsOfFlow } from './tabs';
import {
  currentRoute,
  flowSource,
  PROSE,
  requestedRoute,
  screensOf,
  SIGNED_IN,
  urlParams,
  type WalletContext,
  walletSetup,
} from './wallet.setup';
import { doc } from './doc' with { type: 'macro' };

const logFailure = (message: string) =>
  ({ type: 'logError', params: ({ event }: { event: { error: unknown } }) => ({ message, error: event.error }) }) as const;

const runningMeta = (flow: FlowId) => ({
  screen: tabsOfFlow(flow)[0],
  ...(PROSE ? { description: `Invokes the ${flow} flow with what it needs as input` } : {}),
});

/**
 * The flow's invoke: id and `src` are its registry id, the input its row's; a crash leaves the fallback panel.
 * TypeScript cannot pair `flow` with its own input across the union of flows, so this one config is cast; each row's
 * input is checked against its machine's in machines/flows.ts (`InputsFit`).
 */
function invokeFlow(flow: FlowId) {
  return {
    id: flow,
    src: flow,
    input: ({ context }: { context: WalletContext }) => flowTable[flow].input(flowSource(context)),
    onError: { target: 'crashed', actions: logFailure(`wallet: the ${flow} flow crashed`) },
  } as never;
}

/**
 * A flow that shows several tabs (sign-in): while it runs, the router follows it from tab to tab, downloading each
 * tab's screen on the way. The flow keeps running meanwhile.
 */
function runningAcrossTabs(flow: FlowId) {
  return walletSetup.createStateConfig({
    meta: runningMeta(flow),
    invoke: invokeFlow(flow),
    initial: 'showing',
    // Same flow, another of its tabs (LOGIN → OTP): remember it, scroll up, tell the flow, and show its screen.
    always: {
      guard: and([not({ type: 'leftPanel', params: { flow } }), 'tabChanged']),
      target: '.showing',
      actions: ['rememberShown', 'scrollToTop', 'showLoginTab'],
    },
    states: {
      showing: {
        meta: { screen: tabsOfFlow(flow)[0], ...doc("Downloads the screen of the flow's new tab") },
        always: { guard: 'screenLoaded', target: 'shown' },
        invoke: {
          id: 'loadScreen',
          src: 'loadScreen',
          input: ({ context }) => ({ panel: currentRoute(context).tab ?? tabsOfFlow(flow)[0]!, screens: screensOf(context) }),
          onDone: 'shown',
          onError: { target: 'screenFailed', actions: logFailure(`wallet: a screen of the ${flow} flow did not load`) },
        },
      },
      shown: {},
      screenFailed: {
        meta: { screen: tabsOfFlow(flow)[0], ...doc('The screen could not be downloaded: a message and Try again') },
        on: { 'panel.retryFlow': 'showing' },
      },
    },
  });
}

/** Closes the wallet: the host page without a panel, a new history entry. */
const closeWallet = [{ type: 'navigate', params: { route: emptyRoute } }, { type: 'pushUrl', params: urlParams }] as const;

/**
 * "Discard?" (docs/decisions/0068-discard-before-closing-a-half-done-flow.md): while a flow that may hold half-done
 * input runs, a close (Esc, the close button, the logo) is first put to the flow (`flow.close`), which answers
 * `panel.dismiss` (nothing would be lost: the wallet closes) or `panel.askDiscard`. Keep editing goes back to the flow
 * as it was and tells it so (`flow.keep`: a blur the question caused is not a field left); Discard tells the flow to let go (`flow.discard`: a swap releases its reservation) and it answers
 * `panel.dismiss`. The flow's own state does not change while the question is open, so its screen stays behind it.
 */
function closingQuestion(flow: FlowId) {
  const screen = tabsOfFlow(flow)[0];
  return walletSetup.createStateConfig({
    initial: 'editing',
    states: {
      editing: {
        on: {
          'panel.close': { actions: 'askFlowToClose' },
          'panel.askDiscard': 'asking',
        },
      },
      asking: {
        meta: { screen, ...doc('"Discard this …?": Keep editing (focused first) or Discard') },
        on: {
          // The flow is told, so a field's blur the question caused is not taken for the person leaving it.
          'panel.keepEditing': { target: 'editing', actions: 'askFlowToKeep' },
          'panel.discard': { target: 'discarding', actions: 'askFlowToDiscard' },
          // The question covers the panel: nothing else closes it meanwhile.
          'panel.close': {},
        },
      },
      discarding: {
        meta: { screen, ...doc('Discard: the flow lets go of what it holds (a swap releases its reservation), then the wallet closes') },
        on: { 'panel.close': {} },
      },
    },
  });
}

/**
 * The state of a panel whose flow is `flow`: it downloads the flow's machine and the panel's screen if they are not
 * here yet, then invokes the flow, and leaves when the route names another panel.
 */
function flowState(flow: FlowId) {
  const tabs = tabsOfFlow(flow);
  const screen = tabs[0];
  return walletSetup.createStateConfig({
    ...(PROSE ? { description: `The ${tabs.join(', ')} panel${tabs.length > 1 ? 's' : ''}: the ${flow} flow runs as a child` } : {}),
    entry: ['rememberShown', 'scrollToTop'],
    always:
      tabs.length > 1
        ? [
            { guard: { type: 'leftPanel', params: { flow } }, target: 'routing' },
            // Before the flow runs, a move between its tabs is only remembered (the running flow is told, above).
            { guard: 'tabChanged', actions: ['rememberShown', 'scrollToTop'] },
          ]
        : { guard: { type: 'leftPanel', params: { flow } }, target: 'routing' },
    initial: 'loading',
    states: {
      loading: {
        meta: { screen, ...(PROSE ? { description: `Downloads the ${flow} flow's machine and the screen (a skeleton shows)` } : {}) },
        always: { guard: { type: 'panelLoaded', params: { flow } }, target: 'running' },
        invoke: {
          id: 'loadPanel',
          src: 'loadPanel',
          input: ({ context }) => ({ flow, panel: currentRoute(context).tab ?? screen!, screens: screensOf(context) }),
          onDone: 'running',
          onError: { target: 'failed', actions: logFailure(`wallet: the ${flow} panel did not load`) },
        },
      },
      failed: {
        meta: { screen, ...doc('The panel could not be downloaded: a message and Try again') },
        on: { 'panel.retryFlow': 'loading' },
      },
      running: {
        // The panel is on screen: the other panels' chunks may download now.
        entry: 'prefetchAhead',
        ...(tabs.length > 1
          ? runningAcrossTabs(flow)
          : { meta: runningMeta(flow), invoke: invokeFlow(flow), ...(asksBeforeClosing(flow) ? closingQuestion(flow) : {}) }),
      },
      crashed: {
        meta: { screen, ...doc('The flow crashed: "Something went wrong" and Try again, which starts it anew') },
        on: { 'panel.retryFlow': 'running' },
      },
    },
  });
}

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
      actions: { type: 'adoptLocation', params: ({ event }) => ({ location: event.location }) },
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
              always: [...flowIds.map((flow) => ({ guard: { type: 'showsFlow' as const, params: { flow } }, target: flow })), { target: 'none' }],
            },
            none: {
              ...doc('Only the overlay is open'),
              always: { guard: 'hasTab', target: 'routing' },
            },
            ...(Object.fromEntries(flowIds.map((flow) => [flow, flowState(flow)])) as Record<FlowId, ReturnType<typeof flowState>>),
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
