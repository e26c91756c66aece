import { describe, expect, it } from 'vitest';
import { acceptedRedirect, defaultRedirect, safeRedirect } from '../../src/server/modules/checkout-page/redirect';

const rules = { siteOrigin: 'http://localhost:3000', allowedOrigins: ['https://tickets.example.com'], locale: 'es' };
const fallback = 'http://localhost:3000/es/?PANEL_TAB=MY_TICKET';

describe('safeRedirect', () => {
  it('the default page is the language path with My tickets open', () => {
    expect(defaultRedirect(rules)).toBe(fallback);
  });

  it.each([
    ['the site itself', 'http://localhost:3000/en/?PANEL_TAB=SWAP', 'http://localhost:3000/en/?PANEL_TAB=MY_TICKET'],
    ['an allowed host site', 'https://tickets.example.com/event/7?x=1#top', 'https://tickets.example.com/event/7?x=1&PANEL_TAB=MY_TICKET'],
    ['a path of the site', '/en/festival', 'http://localhost:3000/en/festival?PANEL_TAB=MY_TICKET'],
    [
      'a page that had a ticket open',
      'http://localhost:3000/?PANEL_TAB=SWAP&USER_TICKET_ID=abc&PANEL_OVERLAY_TAB=HUB&lang=es',
      'http://localhost:3000/?lang=es&PANEL_TAB=MY_TICKET',
    ],
    ["the swap's target step (PANEL_STEP)", 'http://localhost:3000/en/?PANEL_TAB=SWAP&PANEL_STEP=TARGET', 'http://localhost:3000/en/?PANEL_TAB=MY_TICKET'],
  ])('follows %s, opening My tickets', (_name, input, expected) => {
    expect(safeRedirect(input, rules)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['another site over http', 'http://evil.example/en/'],
    ['a scheme-relative address', '//evil.example/en/'],
    ['a backslash trick', '/\\evil.example/en/'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['credentials before another host', 'http://localhost:3000@evil.example/'],
    ['credentials on the site', 'http://user:pass@localhost:3000/'],
    ['an allowed host on another port', 'https://tickets.example.com:8443/'],
    ['an allowed host over http', 'http://tickets.example.com/'],
    ['a look-alike host', 'https://tickets.example.com.evil.example/'],
    ['nothing', ''],
    ['not a string', ['http://localhost:3000/']],
    ['an address too long to be real', `http://localhost:3000/${'a'.repeat(3000)}`],
  ])('refuses %s: the default page', (_name, input) => {
    expect(safeRedirect(input, rules)).toBe(fallback);
  });

  it('without ALLOWED_ORIGINS only the site itself is followed', () => {
    const own = { ...rules, allowedOrigins: undefined };
    expect(safeRedirect('https://tickets.example.com/', own)).toBe(fallback);
    expect(safeRedirect('http://localhost:3000/x', own)).toBe('http://localhost:3000/x?PANEL_TAB=MY_TICKET');
  });

  it('acceptedRedirect names a followed address and gives null for a refused one (the language switch passes only the first on)', () => {
    expect(acceptedRedirect('http://localhost:3000/x', rules)).toBe('http://localhost:3000/x?PANEL_TAB=MY_TICKET');
    expect(acceptedRedirect('https://evil.example/', rules)).toBeNull();
    expect(acceptedRedirect(undefined, rules)).toBeNull();
    // Its own answer is accepted again unchanged: the page in the other language comes back to the same address.
    const once = acceptedRedirect('http://localhost:3000/en/?PANEL_TAB=SWAP&q=1', rules)!;
    expect(acceptedRedirect(once, rules)).toBe(once);
  });
});
