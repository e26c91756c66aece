// The view side of the registry: each panel of machines/tabs.ts (a tab, or the HUB overlay) mapped to its screen, a
// lazy chunk, and, for the panels the HUB offers, its tile. The type is the registry's `PanelName`, so a panel
// missing here (or one the registry does not name) fails the typecheck. The machines never import this: the app
// hands `panelScreens` to createWallet (machines/create-wallet.ts), whose router downloads a panel's screen through
// it before the panel shows (machines/router.ts), and the shell draws the screen once it is here (`loadedScreen`).
import type { ComponentType } from 'react';
import { chunkCache } from '../../machines/chunk-cache';
import type { PanelScreens } from '../../machines/flows';
import { type PanelName, type PanelTab, panelNames } from '../../machines/tabs';
import { iconPath } from './components/icon-paths' with { type: 'macro' };
import { loadedPart, loadPart } from './view-parts';

/** A screen's chunk: its default export is the screen. */
export interface ScreenModule {
  default: ComponentType;
  /**
   * Parts the screen loads on demand, a chunk each (the QR screen's learn-more panel): not needed to draw the panel,
   * so not in the first one; the background prefetch fetches them after the screens (machines/flows.ts).
   */
  later?: ReadonlyArray<() => Promise<unknown>>;
}

/** Where the HUB shows a panel's tile: a large tile, one of the "Manage tickets" grid (`wide`: a row of its own), or the profile card's button. */
export type HubPlace = 'feature' | 'manage' | 'wide' | 'profile';

export interface HubTile {
  place: HubPlace;
  /** Path data: `iconPath(name)`. */
  icon: string;
  /** Locale keys of the tile's label and its one-line hint. */
  label: string;
  hint?: string;
}

export interface PanelView {
  screen: () => Promise<ScreenModule>;
  /** The HUB's tile leading to this panel, in table order within its place. */
  hub?: HubTile;
}

/** Every panel's screen (src/web/screens/<name>.tsx) and its HUB tile. */
export const panelViews = {
  LOGIN: { screen: () => import('./screens/login-screen') },
  OTP: { screen: () => import('./screens/otp-screen') },
  PERSONAL_DATA: { screen: () => import('./screens/personal-data-screen') },
  QR: {
    screen: () => import('./screens/qr-screen'),
    hub: { place: 'feature', icon: iconPath('qr'), label: 'hub.my_qr', hint: 'hub.my_qr_hint' },
  },
  MY_TICKET: {
    screen: () => import('./screens/my-tickets-screen'),
    hub: { place: 'feature', icon: iconPath('ticket'), label: 'hub.my_tickets', hint: 'hub.my_tickets_hint' },
  },
  TICKET: { screen: () => import('./screens/ticket-screen') },
  HISTORY: { screen: () => import('./screens/history-screen') },
  GIFT: { screen: () => import('./screens/gift-screen'), hub: { place: 'manage', icon: iconPath('gift'), label: 'hub.gift' } },
  SWAP: { screen: () => import('./screens/swap-screen'), hub: { place: 'manage', icon: iconPath('swap'), label: 'hub.swap' } },
  RESELL: { screen: () => import('./screens/resell-screen'), hub: { place: 'manage', icon: iconPath('resell'), label: 'hub.resell' } },
  // A code from a ticket PDF: the PDF's "How to redeem" names this label (pdf.how_choose).
  REDEEM: { screen: () => import('./screens/redeem-screen'), hub: { place: 'wide', icon: iconPath('unlock'), label: 'hub.redeem' } },
  SETTINGS: {
    screen: () => import('./screens/settings-screen'),
    hub: { place: 'profile', icon: iconPath('settings'), label: 'hub.settings' },
  },
  HUB: { screen: () => import('./screens/hub-screen') },
} as const satisfies { [P in PanelName]: PanelView };

type Views = typeof panelViews;
/** The panels the HUB has a tile for. */
export type HubTarget = { [P in PanelName]: Views[P] extends { hub: HubTile } ? P : never }[PanelName] & PanelTab;

/** The HUB's tiles in table order: a tab each. */
export const hubTiles = (Object.keys(panelViews) as PanelName[]).flatMap((name) => {
  const hub = (panelViews[name] as PanelView).hub;
  return hub ? [{ tab: name as HubTarget, ...hub }] : [];
});

const screenChunks = chunkCache<PanelName, ScreenModule>((name) => panelViews[name].screen());

/** A panel's screen, once its chunk is here. */
export function loadedScreen(name: PanelName): ScreenModule['default'] | undefined {
  return screenChunks.get(name)?.default;
}

/** What the router downloads screens through (createWallet's `screens`). */
export const panelScreens: PanelScreens = {
  load: (name) => screenChunks.load(name).then(() => {}),
  isLoaded: (name) => screenChunks.get(name) !== undefined,
  later: (name) => screenChunks.get(name)?.later ?? [],
  loadPart,
  isPartLoaded: (part) => loadedPart(part) !== undefined,
};

/** Every screen's chunk (web tests load them up front, so a screen renders in the frame its panel opens). */
export function preloadScreens(): Promise<unknown> {
  return Promise.all(panelNames.map((name) => screenChunks.load(name)));
}
