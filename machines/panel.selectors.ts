// Derived values of the wallet's router for the views (pure functions of the wallet's snapshot).
import { parseRoute, type Route } from './panel.location';
import { inFlow, selectFlowQuestion, selectIsHubFading } from './panel.screen-selectors';
import { type FlowId, type PanelOverlay, type PanelTab, tabTable } from './tabs';
import type { WalletSnapshot } from './wallet';

// The screens' chunks import these from panel.screen-selectors.ts (see there why); the entry's views from here.
export { selectIsHubFading, selectLanguage } from './panel.screen-selectors';

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

/** The state of the open tab's flow (its chunks loading, failed, running or crashed), as a state value to match. */
function flowStateOf(snapshot: WalletSnapshot): FlowId | null {
  const tab = selectTab(snapshot);
  return tab ? tabTable[tab].flow : null;
}

/** The HUB's screen and logout flow are here (or it fades out): the HUB can show. */
export function selectIsHubReady(snapshot: WalletSnapshot): boolean {
  return snapshot.matches({ panel: { open: { overlay: { hub: 'running' } } } }) || selectIsHubFading(snapshot);
}

/** The open panel could not be downloaded (its screen or its flow's machine, or the HUB's): Try again (`panel.retryFlow`). */
export function selectPanelFailed(snapshot: WalletSnapshot): boolean {
  const flow = flowStateOf(snapshot);
  const tabFailed = flow !== null && (inFlow(snapshot, flow, 'failed') || inFlow(snapshot, flow, { running: 'screenFailed' }));
  return tabFailed || snapshot.matches({ panel: { open: { overlay: { hub: 'failed' } } } });
}

/** The open panel's flow crashed: the fallback panel shows "Something went wrong" and Try again (`panel.retryFlow`). */
export function selectFlowCrashed(snapshot: WalletSnapshot): boolean {
  const flow = flowStateOf(snapshot);
  return flow !== null && inFlow(snapshot, flow, 'crashed');
}

/**
 * The open panel can show: its flow runs with the screen of the tab in the route downloaded (a tab-less wallet, the
 * HUB alone, has nothing to wait for), and the HUB's too when it is open over the panel.
 */
export function selectPanelReady(snapshot: WalletSnapshot): boolean {
  const flow = flowStateOf(snapshot);
  const tabReady =
    flow === null ||
    (inFlow(snapshot, flow, 'running') && !inFlow(snapshot, flow, { running: 'showing' }) && !inFlow(snapshot, flow, { running: 'screenFailed' }));
  const hubWanted = selectOverlay(snapshot) === 'HUB' && selectIsHubVisible(snapshot);
  return tabReady && (!hubWanted || selectIsHubReady(snapshot));
}

/** The HUB is on screen (also while it fades out). */
export function selectIsHubVisible(snapshot: WalletSnapshot): boolean {
  return (
    snapshot.matches({ panel: { open: { overlay: 'hub' } } }) || snapshot.matches({ panel: { open: { overlay: 'hubFading' } } })
  );
}

/** The page behind the open wallet must not scroll (the machine locks it through lockPageScroll). */
export function selectLocksPageScroll(snapshot: WalletSnapshot): boolean {
  return snapshot.hasTag('modal');
}

/** docs/product.md §2: ACCOUNT_VERIFICATION opens the payout tab; any other value or none opens the account tab. */
export function selectSettingsTab(snapshot: WalletSnapshot): SettingsTab {
  return selectRoute(snapshot).settingsTab?.toUpperCase() === 'ACCOUNT_VERIFICATION' ? 'ACCOUNT_VERIFICATION' : 'PERSONAL_INFO';
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

/**
 * "Discard?" over the running flow (machines/router.ts, the `editing`/`asking`/`discarding` states of the gift, swap and resell panels): 'asking' while the question is open,
 * 'discarding' while the flow lets go of what it held before the wallet closes, else null.
 */
export function selectDiscardQuestion(snapshot: WalletSnapshot): 'asking' | 'discarding' | null {
  const flow = flowStateOf(snapshot);
  return flow === null ? null : selectFlowQuestion(snapshot, flow);
}
