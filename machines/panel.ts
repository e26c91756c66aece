// Panel navigation (SPEC §2): the query parameters of the host page's URL choose the panel and the HUB overlay.
// The URL is the source of truth; the machine keeps the last known location, applies the panel guard, writes the
// history, scrolls to the top on every panel change and locks the host page's scrolling while the wallet is open.
import { assign, emit, fromCallback, setup } from 'xstate';
import {
  emptyRoute,
  languageOf,
  panelTabs,
  parseRoute,
  resolveRoute,
  sameRoute,
  toUrl,
  withLanguage,
  withRoute,
  type BrowserLocation,
  type Language,
  type PanelOverlay,
  type PanelTab,
  type Route,
} from './panel.location';

export interface PanelInput {
  location: BrowserLocation;
  /** Whether an access token is stored (the session tells later changes with session.changed). */
  signedIn: boolean;
}

export interface PanelContext {
  location: BrowserLocation;
  signedIn: boolean;
}

export type PanelEvent =
  | {
      type: 'panel.open';
      tab: PanelTab | null;
      overlay?: PanelOverlay | null;
      userTicketId?: string | null;
      settingsTab?: string | null;
    }
  | { type: 'panel.openHub' }
  | { type: 'panel.closeHub' }
  | { type: 'panel.close' }
  | { type: 'panel.back' }
  | { type: 'panel.changeLanguage'; lang: Language }
  | { type: 'panel.locationChanged'; location: BrowserLocation }
  | { type: 'session.changed'; signedIn: boolean };

export type PanelEmitted = { type: 'panel.changed'; tab: PanelTab | null; overlay: PanelOverlay | null };

export type PanelTag = 'modal' | 'fading';

/** The screen and description of each panel, for the visualiser and the model-based tests. */
export const panelScreens: Record<PanelTab, string> = {
  OTP: 'One-time code: six digits, Continue and Resend code',
  LOGIN: 'Login: e-mail and Continue',
  PERSONAL_DATA: 'Personal data: first and last name',
  QR: 'My entry QR code',
  REDEEM: 'Redeem a ticket code',
  RESELL: 'Resell tickets and my listings',
  SWAP: 'Swap a ticket for another ticket type',
  SETTINGS: 'Settings: account and payout verification',
  MY_TICKET: 'My tickets: upcoming and past',
  TICKET: 'A single ticket with its benefits',
  GIFT: 'Gift a ticket',
};

/** One state per panel tab, each naming its screen. */
const tabStates = Object.fromEntries(
  panelTabs.map((tab) => [tab, { meta: { screen: tab, description: panelScreens[tab] } }]),
) as Record<PanelTab, { meta: { screen: PanelTab; description: string } }>;

const currentRoute = (context: PanelContext): Route => parseRoute(context.location.search);

function requestedRoute(event: Extract<PanelEvent, { type: 'panel.open' }>): Route {
  return {
    tab: event.tab,
    overlay: event.overlay ?? null,
    userTicketId: event.userTicketId ?? null,
    settingsTab: event.settingsTab ?? null,
  };
}

const urlParams = ({ context }: { context: PanelContext }) => ({ url: toUrl(context.location) });

/** SPEC §9: how long the HUB takes to fade out. */
export const HUB_FADE_MS = 300;

