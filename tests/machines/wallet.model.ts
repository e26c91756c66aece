// The wallet router's test model, shared by tests/machines/wallet-router.test.ts (paths on the actor) and
// tests/web/panel-paths.test.tsx (the same model, kept to what a person can do on the screens).
import { setup } from 'xstate';
import type { BrowserLocation } from '../../machines/panel.location';
import type { WalletServices } from '../../machines/services';
import type { WalletEvent, WalletInput } from '../../machines/wallet';

/** The host page's address with `search`. */
export const at = (search: string, pathname = '/en/events/spring-fest'): BrowserLocation => ({ pathname, search, hash: '' });

export type WalletModelEvent =
  | WalletEvent
  | { type: 'after.hubFade' }
  | { type: 'loadFlow.done' }
  | { type: 'loadFlow.error'; error: unknown }
  | { type: 'loadLogout.done' }
  | { type: 'loadLogout.error'; error: unknown };

const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

/** Sample events: every way the router and the session can move, with the payloads the screens and flows send. */
export const walletSampleEvents: WalletModelEvent[] = [
  { type: 'panel.open', tab: 'QR' },
  { type: 'panel.open', tab: 'LOGIN' },
  { type: 'panel.open', tab: 'OTP' },
  { type: 'panel.open', tab: 'PERSONAL_DATA' },
  { type: 'panel.open', tab: 'TICKET', userTicketId: 'NDI' },
  { type: 'panel.open', tab: 'TICKET', userTicketId: 'NTU' },
  { type: 'panel.open', tab: 'TICKET' },
  { type: 'panel.open', tab: 'SETTINGS', settingsTab: 'ACCOUNT_VERIFICATION' },
  { type: 'panel.open', tab: null, overlay: 'HUB' },
  { type: 'panel.openHub' },
  { type: 'panel.closeHub' },
  { type: 'panel.close' },
  { type: 'panel.back' },
  { type: 'panel.changeLanguage', lang: 'es' },
  { type: 'panel.setParams', params: { ticketsTab: 'PAST' } },
  { type: 'panel.locationChanged', location: at('?utm=mail&PANEL_TAB=GIFT') },
  { type: 'panel.locationChanged', location: at('?panel_tab=qr&panel_overlay_tab=hub') },
  { type: 'session.signIn', ...tokens },
  { type: 'session.tokensRotated', tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } },
  { type: 'session.signOut' },
  { type: 'session.expired' },
  { type: 'notify', kind: 'error', key: 'request_failed' },
  // The launcher, the HUB tiles, and browser back to the host page without the wallet.
  { type: 'panel.open', tab: 'QR', overlay: 'HUB' },
  { type: 'panel.open', tab: 'MY_TICKET' },
  { type: 'panel.open', tab: 'GIFT' },
  { type: 'panel.open', tab: 'SWAP' },
  { type: 'panel.open', tab: 'RESELL' },
  { type: 'panel.open', tab: 'SETTINGS' },
  { type: 'panel.open', tab: 'REDEEM' },
  { type: 'panel.locationChanged', location: at('?utm=mail') },
  { type: 'after.hubFade' },
  // The open panel's flow downloads, or fails to (offline), and Try again.
  { type: 'loadFlow.done' },
  { type: 'loadFlow.error', error: 'offline' },
  { type: 'panel.retryFlow' },
  // The HUB's logout flow downloads with it, or fails to.
  { type: 'loadLogout.done' },
  { type: 'loadLogout.error', error: 'offline' },
];

/** The model runs without services: the flows are stubs (each is tested on its own). */
export const noServices = {} as WalletServices;

export const walletStarts: Array<{ name: string; input: WalletInput }> = [
  { name: 'host page, signed out', input: { location: at('?utm=mail'), tokens: null, services: noServices } },
  { name: 'LOGIN link while signed in', input: { location: at('?panel_tab=login'), tokens, services: noServices } },
];

/** A child that does nothing: the router's tests check which flows run, not what they do. */
export const stubFlow = setup({}).createMachine({ id: 'stub' });

/** The wallet's children replaced by stubs. */
export const stubChildren = {
  session: stubFlow,
  login: stubFlow,
  qr: stubFlow,
  myTickets: stubFlow,
  ticket: stubFlow,
  redeem: stubFlow,
  settings: stubFlow,
  gift: stubFlow,
  resell: stubFlow,
  swap: stubFlow,
  logout: stubFlow,
};
