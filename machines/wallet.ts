// The wallet: the one actor the app creates. Two regions: `session` (signed in or out: the only place that says so;
// signed in, it runs the session child with the tokens) and `panel`, the router. The URL is the source of truth:
// every navigation writes the location, eventless transitions apply the panel guard and bring the open panel in
// line with it (entering a panel scrolls to the top), and each panel state invokes its flow (tabs.ts) as a child with a fixed id, given what it needs as
// input. A flow lives exactly as long as its panel; flows report up with sendParent (`panel.open`, `notify`,
// `session.signIn` …). Platform effects are named actions, supplied once by createWallet.
import { and, assign, createActor, fromCallback, fromPromise, not, sendTo, setup, stateIn, type ActorRefFrom, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { API_PREFIX } from '../src/contract/base';
import { createApiClient } from '../src/client/client';
import type { WalletPlatform } from '../src/client/platform';
import { forgetTokens, readTokens, type SessionTokens, writeTokens } from '../src/client/storage-keys';
import { isFlowLoaded, type LazyFlowId, lazyFlow, loadFlow } from './flows';
import type { LoginTab } from './login';
import {
  type BrowserLocation,
  emptyRoute,
  languageOf,
  panelKey,
  parseRoute,
  resolveRoute,
  type Route,
  sameRoute,
  toUrl,
  withLanguage,
  withRoute,
} from './panel.location';
import { type LogParams, type NotifyEvent, reportError, type Toast, type WalletServices } from './services';
import { sessionMachine, sessionPort } from './session';
import { type FlowId, flowIds, type PanelOverlay, type PanelTab, type RouteParam, tabsOfFlow, tabTable } from './tabs';
import { decodeUserTicketId } from './ticket-id';
import { settingsTabOf } from './settings.tab';
import type { Language } from '../src/contract/languages';
import { doc } from './doc' with { type: 'macro' };

export interface WalletInput {
  location: BrowserLocation;
  /** The tokens storage held when the page loaded (null: signed out). */
  tokens: SessionTokens | null;
  services: WalletServices;
}

export interface WalletContext {
  location: BrowserLocation;
  services: WalletServices;
  /** The tokens the first session starts with; from then on the session child owns the tokens. */
  initialTokens: SessionTokens | null;
  /** The panel the tab region shows: its key (flow and restart parameters) and tab, set on entering it. */
  shown: { key: string | null; tab: PanelTab | null };
}

/** A navigation request: a panel (or none), the overlay and the panels' parameters, as the URL would carry them. */
export type PanelRequest = { tab: PanelTab | null; overlay?: PanelOverlay | null } & Partial<Record<RouteParam, string | null>>;

export type WalletEvent =
  | ({ type: 'panel.open' } & PanelRequest)
  | { type: 'panel.openHub' }
  | { type: 'panel.closeHub' }
  | { type: 'panel.close' }
  | { type: 'panel.back' }
  | { type: 'panel.changeLanguage'; lang: Language }
  | { type: 'panel.locationChanged'; location: BrowserLocation }
  /** A flow keeps part of its state in the URL (the tickets tab): replaces those parameters, no new history entry. */
  | { type: 'panel.setParams'; params: Partial<Record<RouteParam, string | null>> }
  /** The open panel's flow could not be downloaded: try again. */
  | { type: 'panel.retryFlow' }
  | { type: 'session.signIn'; accessToken: string; refreshToken: string }
  | { type: 'session.signOut' }
  | { type: 'session.tokensRotated'; tokens: SessionTokens }
  | { type: 'session.expired' }
  | NotifyEvent;

export type WalletTag = 'modal' | 'fading';

/** The flows' states are described at run time; like doc('…'), production builds leave the prose out. */
const PROSE = process.env.NODE_ENV !== 'production' || Boolean(process.env.TW_KEEP_DOCS);

/** SPEC §9: how long the HUB takes to fade out. */
export const HUB_FADE_MS = 300;

const SIGNED_IN = { session: 'signedIn' } as const;

const currentRoute = (context: WalletContext): Route => parseRoute(context.location.search);

function requestedRoute(event: PanelRequest): Route {
  const route: Route = { ...emptyRoute, tab: event.tab, overlay: event.overlay ?? null };
  for (const param of Object.keys(emptyRoute) as Array<keyof Route>) {
    if (param !== 'tab' && param !== 'overlay') route[param] = event[param] ?? null;
  }
  return route;
}

const urlParams = ({ context }: { context: WalletContext }) => ({ url: toUrl(context.location) });

/** What each flow is given when its panel opens. */
const flowInputs = {
  login: (context: WalletContext) => ({
    services: context.services,
    tab: (currentRoute(context).tab ?? 'LOGIN') as LoginTab,
    locale: languageOf(context.location.pathname),
  }),
  qr: (context: WalletContext) => ({ services: context.services }),
  myTickets: (context: WalletContext) => ({ services: context.services, tab: currentRoute(context).ticketsTab }),
  ticket: (context: WalletContext) => ({
    services: context.services,
    // The guard sends a TICKET without a decodable id to My tickets, so this panel always has one.
    userTicketId: decodeUserTicketId(currentRoute(context).userTicketId) ?? 0,
  }),
  redeem: (context: WalletContext) => ({ services: context.services }),
  settings: (context: WalletContext) => ({ services: context.services, tab: settingsTabOf(currentRoute(context).settingsTab) }),
  // The ticket to preselect, if USER_TICKET_ID names one.
  gift: (context: WalletContext) => ({ services: context.services, userTicketId: decodeUserTicketId(currentRoute(context).userTicketId) }),
  resell: (context: WalletContext) => ({ services: context.services, userTicketId: decodeUserTicketId(currentRoute(context).userTicketId) }),
  swap: (context: WalletContext) => ({ services: context.services, userTicketId: decodeUserTicketId(currentRoute(context).userTicketId) }),
} satisfies Record<FlowId, (context: WalletContext) => unknown>;

const walletSetup = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    input: {} as WalletInput,
    tags: {} as WalletTag,
    children: {} as {
      session: 'session';
      login: 'login';
      qr: 'qr';
      myTickets: 'myTickets';
      ticket: 'ticket';
      redeem: 'redeem';
      settings: 'settings';
      gift: 'gift';
      resell: 'resell';
      swap: 'swap';
      logout: 'logout';
      watchHistory: 'watchHistory';
      loadFlow: 'loadFlow';
      loadLogout: 'loadLogout';
    },
  },
  actors: {
    session: sessionMachine,
    // The flows load with their panels (machines/flows.ts); logout is the HUB's and loads with it.
    login: lazyFlow('login'),
    qr: lazyFlow('qr'),
    myTickets: lazyFlow('myTickets'),
    ticket: lazyFlow('ticket'),
    redeem: lazyFlow('redeem'),
    settings: lazyFlow('settings'),
    gift: lazyFlow('gift'),
    resell: lazyFlow('resell'),
    swap: lazyFlow('swap'),
    logout: lazyFlow('logout'),
    loadFlow: fromPromise<void, { flow: FlowId }>(({ input }) => loadFlow(input.flow)),
    loadLogout: fromPromise<void>(() => loadFlow('logout')),
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
    showToast: (_, _params: Toast) => {},
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
    /** The sign-in flow shows three panels: it follows the router between them. */
    showLoginTab: sendTo('login', ({ context }: { context: WalletContext }) => ({
      type: 'login.show' as const,
      tab: currentRoute(context).tab as LoginTab,
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
    languageDiffers: ({ context }, params: { lang: Language }) => languageOf(context.location.pathname) !== params.lang,
    hasInitialTokens: ({ context }) => context.initialTokens !== null,
    flowLoaded: (_, params: { flow: LazyFlowId }) => isFlowLoaded(params.flow),
  },
  delays: {
    /** SPEC §9: the hub close animation; createWallet makes it 0 when the person prefers reduced motion. */
    hubFade: HUB_FADE_MS,
  },
});

/**
 * The state of a panel whose flow is `flow`: it loads the flow's machine if this is its first time, then invokes the
 * flow, and leaves when the route names another panel.
 */
function flowState(flow: FlowId) {
  const tabs = tabsOfFlow(flow);
  const followsTabs = tabs.length > 1;
  return walletSetup.createStateConfig({
    description: PROSE ? `The ${tabs.join(', ')} panel${followsTabs ? 's' : ''}: the ${flow} flow runs as a child` : undefined,
    entry: ['rememberShown', 'scrollToTop'],
    always: [
      { guard: { type: 'leftPanel', params: { flow } }, target: 'routing' },
      // The flow shows several panels (sign-in): the router remembers which (a running flow is told, below).
      ...(followsTabs ? [{ guard: 'tabChanged' as const, actions: ['rememberShown' as const, 'scrollToTop' as const] }] : []),
    ],
    initial: 'loading',
    states: {
      loading: {
        meta: { screen: tabs[0], description: PROSE ? `Downloads the ${flow} flow's machine (the screen shows its skeleton)` : undefined },
        always: { guard: { type: 'flowLoaded', params: { flow } }, target: 'running' },
        invoke: {
          id: 'loadFlow',
          src: 'loadFlow',
          input: { flow },
          onDone: 'running',
          onError: {
            target: 'failed',
            actions: { type: 'logError', params: ({ event }) => ({ message: `wallet: the ${flow} flow did not load`, error: event.error }) },
          },
        },
      },
      failed: {
        meta: { screen: tabs[0], description: doc('The flow could not be downloaded: a message and Try again') },
        on: { 'panel.retryFlow': 'loading' },
      },
      running: {
        meta: { screen: tabs[0], description: PROSE ? `Invokes the ${flow} flow with what it needs as input` : undefined },
        // One config for every flow: each src gets its own input from flowInputs, which TypeScript checks per flow.
        invoke: { id: flow, src: flow, input: ({ context }: { context: WalletContext }) => flowInputs[flow](context) } as never,
        ...(followsTabs
          ? {
              always: {
                guard: and([not({ type: 'leftPanel', params: { flow } }), 'tabChanged']),
                actions: ['rememberShown', 'scrollToTop', 'showLoginTab'],
              },
            }
          : {}),
      },
    },
  });
}

const flowStates = Object.fromEntries(flowIds.map((flow) => [flow, flowState(flow)])) as Record<FlowId, ReturnType<typeof flowState>>;

export const walletMachine = walletSetup.createMachine({
  id: 'wallet',
  meta: { description: doc('The wallet\'s root: signed in or out, and the router that shows one panel\'s flow (and the HUB) at a time') },
  type: 'parallel',
  context: ({ input }) => ({
    location: input.location,
    services: input.services,
    initialTokens: input.tokens,
    shown: { key: null, tab: null },
  }),
  on: {
    'panel.open': [
      { guard: and([stateIn(SIGNED_IN), { type: 'requestLeadsHere', params: { signedIn: true } }]) },
      { guard: and([not(stateIn(SIGNED_IN)), { type: 'requestLeadsHere', params: { signedIn: false } }]) },
      {
        actions: [
          { type: 'navigate', params: ({ event }) => ({ route: requestedRoute(event) }) },
          { type: 'pushUrl', params: urlParams },
        ],
      },
    ],
    'panel.openHub': [
      { guard: 'hubInRoute' },
      {
        actions: [
          { type: 'navigate', params: ({ context }) => ({ route: { ...currentRoute(context), overlay: 'HUB' as const } }) },
          { type: 'pushUrl', params: urlParams },
        ],
      },
    ],
    'panel.close': [
      { guard: 'nothingOpen' },
      { actions: [{ type: 'navigate', params: { route: emptyRoute } }, { type: 'pushUrl', params: urlParams }] },
    ],
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
    notify: { actions: { type: 'showToast', params: ({ event }) => ({ kind: event.kind, key: event.key }) } },
  },
  invoke: {
    id: 'watchHistory',
    src: 'watchHistory',
    input: ({ context }) => ({ services: context.services }),
    onError: {
      actions: { type: 'logError', params: ({ event }) => ({ message: 'wallet: history listener failed', error: event.error }) },
    },
  },
  states: {
    session: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'hasInitialTokens', target: 'signedIn' }, { target: 'signedOut' }],
        },
        signedOut: {
          description: doc('No access token is stored: only LOGIN and OTP open'),
          on: {
            'session.signIn': {
              target: 'signedIn',
              actions: { type: 'persistTokens', params: ({ event }) => ({ accessToken: event.accessToken, refreshToken: event.refreshToken }) },
            },
          },
        },
        signedIn: {
          description: doc('Tokens are stored: the session child holds them, refreshes them and loads the profile'),
          invoke: {
            id: 'session',
            systemId: 'session',
            src: 'session',
            input: ({ context, event }) => ({
              services: context.services,
              tokens:
                event.type === 'session.signIn'
                  ? { accessToken: event.accessToken, refreshToken: event.refreshToken }
                  : (context.initialTokens ?? { accessToken: '', refreshToken: '' }),
            }),
          },
          on: {
            'session.signIn': {
              target: 'signedIn',
              reenter: true,
              actions: { type: 'persistTokens', params: ({ event }) => ({ accessToken: event.accessToken, refreshToken: event.refreshToken }) },
            },
            'session.tokensRotated': { actions: { type: 'persistTokens', params: ({ event }) => event.tokens } },
            'session.signOut': { target: 'signedOut', actions: ['forgetInitialTokens', 'forgetTokens', 'clearCache'] },
            // SPEC §4: a failed refresh removes both stored tokens and reloads the page.
            'session.expired': { target: 'signedOut', actions: ['forgetInitialTokens', 'forgetTokens', 'clearCache', 'reload'] },
          },
        },
      },
    },

    panel: {
      // The panel guard (SPEC §2), applied to every location however it came: a redirect replaces the URL.
      always: [
        {
          guard: and([stateIn(SIGNED_IN), { type: 'needsRedirect', params: { signedIn: true } }]),
          actions: [{ type: 'redirect', params: { signedIn: true } }, { type: 'replaceUrl', params: urlParams }],
        },
        {
          guard: and([not(stateIn(SIGNED_IN)), { type: 'needsRedirect', params: { signedIn: false } }]),
          actions: [{ type: 'redirect', params: { signedIn: false } }, { type: 'replaceUrl', params: urlParams }],
        },
      ],
      initial: 'routing',
      states: {
        routing: {
          always: [{ guard: 'nothingOpen', target: 'closed' }, { target: 'open' }],
        },
        closed: {
          description: doc('No panel parameter: only the host page (and the launcher) is visible'),
          always: { guard: not('nothingOpen'), target: 'open' },
        },
        open: {
          description: doc('The wallet covers the host page'),
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
                    ...flowIds.map((flow) => ({ guard: { type: 'showsFlow' as const, params: { flow } }, target: flow })),
                    { target: 'none' },
                  ],
                },
                none: {
                  description: doc('Only the overlay is open'),
                  always: { guard: 'hasTab', target: 'routing' },
                },
                ...flowStates,
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
                hub: {
                  meta: { screen: 'HUB', description: doc('Hub overlay: profile card, tiles and Logout (the logout flow runs as a child)') },
                  always: { guard: not('hubInRoute'), target: 'hidden' },
                  on: { 'panel.closeHub': 'hubFading' },
                  initial: 'loading',
                  states: {
                    loading: {
                      description: doc("Downloads the logout flow's machine; the tiles already work"),
                      always: { guard: { type: 'flowLoaded', params: { flow: 'logout' } }, target: 'running' },
                      invoke: {
                        id: 'loadLogout',
                        src: 'loadLogout',
                        onDone: 'running',
                        onError: {
                          target: 'failed',
                          actions: { type: 'logError', params: ({ event }) => ({ message: 'wallet: the logout flow did not load', error: event.error }) },
                        },
                      },
                    },
                    failed: {
                      description: doc('The logout flow could not be downloaded: Logout tries again'),
                      on: { 'panel.retryFlow': 'loading' },
                    },
                    running: {
                      invoke: { id: 'logout', src: 'logout', input: ({ context }) => ({ services: context.services }) },
                    },
                  },
                },
                hubFading: {
                  meta: { screen: 'HUB', description: doc('Hub overlay fading out') },
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
    },
  },
});

