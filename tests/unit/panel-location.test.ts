// Pure route functions of the panel: parameters, guard, URL building, language segment.
import { describe, expect, it } from 'vitest';
import {
  emptyRoute,
  hasPanelRoute,
  languageOf,
  parseRoute,
  resolveRoute,
  toUrl,
  withLanguage,
  withRoute,
  type Route,
} from '../../machines/panel.location';
import { flowIds, isPanelTab, panelTabs, type TabRow, tabTable } from '../../machines/tabs';

const route = (overrides: Partial<Route>): Route => ({ ...emptyRoute, ...overrides });
const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('parseRoute', () => {
  it('reads upper-case names first, then lower-case', () => {
    expect(parseRoute('?panel_tab=gift&PANEL_TAB=QR').tab).toBe('QR');
    expect(parseRoute('?panel_tab=gift').tab).toBe('GIFT');
    expect(parseRoute('?panel_overlay_tab=hub').overlay).toBe('HUB');
    expect(parseRoute('?user_ticket_id=MTI%3D&settings_tab=ACCOUNT_VERIFICATION')).toEqual(
      route({ userTicketId: 'MTI=', settingsTab: 'ACCOUNT_VERIFICATION' }),
    );
  });

  it('ignores unknown panels and overlays', () => {
    expect(parseRoute('?PANEL_TAB=NOPE&PANEL_OVERLAY_TAB=MENU')).toEqual(emptyRoute);
    expect(parseRoute('')).toEqual(emptyRoute);
  });
});

describe('hasPanelRoute (the loader fetches the app for it)', () => {
  it('is true for a panel or the overlay the wallet knows, in any parameter case', () => {
    expect(hasPanelRoute('?PANEL_TAB=LOGIN')).toBe(true);
    expect(hasPanelRoute('?q=1&panel_tab=qr')).toBe(true);
    expect(hasPanelRoute('?panel_overlay_tab=hub')).toBe(true);
  });

  it('is false for the host page’s own parameters and for unknown panels', () => {
    expect(hasPanelRoute('')).toBe(false);
    expect(hasPanelRoute('?page=2&USER_TICKET_ID=x')).toBe(false);
    expect(hasPanelRoute('?PANEL_TAB=NOPE&PANEL_OVERLAY_TAB=MENU')).toBe(false);
  });
});

describe('resolveRoute (panel guard)', () => {
  it('sends every protected panel and the HUB to LOGIN without a token', () => {
    for (const tab of ['PERSONAL_DATA', 'QR', 'REDEEM', 'RESELL', 'SWAP', 'SETTINGS', 'MY_TICKET', 'TICKET', 'GIFT'] as const) {
      expect(resolveRoute(route({ tab, userTicketId: 'x' }), false)).toEqual(route({ tab: 'LOGIN' }));
    }
    expect(resolveRoute(route({ overlay: 'HUB' }), false)).toEqual(route({ tab: 'LOGIN' }));
    // Over a public panel only the overlay is refused.
    expect(resolveRoute(route({ tab: 'OTP', overlay: 'HUB' }), false)).toEqual(route({ tab: 'OTP' }));
  });

  it('lets OTP and LOGIN through without a token, and nothing stays nothing', () => {
    expect(resolveRoute(route({ tab: 'OTP' }), false)).toEqual(route({ tab: 'OTP' }));
    expect(resolveRoute(route({ tab: 'LOGIN' }), false)).toEqual(route({ tab: 'LOGIN' }));
    expect(resolveRoute(emptyRoute, false)).toEqual(emptyRoute);
  });

  it('moves LOGIN with a token to QR with the HUB', () => {
    expect(resolveRoute(route({ tab: 'LOGIN' }), true)).toEqual(route({ tab: 'QR', overlay: 'HUB' }));
  });

  it('sends a single ticket without an id to my tickets', () => {
    expect(resolveRoute(route({ tab: 'TICKET' }), true)).toEqual(route({ tab: 'MY_TICKET' }));
    expect(resolveRoute(route({ tab: 'TICKET', userTicketId: 'MTI=' }), true)).toEqual(route({ tab: 'TICKET', userTicketId: 'MTI=' }));
  });

  it('is idempotent', () => {
    for (const signedIn of [true, false]) {
      for (const requested of [route({ tab: 'LOGIN' }), route({ tab: 'TICKET' }), route({ overlay: 'HUB' })]) {
        const once = resolveRoute(requested, signedIn);
        expect(resolveRoute(once, signedIn)).toEqual(once);
      }
    }
  });
});

describe('withRoute', () => {
  it('replaces the wallet parameters in either case and keeps the host parameters and hash', () => {
    const location = at('/en/events/1', '?utm=mail&panel_tab=qr&PANEL_OVERLAY_TAB=HUB&user_ticket_id=9', '#top');
    expect(toUrl(withRoute(location, route({ tab: 'GIFT' })))).toBe('/en/events/1?utm=mail&PANEL_TAB=GIFT#top');
    expect(toUrl(withRoute(location, emptyRoute))).toBe('/en/events/1?utm=mail#top');
    expect(toUrl(withRoute(at('/en', '?PANEL_TAB=QR'), emptyRoute))).toBe('/en');
  });

  it('encodes the user ticket id', () => {
    const location = withRoute(at('/en'), route({ tab: 'TICKET', userTicketId: 'MTI=' }));
    expect(location.search).toBe('?PANEL_TAB=TICKET&USER_TICKET_ID=MTI%3D');
    expect(parseRoute(location.search).userTicketId).toBe('MTI=');
  });
});

describe('language segment', () => {
  it('reads the first path segment, default en', () => {
    expect(languageOf('/es/events/1')).toBe('es');
    expect(languageOf('/EN')).toBe('en');
    expect(languageOf('/events/1')).toBe('en');
    expect(languageOf('/')).toBe('en');
  });

  it('replaces the segment, or adds it when the path has none', () => {
    expect(toUrl(withLanguage(at('/en/events/1', '?PANEL_TAB=QR'), 'es'))).toBe('/es/events/1?PANEL_TAB=QR');
    expect(withLanguage(at('/es'), 'en').pathname).toBe('/en');
    expect(withLanguage(at('/events/1'), 'es').pathname).toBe('/es/events/1');
    expect(withLanguage(at('/'), 'es').pathname).toBe('/es/');
  });
});

describe('the tab table', () => {
  it('sends a panel missing a required parameter to another panel of the table', () => {
    const redirects = panelTabs.flatMap((tab) => {
      const row: TabRow = tabTable[tab];
      return row.requires ? [row.requires.otherwise] : [];
    });
    expect(redirects.length).toBeGreaterThan(0);
    for (const target of redirects) expect(isPanelTab(target), target).toBe(true);
  });

  it('names a title for every panel, and only flows it knows', () => {
    for (const tab of panelTabs) {
      const row: TabRow = tabTable[tab];
      expect(row.title, tab).toMatch(/^title\./);
      if (row.flow) expect(flowIds, tab).toContain(row.flow);
    }
  });
});
