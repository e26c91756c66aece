// Where the swap checkout sends the person when it is done. The wallet passes the page it was opened on as
// `redirectDomain` (docs/product.md §7); anything in a query string is attacker-written, so it is followed only to the site's own
// origin or one the operator allowed (ALLOWED_ORIGINS), over http(s), without credentials in the address. Anything
// else — another site, `//evil.example`, `javascript:`, `https://site@evil.example` — lands on the wallet's default
// page of the site instead. Either way the wallet opens on My tickets, where the swapped tickets are.

export interface RedirectRules {
  /** The demo site's own origin (PUBLIC_BASE_URL). */
  siteOrigin: string;
  /** ALLOWED_ORIGINS: host sites that embed the wallet. */
  allowedOrigins: readonly string[] | undefined;
  /** The checkout page's language, for the default page. */
  locale: string;
}

const WALLET_PARAMS = ['PANEL_TAB', 'PANEL_OVERLAY_TAB', 'USER_TICKET_ID', 'SETTINGS_TAB', 'TICKETS_TAB', 'PANEL_STEP'];

/** The wallet's default page after a checkout: the site's language path with My tickets open. */
export function defaultRedirect({ siteOrigin, locale }: RedirectRules): string {
  return `${siteOrigin}/${encodeURIComponent(locale)}/?PANEL_TAB=MY_TICKET`;
}

export function safeRedirect(redirectDomain: unknown, rules: RedirectRules): string {
  return acceptedRedirect(redirectDomain, rules) ?? defaultRedirect(rules);
}

/**
 * The address `redirectDomain` leads to when it may be followed (as safeRedirect gives it), null when it is refused.
 * The language switch passes only an accepted one on: a refused one leaves the other language's default page.
 */
export function acceptedRedirect(redirectDomain: unknown, rules: Pick<RedirectRules, 'siteOrigin' | 'allowedOrigins'>): string | null {
  const allowed = new Set([rules.siteOrigin, ...(rules.allowedOrigins ?? [])]);
  if (typeof redirectDomain !== 'string' || redirectDomain.length === 0 || redirectDomain.length > 2048) return null;
  let url: URL;
  try {
    // Relative paths resolve against the site; `//host` and `/\host` resolve to that host and are then refused.
    url = new URL(redirectDomain, rules.siteOrigin);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !allowed.has(url.origin)) {
    return null;
  }
  for (const name of WALLET_PARAMS) url.searchParams.delete(name);
  url.searchParams.set('PANEL_TAB', 'MY_TICKET');
  url.hash = '';
  return url.toString();
}
