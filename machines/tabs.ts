// The one registry of the wallet's flows (docs/product.md §2 PANEL_TAB): one row per flow, naming its machine (a lazy chunk),
// the input its panel state gives it, and its panels: for each tab (or the HUB overlay) the screen (a lazy chunk),
// whether it needs an access token, its document title, the locale prefixes its screen brings and the URL parameters
// it reads. Everything else is derived from the rows: `flowIds`, the tab table, the loaders (machines/flows.ts), the
// router's states, actors, `children` type and inputs (machines/router.ts, machines/wallet.setup.ts), the machine
// registry (machines/index.ts), the screens (machines/flows.ts), the strings by chunk
// (src/web/locale-strings.ts) and the test stubs. Adding a flow is one row here plus the flow's own files
// (tests/machines/flow-registry.test.ts fails when a list of flows is written anywhere else).
//
// Every panel is modal: the open wallet is one aria-modal dialog that locks the host page's scrolling
// (docs/decisions/0009-one-table-of-tabs.md). The embed loader reads this file only at build time (a Parcel macro,
// src/embed/panel-names.ts), and the wallet's first chunk only runs its plain parts: the machines and screens are
// `() => import(…)` thunks, separate chunks loaded when a panel opens.
import type { Language } from '../src/contract/languages';
import type { Route } from './panel.location';
import type { WalletServices } from './services';
import { settingsTabOf } from './settings.tab';
import { decodeUserTicketId } from './ticket-id';

/** The wallet's query parameters besides PANEL_TAB and PANEL_OVERLAY_TAB (docs/product.md §2, plus TICKETS_TAB). */
export const routeParams = {
  /** Encoded user ticket id: the single ticket, or the ticket to preselect (gift, swap, resell). */
  userTicketId: 'USER_TICKET_ID',
  /** ACCOUNT_VERIFICATION opens the payout tab of the settings; anything else the account tab. */
  settingsTab: 'SETTINGS_TAB',
  /** The swap order the checkout page came back from: the swap panel shows its confirmation first. */
  swapOrder: 'SWAP_ORDER',
  /** UPCOMING or PAST: the list My tickets shows (so Back from a past ticket lands on Past). */
  ticketsTab: 'TICKETS_TAB',
  /** RESELL: the settings' payouts tab was opened from Resell, and offers "Back to resell" (to USER_TICKET_ID's). */
  returnTo: 'RETURN_TO',
  /**
   * The step of a flow that has steps (gift RECEIVER, swap TARGET, resell REVIEW): each is a history entry, so the
   * browser's Back goes to the step before and Forward comes back (docs/decisions/0120-back-and-forward-between-a-flows-steps.md).
   * Only the step's name, never what was typed or chosen. It does not restart the flow: the wallet tells the flow.
   */
  step: 'PANEL_STEP',
} as const;
export type RouteParam = keyof typeof routeParams;

/** One panel (a tab, or the HUB overlay) of a flow. */
export interface PanelRow<S extends string = string> {
  /** 'public' panels open without an access token; the others redirect to LOGIN (docs/product.md §2 panel guard). */
  access: 'public' | 'signedIn';
  /** Locale key of the document title (docs/product.md §2: set per screen). */
  title: string;
  /** The locale key prefixes whose strings travel with the screen's chunk, or with a part it loads later (src/web/locale-strings.ts). */
  strings: readonly S[];
  /** The parameters the panel reads; `restartOn` ones start its flow anew when they change. */
  params: readonly RouteParam[];
  restartOn: readonly RouteParam[];
  /**
   * A parameter without which (or with an undecodable value) the panel cannot open: the guard goes to `otherwise`,
   * a tab of the registry (tests/unit/panel-location.test.ts checks it; the type cannot name the table it is part of).
   */
  requires?: { param: RouteParam; otherwise: string };
}

/** What a flow's input is made from when its panel opens. */
export interface FlowSource {
  services: WalletServices;
  /** The route in the address bar (parameters raw, USER_TICKET_ID still encoded). */
  route: Route;
  language: Language;
}

/** A panel with the usual defaults: needs a token, no parameters. */
function panel<const S extends string>(
  title: string,
  strings: readonly S[],
  extra: Partial<Pick<PanelRow, 'access' | 'params' | 'restartOn' | 'requires'>> = {},
): PanelRow<S> {
  return { title, strings, access: 'signedIn', params: [], restartOn: [], ...extra };
}

