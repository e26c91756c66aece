// Pure functions between a browser location and the wallet's route (docs/product.md §2): the panel query parameters, read
// case-insensitively (upper-case name first), the language path segment, and the panel guard. Everything they know
// about panels comes from the tab table (tabs.ts). The loader imports this file: no machine, no library.
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageOf } from '../src/contract/languages';
import { decodeUserTicketId } from './ticket-id';
import {
  isPanelOverlay,
  isPanelTab,
  overlays,
  type PanelOverlay,
  type PanelTab,
  type RouteParam,
  routeParams,
  tabTable,
} from './tabs';

export { languageOf };

export interface BrowserLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** The wallet's part of an address: the panel, the overlay and the panels' parameters (raw, as in the URL). */
export type Route = { tab: PanelTab | null; overlay: PanelOverlay | null } & Record<RouteParam, string | null>;

const noParams = Object.fromEntries(Object.keys(routeParams).map((param) => [param, null])) as Record<RouteParam, null>;
export const emptyRoute: Route = { tab: null, overlay: null, ...noParams };

/** A route to `tab` (and the overlay), every other parameter absent. */
export function routeTo(tab: PanelTab | null, extra: Partial<Route> = {}): Route {
  return { ...emptyRoute, tab, ...extra };
}

const TAB_PARAM = 'PANEL_TAB';
const OVERLAY_PARAM = 'PANEL_OVERLAY_TAB';
const allParamNames = [TAB_PARAM, OVERLAY_PARAM, ...Object.values(routeParams)];

/** A parameter by its upper-case name first, then its lower-case name; empty values count as absent. */
export function readParam(search: URLSearchParams, name: string): string | null {
  return search.get(name.toUpperCase()) || search.get(name.toLowerCase()) || null;
}

/**
 * The routes of the last addresses read: the router's guards read the same `search` many times per event, and
 * parsing it was a sixth of the wallet's path generation. Each caller gets its own copy.
 */
const parsed = new Map<string, Route>();

export function parseRoute(search: string): Route {
  const known = parsed.get(search);
  if (known) return { ...known };
  const route = readRoute(search);
  if (parsed.size >= 64) parsed.delete(parsed.keys().next().value!);
  parsed.set(search, route);
  return { ...route };
}

function readRoute(search: string): Route {
  const params = new URLSearchParams(search);
  const tab = readParam(params, TAB_PARAM)?.toUpperCase();
  const overlay = readParam(params, OVERLAY_PARAM)?.toUpperCase();
  const route: Route = { ...emptyRoute, tab: isPanelTab(tab) ? tab : null, overlay: isPanelOverlay(overlay) ? overlay : null };
  for (const [param, name] of Object.entries(routeParams) as Array<[RouteParam, string]>) route[param] = readParam(params, name);
  return route;
}

/** Whether the URL asks for the wallet to be open (a panel or the overlay the wallet knows). */
export function hasPanelRoute(search: string): boolean {
  const route = parseRoute(search);
  return route.tab !== null || route.overlay !== null;
}

/** A parameter a panel requires is present and valid (USER_TICKET_ID must decode). */
function hasRequired(route: Route, param: RouteParam): boolean {
  const value = route[param];
  return param === 'userTicketId' ? decodeUserTicketId(value) !== null : value !== null;
}

/** The panel guard: where a requested route really leads, given whether an access token is stored. */
export function resolveRoute(requested: Route, signedIn: boolean): Route {
  const row = requested.tab ? tabTable[requested.tab] : null;
  const publicTab = row?.access === 'public';
  if (!signedIn && requested.tab !== null && !publicTab) return routeTo('LOGIN');
  // An overlay that needs a token (the HUB) is refused too: over a public panel only the overlay is dropped.
  if (!signedIn && requested.overlay !== null && overlays[requested.overlay].access !== 'public') {
    return routeTo(publicTab ? requested.tab : 'LOGIN');
  }
  if (signedIn && requested.tab === 'LOGIN') return routeTo('QR', { overlay: 'HUB' });
  if (row && 'requires' in row && row.requires && !hasRequired(requested, row.requires.param)) {
    return routeTo(row.requires.otherwise as PanelTab, { overlay: requested.overlay });
  }
  return requested;
}

/** Where a sign-in ends when nobody asked for a panel before it (docs/product.md §4 Sign-in): the QR code with the HUB. */
export const afterSignInRoute: Route = routeTo('QR', { overlay: 'HUB' });

/**
 * The return-to rule (docs/decisions/0059-between-the-flows-return-to-fresh-lists-nothing-dropped.md): when the panel guard sends a signed-out person
 * from `requested` to LOGIN, the route to come back to once signed in; null when the request was the sign-in itself.
 */
export function returnToOf(requested: Route): Route | null {
  if (requested.tab === 'LOGIN' || requested.tab === 'OTP' || requested.tab === 'PERSONAL_DATA') return null;
  return resolveRoute(requested, false).tab === 'LOGIN' ? requested : null;
}

export function sameRoute(a: Route, b: Route): boolean {
  return (Object.keys(emptyRoute) as Array<keyof Route>).every((key) => a[key] === b[key]);
}

/**
 * What identifies the open panel for its flow: the flow (or the tab, for a panel without one) and the parameters the
 * panel restarts on. While the key stays the same the flow keeps running (the HUB opening over it, LOGIN → OTP).
 */
export function panelKey(route: Route): string | null {
  if (!route.tab) return null;
  const row: { flow: string | null; restartOn: readonly RouteParam[] } = tabTable[route.tab];
  return [row.flow ?? route.tab, ...row.restartOn.map((param) => route[param] ?? '')].join(' ');
}

/** The location with the wallet's parameters replaced by `route`'s; the host page's own parameters stay. */
export function withRoute(location: BrowserLocation, route: Route): BrowserLocation {
  const params = new URLSearchParams(location.search);
  for (const name of allParamNames) {
    params.delete(name.toUpperCase());
    params.delete(name.toLowerCase());
  }
  if (route.tab) params.set(TAB_PARAM, route.tab);
  if (route.overlay) params.set(OVERLAY_PARAM, route.overlay);
  for (const [param, name] of Object.entries(routeParams) as Array<[RouteParam, string]>) {
    const value = route[param];
    if (value) params.set(name, value);
  }
  const search = params.toString();
  return { ...location, search: search ? `?${search}` : '' };
}

export function toUrl(location: BrowserLocation): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** The path with its language segment replaced (or added in front when the path has none). */
export function withLanguage(location: BrowserLocation, language: Language): BrowserLocation {
  const segments = location.pathname.split('/');
  if (isLanguage(segments[1]?.toLowerCase())) segments[1] = language;
  else segments.splice(1, 0, language);
  return { ...location, pathname: segments.join('/') };
}

export { DEFAULT_LANGUAGE };
