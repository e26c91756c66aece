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

const WALLET_PARAMS = ['PANEL_TAB', 'PANEL_OVERLAY_TAB', 'USER_TICKET_ID', 'SETTINGS_TAB', 'TICKETS_TAB'];

/** The wallet's default page after a checkout: the site's language path with My tickets open. */
export function defaultRedirect({ siteOrigin, locale }: RedirectRules): string {
  return `${siteOrigin}/${encodeURIComponent(locale)}/?PANEL_TAB=MY_TICKET`;
}

export function safeRedirect(redirectDomain: unknown, rules: RedirectRules): string {
  const allowed = new Set([rules.siteOrigin, ...(rules.allowedOrigins ?? [])]);
  if (typeof redirectDomain !== 'string' || redirectDomain.length === 0 || redirectDomain.length > 2048) return defaultRedirect(rules);
  let url: URL;
  try {
    // Relative paths resolve against the site; `//host` and `/\host` resolve to that host and are then refused.
    url = new URL(redirectDomain, rules.siteOrigin);
  } catch {
    return defaultRedirect(rules);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !allowed.has(url.origin)) {
    return defaultRedirect(rules);
  }
  for (const name of WALLET_PARAMS) url.searchParams.delete(name);
  url.searchParams.set('PANEL_TAB', 'MY_TICKET');
  url.hash = '';
  return url.toString();
}