export const panelMachine = setup({
  types: {
    context: {} as PanelContext,
    events: {} as PanelEvent,
    input: {} as PanelInput,
    emitted: {} as PanelEmitted,
    tags: {} as PanelTag,
  },
  actions: {
    // Platform effects, provided by createWallet (machines/wallet.ts); no-ops by default.
    pushUrl: (_, _params: { url: string }) => {},
    replaceUrl: (_, _params: { url: string }) => {},
    historyBack: () => {},
    scrollToTop: () => {},
    lockPageScroll: () => {},
    unlockPageScroll: () => {},
    loadUrl: (_, _params: { url: string }) => {},
    logError: (_, params: { message: string; error: unknown }) => console.error(params.message, params.error),
    /** Go to a route through the panel guard. */
    navigate: assign(({ context }, params: { route: Route }) => ({
      location: withRoute(context.location, resolveRoute(params.route, context.signedIn)),
    })),
    /** A location read from the browser (back/forward). */
    adoptLocation: assign((_, params: { location: BrowserLocation }) => ({ location: params.location })),
    applyGuard: assign(({ context }) => ({
      location: withRoute(context.location, resolveRoute(currentRoute(context), context.signedIn)),
    })),
    removeOverlay: assign(({ context }) => ({
      location: withRoute(context.location, { ...currentRoute(context), overlay: null }),
    })),
    rememberSession: assign((_, params: { signedIn: boolean }) => ({ signedIn: params.signedIn })),
    emitChanged: emit(({ context }) => {
      const route = currentRoute(context);
      return { type: 'panel.changed' as const, tab: route.tab, overlay: route.overlay };
    }),
  },
  guards: {
    /** The guarded target of a request is where we already are: nothing to do. */
    leadsHere: ({ context }, params: { route: Route }) =>
      sameRoute(resolveRoute(params.route, context.signedIn), currentRoute(context)),
    locationNeedsRedirect: ({ context }) =>
      !sameRoute(resolveRoute(currentRoute(context), context.signedIn), currentRoute(context)),
    nothingOpen: ({ context }) => {
      const route = currentRoute(context);
      return route.tab === null && route.overlay === null;
    },
    tabIs: ({ context }, params: { tab: PanelTab }) => currentRoute(context).tab === params.tab,
    hubInRoute: ({ context }) => currentRoute(context).overlay === 'HUB',
    languageDiffers: ({ context }, params: { lang: Language }) => languageOf(context.location.pathname) !== params.lang,
  },
  delays: {
    /** SPEC §9: the hub close animation; createWallet makes it 0 when the person prefers reduced motion. */
    hubFade: HUB_FADE_MS,
  },
  actors: {
    /** Sends panel.locationChanged on browser back/forward; provided by createWallet. */
    watchHistory: fromCallback<PanelEvent>(() => () => {}),
  },
}).createMachine({
  id: 'panel',
  context: ({ input }) => ({ location: input.location, signedIn: input.signedIn }),
  invoke: {
    id: 'watchHistory',
    src: 'watchHistory',
    onError: {
      actions: { type: 'logError', params: ({ event }) => ({ message: 'panel: history listener failed', error: event.error }) },
    },
  },
  initial: 'settling',
  on: {
    'panel.open': [
      { guard: { type: 'leadsHere', params: ({ event }) => ({ route: requestedRoute(event) }) } },
      {
        target: '.showing',
        actions: [
          { type: 'navigate', params: ({ event }) => ({ route: requestedRoute(event) }) },
          { type: 'pushUrl', params: urlParams },
          'scrollToTop',
        ],
      },
    ],
    'panel.openHub': [
      {
        guard: {
          type: 'leadsHere',
          params: ({ context }) => ({ route: { ...currentRoute(context), overlay: 'HUB' as const } }),
        },
      },
      {
        target: '.showing',
        actions: [
          { type: 'navigate', params: ({ context }) => ({ route: { ...currentRoute(context), overlay: 'HUB' as const } }) },
          { type: 'pushUrl', params: urlParams },
        ],
      },
    ],
    'panel.close': [
      { guard: 'nothingOpen' },
      {
        target: '.showing',
        actions: [{ type: 'navigate', params: { route: emptyRoute } }, { type: 'pushUrl', params: urlParams }],
      },
    ],
    'panel.back': { actions: 'historyBack' },
    'panel.locationChanged': {
      target: '.settling',
      actions: [{ type: 'adoptLocation', params: ({ event }) => ({ location: event.location }) }, 'scrollToTop'],
    },
    'panel.changeLanguage': {
      guard: { type: 'languageDiffers', params: ({ event }) => ({ lang: event.lang }) },
      actions: { type: 'loadUrl', params: ({ context, event }) => ({ url: toUrl(withLanguage(context.location, event.lang)) }) },
    },
    // The guard applies again when the token comes or goes (logout leaves a protected panel for LOGIN).
    'session.changed': {
      target: '.settling',
      actions: { type: 'rememberSession', params: ({ event }) => ({ signedIn: event.signedIn }) },
    },
  },
  states: {
    settling: {
      description: 'Applies the panel guard to a location read from the browser; a redirect replaces the URL',
      always: [
        {
          guard: 'locationNeedsRedirect',
          target: 'showing',
          actions: ['applyGuard', { type: 'replaceUrl', params: urlParams }, 'scrollToTop'],
        },
        { target: 'showing' },
      ],
    },
    showing: {
      description: 'Tells the other flows which panel is shown and opens or closes the wallet',
      entry: 'emitChanged',
      always: [{ guard: 'nothingOpen', target: 'closed' }, { target: 'open' }],
    },
    closed: {
      description: 'No panel parameter: only the host page is visible',
    },
    open: {
      type: 'parallel',
      tags: ['modal'],
      entry: 'lockPageScroll',
      exit: 'unlockPageScroll',
      states: {
        tab: {
          initial: 'routing',
          states: {
            routing: {
              always: [
                ...panelTabs.map((tab) => ({ guard: { type: 'tabIs' as const, params: { tab } }, target: tab })),
                { target: 'none' },
              ],
            },
            none: { description: 'Only the overlay is open' },
            ...tabStates,
          },
        },
        overlay: {
          initial: 'routing',
          states: {
            routing: {
              always: [{ guard: 'hubInRoute', target: 'hub' }, { target: 'hidden' }],
            },
            hidden: {},
            hub: {
              meta: { screen: 'HUB', description: 'Hub overlay: profile card, tiles and Logout' },
              on: { 'panel.closeHub': 'hubFading' },
            },
            hubFading: {
              meta: { screen: 'HUB', description: 'Hub overlay fading out' },
              tags: ['fading'],
              on: { 'panel.openHub': 'hub' },
              after: {
                hubFade: {
                  target: '#panel.showing',
                  actions: ['removeOverlay', { type: 'pushUrl', params: urlParams }],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type PanelMachine = typeof panelMachine;
