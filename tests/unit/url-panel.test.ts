// The loader reads the URL with its own small reader (src/embed/url-panel.ts) so that it need not carry the table of
// tabs; it must read every URL exactly as the wallet's router does (machines/panel.location.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPanelRoute, parseRoute } from '../../machines/panel.location';
import { launcherRoute, panelTabs } from '../../machines/tabs';
import { isTabName, launcherPanel, urlOpensPanel, urlTab } from '../../src/embed/url-panel';

const names = ['PANEL_TAB', 'panel_tab', 'Panel_Tab', 'PANEL_OVERLAY_TAB', 'panel_overlay_tab', 'utm', 'USER_TICKET_ID'];
const values = [...panelTabs, ...panelTabs.map((tab) => tab.toLowerCase()), 'HUB', 'hub', 'Hub', '', 'NOPE', 'qr ', 'LOGIN&x'];

describe('the loader reads the URL as the router does', () => {
  it('for any mix of parameters, names and values', () => {
    const search = fc
      .array(fc.tuple(fc.constantFrom(...names), fc.constantFrom(...values)), { maxLength: 4 })
      .map((pairs) => `?${pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`);
    fc.assert(
      fc.property(search, (query) => {
        expect(urlOpensPanel(query)).toBe(hasPanelRoute(query));
        expect(urlTab(query)).toBe(parseRoute(query).tab);
      }),
      { numRuns: 500 },
    );
  });

  it('knows the same tabs and the launcher panel as the table', () => {
    for (const tab of panelTabs) expect(isTabName(tab)).toBe(true);
    expect(isTabName('SWAPS')).toBe(false);
    expect(launcherPanel).toEqual(launcherRoute);
  });
});
