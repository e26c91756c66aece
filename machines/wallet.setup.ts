// The wallet's setup: its context, events, children and every named actor, action, guard and delay. The root
// (machines/wallet.ts) and the router (machines/router.ts) are charts built from it; createWallet
// (machines/create-wallet.ts) supplies the platform effects. Platform actions are no-ops here.
import { type AnyActorRef, assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { SessionTokens } from '../src/client/storage-keys';
import type { Language } from '../src/contract/languages';
import { isFlowLoaded, lazyFlows, loadFlow } from './flows';
import {
  afterSignInRoute,
  type BrowserLocation,
  emptyRoute,
  panelKey,
  parseRoute,
  resolveRoute,
  returnToOf,
  type Route,
  sameRoute,
  toUrl,
  withRoute,
} from './panel.location';
import { type LogParams, noScreens, type NotifyEvent, type PanelScreens, reportError, type Toast, type WalletServices } from './services';
import { frameMachine } from './frame';
import { sessionMachine } from './session';
import { type FlowId, type FlowSource, type LazyFlowId, type PanelName, type PanelOverlay, type PanelTab, type RouteParam, tabTable } from './tabs';

export interface WalletInput {
  location: BrowserLocation;
  /** The tokens storage held when the page loaded (null: signed out). */
  tokens: SessionTokens | null;
  services: WalletServices;
  /** The language the host page chose (`data-locale`, `open({ locale })`); without it, the path's first segment. */
  language?: Language | undefined;
}

export interface WalletContext {
  location: BrowserLocation;
  services: WalletServices;
  /** The wallet's language: the host page's choice, else the path's first segment (fixed for the wallet's life). */
  language: Language;
  /** The tokens the first session starts with; from then on the session child owns the tokens. */
  initialTokens: SessionTokens | null;
  /** The panel the tab region shows: its key (flow and restart parameters) and tab, set on entering it. */
  shown: { key: string | null; tab: PanelTab | null };
  /**
   * Where a sign-in in progress returns to (docs/decisions/0059-between-the-flows-return-to-fresh-lists-nothing-dropped.md): the route the panel
   * guard turned into LOGIN, or the host page (`emptyRoute`) when the page asked for it; null: QR + HUB.
   */
  returnTo: Route | null;
}

/**
 * A navigation request: a panel (or none), the overlay and the panels' parameters, as the URL would carry them.
 * `returnToPage`: a sign-in opened by the host page (the share page's "Sign in to buy") closes the wallet when done.
 */
export type PanelRequest = { tab: PanelTab | null; overlay?: PanelOverlay | null; returnToPage?: boolean } & Partial<
  Record<RouteParam, string | null>
>;

export type WalletEvent =
  | ({ type: 'panel.open' } & PanelRequest)
  | { type: 'panel.openHub' }
  | { type: 'panel.closeHub' }
  | { type: 'panel.close' }
  /** From a flow asked about closing (`flow.close`): nothing would be lost, close now; or, after Discard, it let go. */
  | { type: 'panel.dismiss' }
  /** From a flow asked about closing: it holds half-done input, so "Discard?" is asked first. */
  | { type: 'panel.askDiscard' }
  /** The "Discard?" question's answers. */
  | { type: 'panel.keepEditing' }
  | { type: 'panel.discard' }
  | { type: 'panel.back' }
  | { type: 'panel.changeLanguage'; lang: Language }
  | { type: 'panel.locationChanged'; location: BrowserLocation }
  /** A flow keeps part of its state in the URL (the tickets tab): replaces those parameters, no new history entry. */
  | { type: 'panel.setParams'; params: Partial<Record<RouteParam, string | null>> }
  /** A flow went on to a step (PANEL_STEP): a new history entry, so Back comes back to the step before. */
  | { type: 'panel.pushStep'; step: string }
  /** The open panel could not be downloaded, or its flow crashed: Try again. */
  | { type: 'panel.retryFlow' }
  /** The sign-in flow is done: go to the return-to route, or QR + HUB. */
  | { type: 'panel.continue' }
  | { type: 'session.signIn'; accessToken: string; refreshToken: string }
  /** The host page signed its user in (the sign-in hand-off, src/embed/loader.ts): the session it exchanged. */
  | { type: 'session.handedOver'; accessToken: string; refreshToken: string }
  | { type: 'session.signOut' }
  | { type: 'session.tokensRotated'; tokens: SessionTokens }
  | { type: 'session.expired' }
  | NotifyEvent;

export type WalletTag = 'modal' | 'fading';

/** docs/product.md §9: how long the HUB takes to fade out. */
export const HUB_FADE_MS = 300;

export const SIGNED_IN = { session: 'signedIn' } as const;

export const currentRoute = (context: WalletContext): Route => parseRoute(context.location.search);

export function requestedRoute(event: PanelRequest): Route {
  const route: Route = { ...emptyRoute, tab: event.tab, overlay: event.overlay ?? null };
  for (const param of Object.keys(emptyRoute) as Array<keyof Route>) {
    if (param !== 'tab' && param !== 'overlay') route[param] = event[param] ?? null;
  }
  return route;
}

/** The flow of the open tab (the router asks it about closing only while it runs). */
const flowOfRoute = (context: WalletContext): string => {
  const { tab } = currentRoute(context);
  return tab ? tabTable[tab].flow : '';
};

export const urlParams = ({ context }: { context: WalletContext }) => ({ url: toUrl(context.location) });

/** The panels' screens the app gave the wallet (src/web/panels.ts), or none (a machine test). */
export const screensOf = (context: WalletContext): PanelScreens => context.services.screens ?? noScreens;

/** What a flow's input is made from (the registry's `input` of each flow turns it into the flow's input). */
export const flowSource = (context: WalletContext): FlowSource => ({
  services: context.services,
  route: currentRoute(context),
  language: context.language,
});

/** The wallet's children: every flow of the registry by its id, and the wallet's own actors. */
export type WalletChildren = { [F in LazyFlowId]: F } & {
  session: 'session';
  frame: 'frame';
  watchHistory: 'watchHistory';
  loadPanel: 'loadPanel';
  loadScreen: 'loadScreen';
  loadHub: 'loadHub';
  prefetch: 'prefetchChunks';
};

export const walletSetup = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    input: {} as WalletInput,
    tags: {} as WalletTag,
    children: {} as WalletChildren,
  },
  actors: {
    session: sessionMachine,
    /** The toasts and the footer's controls: when their chunks download (machines/frame.ts). */
    frame: frameMachine,
    // The flows load with their panels (machines/flows.ts); logout is the HUB's and loads with it.
    ...lazyFlows(),
    /** Downloads a panel's chunks: its flow's machine and its screen. */
    loadPanel: fromPromise<void, { flow: LazyFlowId; panel: PanelName; screens: PanelScreens }>(({ input }) =>
      Promise.all([loadFlow(input.flow), input.screens.load(input.panel)]).then(() => {}),
    ),
    /** Downloads the HUB's chunks: its screen and the logout flow's machine. */
    loadHub: fromPromise<void, { screens: PanelScreens }>(({ input }) => Promise.all([loadFlow('logout'), input.screens.load('HUB')]).then(() => {})),
    /** Downloads the screen of another tab of the running flow (sign-in: LOGIN → OTP). */
    loadScreen: fromPromise<void, { panel: PanelName; screens: PanelScreens }>(({ input }) => input.screens.load(input.panel).then(() => {})),
    /**
     * Once told (`prefetch.start`: a panel is on screen), downloads the other flows' and screens' chunks while the
     * browser is idle, so later panels open at once. Supplied by createWallet; here it downloads nothing.
     */
    prefetchChunks: fromCallback<{ type: 'prefetch.start' }, { services: WalletServices }>(() => {}),
    /** Sends panel.locationChanged on browser back/forward. */
    watchHistory: fromCallback<WalletEvent, { services: WalletServices }>(({ input, sendBack }) =>
      input.services.platform.onPopState(() =>
        sendBack({ type: 'panel.locationChanged', location: input.services.platform.location() }),
      ),
    ),
  },
  actions: {
    // Platform effects, supplied by createWallet; no-ops by default.
    pushUrl: (_, _params: { url: string }) => {},
    replaceUrl: (_, _params: { url: string }) => {},
    historyBack: () => {},
    scrollToTop: () => {},
    lockPageScroll: () => {},
    unlockPageScroll: () => {},
    loadUrl: (_, _params: { url: string }) => {},
    reload: () => {},
    persistTokens: (_, _params: SessionTokens) => {},
    forgetTokens: () => {},
    clearCache: () => {},
    /** A toast: the frame shows it, once the toast list is here (machines/frame.ts). */
    showToast: sendTo('frame', (_, toast: Toast) => ({ type: 'notify' as const, ...toast })),
    /** A panel is on screen: the other chunks may download now. */
    prefetchAhead: sendTo('prefetch', { type: 'prefetch.start' }),
    logError: ({ context }, params: LogParams) => reportError(context.services, params),
    navigate: assign(({ context }, params: { route: Route }) => ({ location: withRoute(context.location, params.route) })),
    adoptLocation: assign((_, params: { location: BrowserLocation }) => ({ location: params.location })),
    redirect: assign(({ context }, params: { signedIn: boolean }) => ({
      location: withRoute(context.location, resolveRoute(currentRoute(context), params.signedIn)),
    })),
    setParams: assign(({ context }, params: { params: Partial<Record<RouteParam, string | null>> }) => ({
      location: withRoute(context.location, { ...currentRoute(context), ...params.params }),
    })),
    removeOverlay: assign(({ context }) => ({ location: withRoute(context.location, { ...currentRoute(context), overlay: null }) })),
    rememberShown: assign(({ context }) => {
      const route = currentRoute(context);
      return { shown: { key: panelKey(route), tab: route.tab } };
    }),
    forgetInitialTokens: assign({ initialTokens: null }),
    /** The guard is about to send a signed-out person to LOGIN: remember what they asked for. */
    rememberReturnTo: assign(({ context }) => ({ returnTo: returnToOf(currentRoute(context)) ?? context.returnTo })),
    /** The host page opened the sign-in itself: come back to it (the wallet closed) once signed in. */
    returnToPage: assign({ returnTo: emptyRoute }),
    forgetReturnTo: assign({ returnTo: null }),
    /** Signed in: the remembered route, or QR + HUB (the guard then applies as to any route). */
    navigateAfterSignIn: assign(({ context }) => ({ location: withRoute(context.location, context.returnTo ?? afterSignInRoute), returnTo: null })),
    /** A close was asked for: the flow that may hold half-done input decides (machines/router.ts, the `editing`/`asking`/`discarding` states of the gift, swap and resell panels). */
    askFlowToClose: sendTo(({ context }: { context: WalletContext }) => flowOfRoute(context), { type: 'flow.close' }),
    /** Discard: the flow lets go of what it holds (a swap releases its reservation), then answers `panel.dismiss`. */
    askFlowToDiscard: sendTo(({ context }: { context: WalletContext }) => flowOfRoute(context), { type: 'flow.discard' }),
    /** Keep editing: the question has gone (the flow counts its fields' blur again). */
    /**
     * Back or Forward between two entries of the same panel (same flow, same parameters it restarts on) whose
     * PANEL_STEP differs: the flow is told the step it is now at (`flow.step`), and goes there itself.
     */
    tellFlowStep: ({ context, self }, params: { location: BrowserLocation }) => {
      const before = currentRoute(context);
      const after = parseRoute(params.location.search);
      if (before.step === after.step || panelKey(before) === null || panelKey(before) !== panelKey(after)) return;
      // A panel still loading, failed or crashed has no flow to tell.
      const children = (self.getSnapshot() as { children: Record<string, AnyActorRef | undefined> }).children;
      children[flowOfRoute(context)]?.send({ type: 'flow.step', step: after.step });
    },
    /**
     * A flow with steps starts at its first (docs/decisions/0120-back-and-forward-between-a-flows-steps.md): a
     * PANEL_STEP in the address as its flow starts (a page loaded or reloaded on a step, Back from another panel to an
     * entry of a step, Try again after a crash) names a step whose data the address never held. It is removed with a
     * replace (`panel.setParams`, sent to itself), so the entry shows the first step and Back does not lead to a dead step.
     */
    dropStep: ({ context, self }) => {
      if (currentRoute(context).step !== null) self.send({ type: 'panel.setParams', params: { step: null } });
    },
    askFlowToKeep: sendTo(({ context }: { context: WalletContext }) => flowOfRoute(context), { type: 'flow.keep' }),
    /** The sign-in flow shows three panels: it follows the router between them. */
    showLoginTab: sendTo('login', ({ context }: { context: WalletContext }) => ({
      type: 'login.show' as const,
      tab: currentRoute(context).tab as 'LOGIN' | 'OTP' | 'PERSONAL_DATA',
    })),
  },
  guards: {
    /** The guarded target of the requested panel is where we already are: nothing to do. */
    requestLeadsHere: ({ context, event }, params: { signedIn: boolean }) =>
      event.type === 'panel.open' && sameRoute(resolveRoute(requestedRoute(event), params.signedIn), currentRoute(context)),
    needsRedirect: ({ context }, params: { signedIn: boolean }) =>
      !sameRoute(resolveRoute(currentRoute(context), params.signedIn), currentRoute(context)),
    nothingOpen: ({ context }) => {
      const route = currentRoute(context);
      return route.tab === null && route.overlay === null;
    },
    hasTab: ({ context }) => currentRoute(context).tab !== null,
    showsFlow: ({ context }, params: { flow: FlowId }) => {
      const { tab } = currentRoute(context);
      return tab !== null && tabTable[tab].flow === params.flow;
    },
    /**
     * The route now names another panel than this state shows: another flow (`flow`, null for a panel without
     * one), or the same flow with new restart parameters. Both are checked: the location can change in the very
     * microstep that enters a panel state (a redirect), after which `shown` already holds the new route.
     */
    leftPanel: ({ context }, params: { flow: FlowId | null }) => {
      const route = currentRoute(context);
      const flow = route.tab ? tabTable[route.tab].flow : null;
      return flow !== params.flow || route.tab === null || panelKey(route) !== context.shown.key;
    },
    /** Same flow, another of its tabs (LOGIN → OTP). */
    tabChanged: ({ context }) => currentRoute(context).tab !== context.shown.tab,
    hubInRoute: ({ context }) => currentRoute(context).overlay === 'HUB',
    languageDiffers: ({ context }, params: { lang: Language }) => context.language !== params.lang,
    stepDiffers: ({ context }, params: { step: string }) => currentRoute(context).step !== params.step,
    hasInitialTokens: ({ context }) => context.initialTokens !== null,
    asksReturnToPage: ({ event }) => event.type === 'panel.open' && event.returnToPage === true,
    /** The panel's chunks are here (its flow's machine and the screen of the tab in the route, or of `panel`). */
    panelLoaded: ({ context }, params: { flow: LazyFlowId; panel?: PanelName }) => {
      const panel = params.panel ?? currentRoute(context).tab;
      return isFlowLoaded(params.flow) && panel !== null && screensOf(context).isLoaded(panel);
    },
    screenLoaded: ({ context }) => {
      const { tab } = currentRoute(context);
      return tab !== null && screensOf(context).isLoaded(tab);
    },
  },
  delays: {
    /** docs/product.md §9: the hub close animation; createWallet makes it 0 when the person prefers reduced motion. */
    hubFade: HUB_FADE_MS,
  },
});
