// Pure functions between a browser location and the wallet's route (SPEC §2): the panel query parameters, read
// case-insensitively (upper-case name first), the language path segment, and the panel guard.

export const panelTabs = [
  'OTP',
  'LOGIN',
  'PERSONAL_DATA',
  'QR',
  'REDEEM',
  'RESELL',
  'SWAP',
  'SETTINGS',
  'MY_TICKET',
  'TICKET',
  'GIFT',
] as const;
export type PanelTab = (typeof panelTabs)[number];
export type PanelOverlay = 'HUB';

export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The query parameters of the wallet; every other parameter belongs to the host page. */
export const panelParams = {
  tab: 'PANEL_TAB',
  overlay: 'PANEL_OVERLAY_TAB',
  userTicketId: 'USER_TICKET_ID',
  settingsTab: 'SETTINGS_TAB',
} as const;

/** Where the closed wallet's launcher leads: the entry QR with the HUB (the guard sends a signed-out user to LOGIN). */
export const launcherRoute = { tab: 'QR', overlay: 'HUB' } as const satisfies Pick<Route, 'tab' | 'overlay'>;

/** Panels that can be opened without an access token. */
const publicTabs: readonly PanelTab[] = ['OTP', 'LOGIN'];

export interface BrowserLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface Route {
  tab: PanelTab | null;
  overlay: PanelOverlay | null;
  /** Encoded user ticket id, passed through untouched. */
  userTicketId: string | null;
  settingsTab: string | null;
}

export const emptyRoute: Route = { tab: null, overlay: null, userTicketId: null, settingsTab: null };

export function isPanelTab(value: unknown): value is PanelTab {
  return typeof value === 'string' && (panelTabs as readonly string[]).includes(value);
}

/** A parameter by its upper-case name first, then its lower-case name; empty values count as absent. */
export function readParam(search: URLSearchParams, name: string): string | null {
  return search.get(name.toUpperCase()) || search.get(name.toLowerCase()) || null;
}

/** Whether the URL asks for the wallet to be open (a panel or the overlay the wallet knows). */
export function hasPanelRoute(search: string): boolean {
  const route = parseRoute(search);
  return route.tab !== null || route.overlay !== null;
}

export function parseRoute(search: string): Route {
  const params = new URLSearchParams(search);
  const tab = readParam(params, panelParams.tab)?.toUpperCase();
  const overlay = readParam(params, panelParams.overlay)?.toUpperCase();
  return {
    tab: isPanelTab(tab) ? tab : null,
    overlay: overlay === 'HUB' ? 'HUB' : null,
    userTicketId: readParam(params, panelParams.userTicketId),
    settingsTab: readParam(params, panelParams.settingsTab),
  };
}

/** The panel guard: where a requested route really leads, given whether an access token is stored. */
export function resolveRoute(requested: Route, signedIn: boolean): Route {
  const publicTab = requested.tab !== null && publicTabs.includes(requested.tab);
  if (!signedIn && requested.tab !== null && !publicTab) return { ...emptyRoute, tab: 'LOGIN' };
  // The HUB needs a token too: over a public panel only the overlay is refused.
  if (!signedIn && requested.overlay !== null) return { ...emptyRoute, tab: publicTab ? requested.tab : 'LOGIN' };
  if (signedIn && requested.tab === 'LOGIN') return { ...emptyRoute, tab: 'QR', overlay: 'HUB' };
  if (requested.tab === 'TICKET' && !requested.userTicketId) return { ...emptyRoute, tab: 'MY_TICKET' };
  return requested;
}

export function sameRoute(a: Route, b: Route): boolean {
  return a.tab === b.tab && a.overlay === b.overlay && a.userTicketId === b.userTicketId && a.settingsTab === b.settingsTab;
}

/** The location with the wallet's parameters replaced by `route`; the host page's own parameters stay. */
export function withRoute(location: BrowserLocation, route: Route): BrowserLocation {
  const params = new URLSearchParams(location.search);
  for (const name of Object.values(panelParams)) {
    params.delete(name.toUpperCase());
    params.delete(name.toLowerCase());
  }
  if (route.tab) params.set(panelParams.tab, route.tab);
  if (route.overlay) params.set(panelParams.overlay, route.overlay);
  if (route.userTicketId) params.set(panelParams.userTicketId, route.userTicketId);
  if (route.settingsTab) params.set(panelParams.settingsTab, route.settingsTab);
  const search = params.toString();
  return { ...location, search: search ? `?${search}` : '' };
}

export function toUrl(location: BrowserLocation): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** The first path segment when it is a language code, else the default language. */
export function languageOf(pathname: string): Language {
  const first = pathname.split('/')[1]?.toLowerCase();
  return (languages as readonly string[]).includes(first ?? '') ? (first as Language) : DEFAULT_LANGUAGE;
}

/** The path with its language segment replaced (or added in front when the path has none). */
export function withLanguage(location: BrowserLocation, language: Language): BrowserLocation {
  const segments = location.pathname.split('/');
  const first = segments[1]?.toLowerCase() ?? '';
  if ((languages as readonly string[]).includes(first)) segments[1] = language;
  else segments.splice(1, 0, language);
  return { ...location, pathname: segments.join('/') };
}
