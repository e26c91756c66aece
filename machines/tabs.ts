// The one table of the wallet's panels (SPEC §2 PANEL_TAB): for each tab its flow (the child actor the panel state
// invokes, by id: the `actors` of machines/wallet.ts map ids to machines), its screen module
// (src/web/screen-modules.ts maps module names to lazy chunks), whether it needs an access token, its document title,
// and which URL parameters it reads. The router, its guard, the shell, the document titles and the loader's "should
// I open" test all read this table. Every panel is modal: the open wallet is one aria-modal dialog that locks the host
// page's scrolling (docs/decisions.md, "One table of tabs"). Plain data on purpose: the loader imports it, so nothing
// here may import a machine.

/** The flows that run as children of the wallet while their panel is open. */
export const flowIds = ['login', 'qr', 'myTickets', 'ticket', 'gift', 'redeem', 'settings', 'resell', 'swap'] as const;
export type FlowId = (typeof flowIds)[number];

/** The wallet's query parameters besides PANEL_TAB and PANEL_OVERLAY_TAB (SPEC §2, plus TICKETS_TAB). */
export const routeParams = {
  /** Encoded user ticket id: the single ticket, or the ticket to preselect (gift, swap, resell). */
  userTicketId: 'USER_TICKET_ID',
  /** ACCOUNT_VERIFICATION opens the payout tab of the settings; anything else the account tab. */
  settingsTab: 'SETTINGS_TAB',
  /** UPCOMING or PAST: the list My tickets shows (so Back from a past ticket lands on Past). */
  ticketsTab: 'TICKETS_TAB',
} as const;
export type RouteParam = keyof typeof routeParams;

export interface TabRow {
  /** The child actor's id and source. */
  flow: FlowId;
  /** src/web/screens/<screen>.tsx, loaded when the panel opens. */
  screen: string;
  /** 'public' panels open without an access token; the others redirect to LOGIN (SPEC §2 panel guard). */
  access: 'public' | 'signedIn';
  /** Locale key of the document title (SPEC §2: set per screen). */
  title: string;
  /** The parameters the panel reads; `restartOn` ones start its flow anew when they change. */
  params: readonly RouteParam[];
  restartOn: readonly RouteParam[];
  /**
   * A parameter without which (or with an undecodable value) the panel cannot open: the guard goes to `otherwise`,
   * a tab of this table (tests/unit/panel-location.test.ts checks it; the type cannot name the table it is part of).
   */
  requires?: { param: RouteParam; otherwise: string };
}

/** A row with the usual defaults: needs a token, no parameters. */
function row<const F extends FlowId, const S extends string>(
  flow: F,
  screen: S,
  title: string,
  extra: Partial<Omit<TabRow, 'flow' | 'screen' | 'title'>> = {},
): TabRow & { flow: F; screen: S } {
  return { flow, screen, access: 'signedIn', title, params: [], restartOn: [], ...extra };
}

export const tabTable = {
  LOGIN: row('login', 'login-screen', 'title.login', { access: 'public' }),
  OTP: row('login', 'otp-screen', 'title.otp', { access: 'public' }),
  PERSONAL_DATA: row('login', 'personal-data-screen', 'title.personal_data'),
  QR: row('qr', 'qr-screen', 'title.qr'),
  MY_TICKET: row('myTickets', 'my-tickets-screen', 'title.my_ticket', { params: ['ticketsTab'] }),
  TICKET: row('ticket', 'ticket-screen', 'title.ticket', {
    params: ['userTicketId'],
    restartOn: ['userTicketId'],
    requires: { param: 'userTicketId', otherwise: 'MY_TICKET' },
  }),
  GIFT: row('gift', 'gift-screen', 'title.gift', { params: ['userTicketId'], restartOn: ['userTicketId'] }),
  SWAP: row('swap', 'swap-screen', 'title.swap', { params: ['userTicketId'], restartOn: ['userTicketId'] }),
  RESELL: row('resell', 'resell-screen', 'title.resell', { params: ['userTicketId'], restartOn: ['userTicketId'] }),
  REDEEM: row('redeem', 'redeem-screen', 'title.redeem'),
  SETTINGS: row('settings', 'settings-screen', 'title.settings', { params: ['settingsTab'] }),
} as const satisfies Record<string, TabRow>;

export type PanelTab = keyof typeof tabTable;
export const panelTabs = Object.keys(tabTable) as PanelTab[];

/** The overlay over a panel (SPEC §2 PANEL_OVERLAY_TAB): only the HUB, which needs a token like every panel. */
export const overlays = {
  HUB: { screen: 'hub-screen', title: 'title.hub', access: 'signedIn' as TabRow['access'] },
} as const satisfies Record<string, Pick<TabRow, 'screen' | 'title' | 'access'>>;
export type PanelOverlay = keyof typeof overlays;

/** Where the closed wallet's launcher leads: the entry QR with the HUB (the guard sends a signed-out user to LOGIN). */
export const launcherRoute = { tab: 'QR', overlay: 'HUB' } as const;

export function isPanelTab(value: unknown): value is PanelTab {
  return typeof value === 'string' && Object.hasOwn(tabTable, value);
}

export function isPanelOverlay(value: unknown): value is PanelOverlay {
  return typeof value === 'string' && Object.hasOwn(overlays, value);
}

/** The tabs of one flow, in table order (the login flow shows LOGIN, OTP and PERSONAL_DATA). */
export function tabsOfFlow(flow: FlowId): PanelTab[] {
  return panelTabs.filter((tab) => tabTable[tab].flow === flow);
}
