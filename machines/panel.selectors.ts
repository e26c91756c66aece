// Derived values of the panel machine for the views (pure functions of a snapshot).
import type { SnapshotFrom } from 'xstate';
import type { PanelMachine } from './panel';
import { languageOf, parseRoute, type Language, type PanelOverlay, type PanelTab } from './panel.location';

export type PanelSnapshot = SnapshotFrom<PanelMachine>;
export type SettingsTab = 'ACCOUNT_VERIFICATION' | 'PERSONAL_INFO';

/** The panel tab shown, or null when none is open (the wallet is closed or only the HUB is open). */
export function selectTab(snapshot: PanelSnapshot): PanelTab | null {
  return snapshot.matches('open') ? parseRoute(snapshot.context.location.search).tab : null;
}

export function selectOverlay(snapshot: PanelSnapshot): PanelOverlay | null {
  return snapshot.matches('open') ? parseRoute(snapshot.context.location.search).overlay : null;
}

export function selectIsOpen(snapshot: PanelSnapshot): boolean {
  return snapshot.matches('open');
}

/** The HUB is on screen (also while it fades out). */
export function selectIsHubVisible(snapshot: PanelSnapshot): boolean {
  return snapshot.matches({ open: { overlay: 'hub' } }) || snapshot.matches({ open: { overlay: 'hubFading' } });
}

export function selectIsHubFading(snapshot: PanelSnapshot): boolean {
  return snapshot.hasTag('fading');
}

/** The page behind the wallet must not scroll (the machine also locks it through lockPageScroll). */
export function selectLocksPageScroll(snapshot: PanelSnapshot): boolean {
  return snapshot.hasTag('modal');
}

/** USER_TICKET_ID, still encoded. */
export function selectUserTicketId(snapshot: PanelSnapshot): string | null {
  return parseRoute(snapshot.context.location.search).userTicketId;
}

/** SPEC §2: ACCOUNT_VERIFICATION opens the payout tab; any other value or none opens the account tab. */
export function selectSettingsTab(snapshot: PanelSnapshot): SettingsTab {
  return parseRoute(snapshot.context.location.search).settingsTab?.toUpperCase() === 'ACCOUNT_VERIFICATION'
    ? 'ACCOUNT_VERIFICATION'
    : 'PERSONAL_INFO';
}

export function selectLanguage(snapshot: PanelSnapshot): Language {
  return languageOf(snapshot.context.location.pathname);
}

/** The meta.screen of the visible panel tab (or the HUB when only it is open). */
export function selectScreen(snapshot: PanelSnapshot): string | null {
  let screen: string | null = null;
  for (const meta of Object.values(snapshot.getMeta()) as Array<{ screen?: string } | undefined>) {
    if (meta?.screen && meta.screen !== 'HUB') return meta.screen;
    if (meta?.screen) screen = meta.screen;
  }
  return screen;
}
