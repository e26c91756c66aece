// The panel machine's test model, shared by tests/machines/panel.test.ts (paths on the actor) and
// tests/web/panel-paths.test.tsx (the same model, kept to what a person can do on the screens).
import type { PanelEvent, PanelInput } from '../../machines/panel';
import type { BrowserLocation } from '../../machines/panel.location';

/** The host page's address with `search`. */
export const at = (search: string, pathname = '/en/events/spring-fest'): BrowserLocation => ({ pathname, search, hash: '' });

export type PanelModelEvent = PanelEvent | { type: 'after.hubFade' };

/** Sample events: every way the panel can move, with the payloads the screens send. */
export const panelSampleEvents: PanelModelEvent[] = [
  { type: 'panel.open', tab: 'QR' },
  { type: 'panel.open', tab: 'LOGIN' },
  { type: 'panel.open', tab: 'OTP' },
  { type: 'panel.open', tab: 'TICKET', userTicketId: 'dGlja2V0LTQy' },
  { type: 'panel.open', tab: 'TICKET' },
  { type: 'panel.open', tab: 'SETTINGS', settingsTab: 'ACCOUNT_VERIFICATION' },
  { type: 'panel.open', tab: null, overlay: 'HUB' },
  { type: 'panel.openHub' },
  { type: 'panel.closeHub' },
  { type: 'panel.close' },
  { type: 'panel.back' },
  { type: 'panel.changeLanguage', lang: 'es' },
  { type: 'panel.locationChanged', location: at('?utm=mail&PANEL_TAB=GIFT') },
  { type: 'panel.locationChanged', location: at('?panel_tab=qr&panel_overlay_tab=hub') },
  { type: 'session.changed', signedIn: true },
  { type: 'session.changed', signedIn: false },
  // The launcher, the HUB tiles, and browser back to the host page without the wallet.
  { type: 'panel.open', tab: 'QR', overlay: 'HUB' },
  { type: 'panel.open', tab: 'MY_TICKET' },
  { type: 'panel.open', tab: 'GIFT' },
  { type: 'panel.open', tab: 'SWAP' },
  { type: 'panel.open', tab: 'RESELL' },
  { type: 'panel.open', tab: 'SETTINGS' },
  { type: 'panel.locationChanged', location: at('?utm=mail') },
  { type: 'after.hubFade' },
];

export const panelStarts: Array<{ name: string; input: PanelInput }> = [
  { name: 'host page, signed out', input: { location: at('?utm=mail'), signedIn: false } },
  { name: 'LOGIN link while signed in', input: { location: at('?panel_tab=login'), signedIn: true } },
];