const preselect = { params: ['userTicketId'], restartOn: ['userTicketId'] } as const;
/** The ticket to preselect, if USER_TICKET_ID names one. */
const preselected = ({ services, route }: FlowSource) => ({ services, userTicketId: decodeUserTicketId(route.userTicketId) });

/**
 * The registry: per flow (the key is its id: the child actor's id and `src`, the router's state, and its key in
 * machines/index.ts) its machine, its input, and its tabs, or the overlay it runs under (logout: the HUB).
 */
export const flowTable = {
  login: {
    machine: () => import('./login').then((module) => module.loginMachine),
    input: ({ services, route, language }: FlowSource) => ({
      services,
      tab: (route.tab ?? 'LOGIN') as 'LOGIN' | 'OTP' | 'PERSONAL_DATA',
      locale: language,
    }),
    tabs: {
      LOGIN: panel('title.login', ['login', 'form'], { access: 'public' }),
      OTP: panel('title.otp', ['otp', 'login', 'form'], { access: 'public' }),
      PERSONAL_DATA: panel('title.personal_data', ['personal_data', 'login', 'form']),
    },
  },
  qr: {
    machine: () => import('./qr').then((module) => module.qrMachine),
    input: ({ services }: FlowSource) => ({ services }),
    tabs: { QR: panel('title.qr', ['qr', 'qr_device', 'qr_info']) },
  },
  myTickets: {
    machine: () => import('./my-tickets').then((module) => module.myTicketsMachine),
    input: ({ services, route }: FlowSource) => ({ services, tab: route.ticketsTab }),
    tabs: {
      MY_TICKET: panel('title.my_ticket', ['tickets', 'ticket'], {
        params: ['ticketsTab'],
      }),
    },
  },
  ticket: {
    machine: () => import('./ticket').then((module) => module.ticketMachine),
    // The guard sends a TICKET without a decodable id to My tickets, so this panel always has one.
    input: ({ services, route }: FlowSource) => ({ services, userTicketId: decodeUserTicketId(route.userTicketId) ?? 0 }),
    tabs: {
      TICKET: panel('title.ticket', ['ticket', 'tickets', 'benefit'], {
        ...preselect,
        requires: { param: 'userTicketId', otherwise: 'MY_TICKET' },
      }),
    },
  },
  history: {
    machine: () => import('./history').then((module) => module.historyMachine),
    // The guard sends a HISTORY without a decodable id to My tickets, so this panel always has one.
    input: ({ services, route }: FlowSource) => ({ services, userTicketId: decodeUserTicketId(route.userTicketId) ?? 0 }),
    tabs: {
      HISTORY: panel('title.history', ['history', 'api'], { ...preselect, requires: { param: 'userTicketId', otherwise: 'MY_TICKET' } }),
    },
  },
  gift: {
    machine: () => import('./gift').then((module) => module.giftMachine),
    input: preselected,
    asksBeforeClosing: true,
    tabs: { GIFT: panel('title.gift', ['gift', 'form', 'discard'], { params: ['userTicketId', 'step'], restartOn: ['userTicketId'] }) },
  },
  swap: {
    machine: () => import('./swap').then((module) => module.swapMachine),
    input: (source: FlowSource) => ({ ...preselected(source), swapOrder: source.route.swapOrder ?? null, language: source.language }),
    asksBeforeClosing: true,
    tabs: {
      SWAP: panel('title.swap', ['swap', 'discard'], {
        params: ['userTicketId', 'swapOrder', 'step'],
        restartOn: ['userTicketId', 'swapOrder'],
      }),
    },
  },
  resell: {
    machine: () => import('./resell').then((module) => module.resellMachine),
    input: (source: FlowSource) => ({ ...preselected(source), language: source.language }),
    asksBeforeClosing: true,
    tabs: {
      RESELL: panel('title.resell', ['resell', 'listings', 'form', 'discard'], { params: ['userTicketId', 'step'], restartOn: ['userTicketId'] }),
    },
  },
  redeem: {
    machine: () => import('./redeem').then((module) => module.redeemMachine),
    input: ({ services }: FlowSource) => ({ services }),
    tabs: { REDEEM: panel('title.redeem', ['redeem', 'api', 'form']) },
  },
  settings: {
    machine: () => import('./settings').then((module) => module.settingsMachine),
    input: ({ services, route }: FlowSource) => ({
      services,
      tab: settingsTabOf(route.settingsTab),
      returnToResell: route.returnTo?.toUpperCase() === 'RESELL' ? { userTicketId: route.userTicketId } : null,
    }),
    tabs: {
      SETTINGS: panel('title.settings',
        ['settings', 'personal_data', 'api', 'form', 'payout'],
        { params: ['settingsTab', 'returnTo', 'userTicketId'] },
      ),
    },
  },
  logout: {
    machine: () => import('./logout').then((module) => module.logoutMachine),
    input: ({ services }: FlowSource) => ({ services }),
    overlays: { HUB: panel('title.hub', ['hub', 'logout']) },
  },
} as const;