export type WalletMachine = typeof walletMachine;
export type WalletActor = ActorRefFrom<WalletMachine>;
export type WalletSnapshot = SnapshotFrom<WalletMachine>;

export interface WalletOptions {
  /** The API base, '/v1' by default (an absolute URL when the wallet is embedded on another origin). */
  baseUrl?: string;
  platform: WalletPlatform;
  /** Shows a toast: a locale key and its kind. */
  notify?: (toast: Toast) => void;
  /** XState's inspection observer (the visualiser's live view, src/visualizer/inspect.ts). */
  inspect?: ((event: InspectionEvent) => void) | undefined;
}

/** The wallet's actor (not started), with platform effects supplied from `platform` and the API at `baseUrl`. */
export function createWallet({ baseUrl = API_PREFIX, platform, notify = () => {}, inspect }: WalletOptions): WalletActor {
  let wallet: WalletActor | undefined;
  const api = createApiClient({ baseUrl, fetch: platform.fetch, session: sessionPort(() => wallet?.system.get('session')) });
  wallet = createActor(
    walletMachine.provide({
      actions: {
        pushUrl: (_, { url }) => platform.pushUrl(url),
        replaceUrl: (_, { url }) => platform.replaceUrl(url),
        historyBack: () => platform.historyBack(),
        scrollToTop: () => platform.scrollToTop(),
        lockPageScroll: () => platform.lockPageScroll(),
        unlockPageScroll: () => platform.unlockPageScroll(),
        loadUrl: (_, { url }) => platform.loadUrl(url),
        reload: () => platform.reload(),
        persistTokens: (_, tokens) => writeTokens(platform.storage, tokens),
        forgetTokens: () => forgetTokens(platform.storage),
        clearCache: () => api.cache.clear(),
        showToast: (_, toast) => notify(toast),
      },
      delays: { hubFade: () => (platform.prefersReducedMotion?.() ? 0 : HUB_FADE_MS) },
    }),
    {
      systemId: 'wallet',
      ...(inspect ? { inspect } : {}),
      input: { location: platform.location(), tokens: readTokens(platform.storage), services: { api, platform } },
    },
  );
  return wallet;
}
