// Derived values of the wallet's router for the views (pure functions of the wallet's snapshot).
import type { Language } from '../src/contract/languages';
import { languageOf, parseRoute, type Route } from './panel.location';
import { flowIds, type PanelOverlay, type PanelTab, tabTable } from './tabs';
import type { WalletSnapshot } from './wallet';

export type SettingsTab = 'ACCOUNT_VERIFICATION' | 'PERSONAL_INFO';

export function selectIsOpen(snapshot: WalletSnapshot): boolean {
  return snapshot.matches({ panel: 'open' });
}

export function selectRoute(snapshot: WalletSnapshot): Route {
  return parseRoute(snapshot.context.location.search);
}

/** The panel tab shown, or null when none is open (the wallet is closed or only the HUB is open). */
export function selectTab(snapshot: WalletSnapshot): PanelTab | null {
  return selectIsOpen(snapshot) ? selectRoute(snapshot).tab : null;
}

export function selectOverlay(snapshot: WalletSnapshot): PanelOverlay | null {
  return selectIsOpen(snapshot) ? selectRoute(snapshot).overlay : null;
}

/** The open panel's flow could not be downloaded (the screen offers Try again: `panel.retryFlow`). */
export function selectFlowFailed(snapshot: WalletSnapshot): boolean {
  return flowIds.some((flow) => snapshot.matches({ panel: { open: { tab: { [flow]: 'failed' } } } }));
}

/** The open panel's flow runs (or the panel has none): its screen can show. */
export function selectFlowReady(snapshot: WalletSnapshot): boolean {
  const tab = selectTab(snapshot);
  const flow = tab ? tabTable[tab].flow : null;
  return flow === null || snapshot.matches({ panel: { open: { tab: { [flow]: 'running' } } } });
}

/** The HUB is on screen (also while it fades out). */
export function selectIsHubVisible(snapshot: WalletSnapshot): boolean {
  return (
    snapshot.matches({ panel: { open: { overlay: 'hub' } } }) || snapshot.matches({ panel: { open: { overlay: 'hubFading' } } })
  );
}

export function selectIsHubFading(snapshot: WalletSnapshot): boolean {
  return snapshot.hasTag('fading');
}

/** The page behind the open wallet must not scroll (the machine locks it through lockPageScroll). */
export function selectLocksPageScroll(snapshot: WalletSnapshot): boolean {
  return snapshot.hasTag('modal');
}

/** SPEC §2: ACCOUNT_VERIFICATION opens the payout tab; any other value or none opens the account tab. */
export function selectSettingsTab(snapshot: WalletSnapshot): SettingsTab {
  return selectRoute(snapshot).settingsTab?.toUpperCase() === 'ACCOUNT_VERIFICATION' ? 'ACCOUNT_VERIFICATION' : 'PERSONAL_INFO';
}

export function selectLanguage(snapshot: WalletSnapshot): Language {
  return languageOf(snapshot.context.location.pathname);
}

export function selectIsSignedIn(snapshot: WalletSnapshot): boolean {
  return snapshot.matches({ session: 'signedIn' });
}

/** What is on top, for the document title: the HUB while it covers the panel, else the panel, else nothing. */
export function selectTitleScreen(snapshot: WalletSnapshot): PanelTab | PanelOverlay | null {
  return selectIsHubVisible(snapshot) ? 'HUB' : selectTab(snapshot);
}

export function selectSession(snapshot: WalletSnapshot) {
  return snapshot.children.session;
}
