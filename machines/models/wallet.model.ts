// The wallet router's test model, shared by tests/machines/wallet-router.test.ts (paths on the actor) and
// tests/web/panel-paths.test.tsx (the same model, kept to what a person can do on the screens).
import { setup } from 'xstate';
import type { BrowserLocation } from '../panel.location';
import { flowIds, lazyFlowIds, tabsOfFlow } from '../tabs';
import type { WalletServices } from '../services';
import { type WalletContext, walletMachine, type WalletEvent, type WalletInput } from '../wallet';
import { snapshotOnly } from './model';
import { modelSpec } from './model-spec';

/** The host page's address with `search`. */
export const at = (search: string, pathname = '/en/events/spring-fest'): BrowserLocation => ({ pathname, search, hash: '' });

export type WalletModelEvent =
  | WalletEvent
  | { type: 'after.hubFade' }
  | { type: 'loadPanel.done' }
  | { type: 'loadPanel.error'; error: unknown }
  | { type: 'loadScreen.done' }
  | { type: 'loadScreen.error'; error: unknown }
  | { type: 'loadHub.done' }
  | { type: 'loadHub.error'; error: unknown }
  /** A child crashed: the session, or a flow of the registry. */
  | { type: `${string}.error`; error: unknown };

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
  { type: 'panel.open', tab: 'HISTORY', userTicketId: 'NDI' },
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
  // The host page's sign-in hand-off (src/embed/loader.ts).
  { type: 'session.handedOver', accessToken: 'access-host', refreshToken: 'refresh-host' },
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
  // The gift e-mail's link (a ticket) signed out; the share page's "Sign in to buy"; the sign-in flow is done.
  { type: 'panel.locationChanged', location: at('?PANEL_TAB=TICKET&USER_TICKET_ID=NDI') },
  { type: 'panel.open', tab: 'LOGIN', returnToPage: true },
  { type: 'panel.continue' },
  // Closing over a flow that may hold half-done input: the flow's answer ("Discard?" or close), then the question's.
  { type: 'panel.askDiscard' },
  { type: 'panel.dismiss' },
  { type: 'panel.keepEditing' },
  { type: 'panel.discard' },
  { type: 'after.hubFade' },
  // The open panel's chunks (flow and screen) download, or fail to (offline), and Try again.
  { type: 'loadPanel.done' },
  { type: 'loadPanel.error', error: 'offline' },
  { type: 'panel.retryFlow' },
  // The sign-in flow moves to another tab: its screen downloads, or fails to.
  { type: 'loadScreen.done' },
  { type: 'loadScreen.error', error: 'offline' },
  // The HUB's screen and logout flow download with it, or fail to.
  { type: 'loadHub.done' },
  { type: 'loadHub.error', error: 'offline' },
  // A child crashes: the session, or the flow that runs (each of the registry's).
  ...['session', ...lazyFlowIds].map((id) => ({ type: `${id}.error`, error: 'crash' }) as const),
];

/** The model runs without services: the flows are stubs (each is tested on its own); crashes are logged nowhere. */
export const noServices = { platform: { log: () => {} } } as unknown as WalletServices;

export const walletStarts: Array<{ name: string; input: WalletInput }> = [
  { name: 'host page, signed out', input: { location: at('?utm=mail'), tokens: null, services: noServices } },
  { name: 'LOGIN link while signed in', input: { location: at('?panel_tab=login'), tokens, services: noServices } },
];

/** Makes a stub child crash (its action throws), as a flow with a bug would. */
export const crash = { type: 'stub.crash' } as const;

/** A child that does nothing but crash when told: the router's tests check which flows run, not what they do. */
export const stubFlow = setup({}).createMachine({
  id: 'stub',
  on: {
    'stub.crash': {
      actions: () => {
        throw new Error('crash');
      },
    },
  },
});

/** The wallet's children replaced by stubs: the session and every flow of the registry. */
export const stubChildren = Object.fromEntries(['session', ...lazyFlowIds].map((id) => [id, stubFlow]));

/**
 * The model downloads every flow each time its panel opens (no flow counts as loaded), so the paths cover loading, a
 * failed download and Try again; the effects tests start with every flow loaded, as after the first visit.
 */
export const neverLoaded = { panelLoaded: () => false, screenLoaded: () => false };

/**
 * The eventless branch for chunks already here (a panel opened before) is what every 'wallet effects' test in
 * tests/machines/wallet-router.test.ts takes, starting with every chunk loaded: each opens a panel (and the sign-in
 * tabs, the HUB) at once. The model itself downloads every chunk each time (`neverLoaded`).
 */
const alreadyDownloaded = Object.fromEntries(
  [
    ...flowIds.map((flow) => `wallet.panel.open.tab.${flow}.loading always`),
    ...flowIds.filter((flow) => tabsOfFlow(flow).length > 1).map((flow) => `wallet.panel.open.tab.${flow}.running.showing always`),
    'wallet.panel.open.overlay.hub.loading always',
  ].map((id) => [id, 'the chunks are already here: taken by the wallet effects tests, which start with every chunk loaded']),
);

/** The actions that talk to a child (the sign-in flow, the prefetch, a flow asked about closing): no-ops without children. */
export const noChildActions = { showLoginTab: () => {}, showToast: () => {}, prefetchAhead: () => {}, askFlowToClose: () => {}, askFlowToDiscard: () => {}, askFlowToKeep: () => {} };

/**
 * The wallet's model-based test (tests/machines/wallet-router.test.ts, the visualiser's paths). The model has no
 * children (invokes become events), so the actions that talk to a child (the sign-in flow, the prefetch) are no-ops in it.
 */
export const walletSpec = modelSpec({
  name: 'wallet',
  machine: walletMachine.provide({ actions: { ...noChildActions }, guards: neverLoaded }),
  starts: walletStarts.map((start) => ({ name: start.name, input: () => start.input })),
  events: walletSampleEvents as WalletEvent[],
  // One vertex per state value, address and shown panel, as before the return-to: which one is held changes no
  // transition (`panel.continue` is one), and the effects tests check where each kind leads.
  serializeState: (snapshot) => {
    const { location, shown } = snapshot.context as WalletContext;
    return JSON.stringify({ value: snapshot.value, location, shown });
  },
  serializeTransition: snapshotOnly,
  // Measured: 119,504 offers and 1,997 paths (every panel × address × shown panel); the budget leaves a quarter more.
  budget: { offers: 150_000, paths: 2_500 },
  excused: {
    'wallet on watchHistory.error': 'the popstate listener cannot fail in a browser; the branch only logs',
    'wallet on frame.error': 'the frame catches its downloads\' failures itself; the branch only logs',
    'wallet on prefetch.error': 'the downloads ahead catch their own failures (the panel retries its own); the branch only logs',
    // Every address with a PANEL_STEP would be a vertex of its own (about twice the paths, past the budget).
    'wallet.panel on panel.pushStep': 'a flow step in the history: taken with the real flows by tests/web/back-forward.test.tsx (push once, none on Forward)',
    ...alreadyDownloaded,
  },
});
