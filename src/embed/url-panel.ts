// What the loader reads from the page's URL before the app exists: the panel it asks for, if any. The same reading
// as machines/panel.location.ts (parameter names upper-case first, then lower-case; values in any case), over the
// names of the one table of tabs (tests/unit/url-panel.test.ts keeps the two in agreement).
import type { PanelTab } from '../../machines/tabs';
import { panelNames } from './panel-names' with { type: 'macro' };

const names = panelNames();

/** The launcher's panel: the entry QR with the HUB (the guard sends a signed-out person to sign-in). */
export const launcherPanel = names.launcher;

export function isTabName(value: string | null | undefined): value is PanelTab {
  return value != null && (names.tabs as string[]).includes(value);
}

function param(params: URLSearchParams, name: string): string | null {
  return params.get(name) || params.get(name.toLowerCase()) || null;
}

/** The PANEL_TAB the URL names, upper-cased, when the wallet has it. */
export function urlTab(search: string): PanelTab | null {
  const tab = param(new URLSearchParams(search), 'PANEL_TAB')?.toUpperCase();
  return isTabName(tab) ? tab : null;
}

/** Whether the URL asks for the wallet open: a tab or an overlay the wallet has. */
export function urlOpensPanel(search: string): boolean {
  const overlay = param(new URLSearchParams(search), 'PANEL_OVERLAY_TAB')?.toUpperCase();
  return urlTab(search) !== null || (overlay !== undefined && (names.overlays as string[]).includes(overlay));
}