type Table = typeof flowTable;
/** Every flow of the registry: the panels' and the HUB's (its machine loads on demand). */
export type LazyFlowId = keyof Table;
type TabsOf<F extends LazyFlowId> = Table[F] extends { tabs: infer T } ? T : {};
type OverlaysOf<F extends LazyFlowId> = Table[F] extends { overlays: infer O } ? O : {};

/** The flows that run as children of the wallet while their panel is open (the HUB's logout is not one). */
export type FlowId = { [F in LazyFlowId]: keyof TabsOf<F> extends never ? never : F }[LazyFlowId];
export type PanelTab = { [F in LazyFlowId]: keyof TabsOf<F> }[LazyFlowId] & string;
/** The overlay over a panel (docs/product.md §2 PANEL_OVERLAY_TAB): only the HUB, which needs a token like every panel. */
export type PanelOverlay = { [F in LazyFlowId]: keyof OverlaysOf<F> }[LazyFlowId] & string;
type FlowOfTab<T extends PanelTab> = { [F in FlowId]: T extends keyof TabsOf<F> ? F : never }[FlowId];

export const lazyFlowIds = Object.keys(flowTable) as LazyFlowId[];
export const flowIds = lazyFlowIds.filter((flow) => 'tabs' in flowTable[flow]) as FlowId[];

/** One row of the tab table: a tab's panel and its flow. */
export interface TabRow extends PanelRow {
  /** The child actor's id and source. */
  flow: FlowId;
}

/** Per tab its panel and flow, in registry order. */
export const tabTable = Object.fromEntries(
  flowIds.flatMap((flow) => Object.entries((flowTable[flow] as { tabs: Record<string, PanelRow> }).tabs).map(([tab, row]) => [tab, { ...row, flow }])),
) as { [T in PanelTab]: TabRow & { flow: FlowOfTab<T> } };

export const panelTabs = Object.keys(tabTable) as PanelTab[];

/** Per overlay its panel and the flow that runs while it is open. */
export const overlays = Object.fromEntries(
  lazyFlowIds.flatMap((flow) => Object.entries((flowTable[flow] as { overlays?: Record<string, PanelRow> }).overlays ?? {}).map(([overlay, row]) => [overlay, { ...row, flow }])),
) as Record<PanelOverlay, PanelRow & { flow: LazyFlowId }>;

/** Where the closed wallet's launcher leads: the entry QR with the HUB (the guard sends a signed-out user to LOGIN). */
export const launcherRoute = { tab: 'QR', overlay: 'HUB' } as const satisfies { tab: PanelTab; overlay: PanelOverlay };

export function isPanelTab(value: unknown): value is PanelTab {
  return typeof value === 'string' && Object.hasOwn(tabTable, value);
}

export function isPanelOverlay(value: unknown): value is PanelOverlay {
  return typeof value === 'string' && Object.hasOwn(overlays, value);
}

/**
 * Flows that may hold half-done input (`asksBeforeClosing` in their row): closing the wallet asks the flow first, which
 * answers `panel.askDiscard` or `panel.dismiss` (machines/router.ts, docs/decisions/0068-discard-before-closing-a-half-done-flow.md).
 */
export function asksBeforeClosing(flow: FlowId): boolean {
  return (flowTable[flow] as { asksBeforeClosing?: boolean }).asksBeforeClosing === true;
}

/** The tabs of one flow, in table order (the login flow shows LOGIN, OTP and PERSONAL_DATA). */
export function tabsOfFlow(flow: FlowId): PanelTab[] {
  return panelTabs.filter((tab) => tabTable[tab].flow === flow);
}

/** A panel: a tab or an overlay. */
export type PanelName = PanelTab | PanelOverlay;

export function panelRow(name: PanelName): PanelRow {
  return isPanelTab(name) ? tabTable[name] : overlays[name];
}

/** Every panel, tabs first. */
export const panelNames = [...panelTabs, ...(Object.keys(overlays) as PanelOverlay[])];
