// createWallet: the one place that builds the API client and the flow actors and connects them. Machines never
// import each other; each emits the events meant for another actor and this file forwards them verbatim
// (docs/machines.md has the table). Platform effects come from a WalletPlatform (browserPlatform in the browser).
import { createActor, fromCallback, fromPromise } from 'xstate';
import { API_PREFIX } from '../src/contract/endpoints';
import { createApiClient, type ApiClient } from '../src/client/client';
import type { WalletPlatform } from '../src/client/platform';
import { storageKeys } from '../src/client/storage-keys';
import { loginMachine, type LoginActor, type Toast } from './login';
import { logoutMachine, type LogoutActor } from './logout';
import { HUB_FADE_MS, panelMachine } from './panel';
import { languageOf } from './panel.location';
import { qrMachine, type QrActor } from './qr';
import { sessionMachine, sessionPort, type SessionActor } from './session';
import { benefitMachine, type BenefitActor } from './benefit';
import { myTicketsMachine, type MyTicketsActor } from './my-tickets';
import { selectUserTicketId } from './panel.selectors';
import { ticketMachine, type TicketActor } from './ticket';
import type { ActorRefFrom } from 'xstate';

export interface WalletOptions {
  /** The API base, '/v1' by default (an absolute URL when the wallet is embedded on another origin). */
  baseUrl?: string;
  platform: WalletPlatform;
  /** Shows a toast: a locale key and its kind. */
  notify?: (toast: Toast) => void;
}

export interface Wallet {
  client: ApiClient;
  session: SessionActor;
  panel: ActorRefFrom<typeof panelMachine>;
  login: LoginActor;
  logout: LogoutActor;
  /** The entry QR pass (polls while the QR panel is shown and the page is visible). */
  qr: QrActor;
  /** My tickets: the Upcoming and Past lists. */
  myTickets: MyTicketsActor;
  /** The single ticket of USER_TICKET_ID. */
  ticket: TicketActor;
  /** The benefit detail modal over the single ticket. */
  benefit: BenefitActor;
  /** Starts the actors (the panel last: it reads the location and tells the login flow which screen is shown). */
  start(): void;
  stop(): void;
}

export function createWallet({ baseUrl = API_PREFIX, platform, notify = () => {} }: WalletOptions): Wallet {
  const { storage } = platform;
  const log = platform.log ?? ((message: string, error?: unknown) => console.error(message, error));
  const logError = (_: unknown, params: { message: string; error: unknown }) => log(params.message, params.error);

  // The refresh call goes around the 401 protocol: it must not wait for the refresh it is part of.
  const refreshClient = createApiClient({ baseUrl, fetch: platform.fetch });

  const accessToken = storage.getItem(storageKeys.accessToken);
  const signedIn = accessToken !== null;

  const session: SessionActor = createActor(
    sessionMachine.provide({
      actions: {
        persistTokens: (_, tokens) => {
          storage.setItem(storageKeys.accessToken, tokens.accessToken);
          storage.setItem(storageKeys.refreshToken, tokens.refreshToken);
        },
        forgetTokens: () => {
          storage.removeItem(storageKeys.accessToken);
          storage.removeItem(storageKeys.refreshToken);
        },
        clearCache: () => client.cache.clear(),
        reload: () => platform.reload(),
        logError,
      },
      actors: {
        refreshTokens: fromPromise(async ({ input }: { input: { refreshToken: string | null } }) => {
          // Every tab of the site shares the stored tokens but keeps its own copy in the session actor. A tab that
          // refreshed already has rotated them; presenting the old refresh token again would look like theft.
          const rotatedElsewhere = () => {
            const stored = storedTokens(storage);
            return stored && stored.refreshToken !== input.refreshToken ? stored : null;
          };
          const before = rotatedElsewhere();
          if (before) return before;
          if (!input.refreshToken) throw new Error('session: no refresh token is stored');
          try {
            return await refreshClient.call('refresh', { body: { refreshToken: input.refreshToken } });
          } catch (error) {
            // Lost a race with another tab: its answer lands in storage a moment later.
            await new Promise((resolve) => setTimeout(resolve, REFRESH_RACE_SETTLE_MS));
            const after = rotatedElsewhere();
            if (after) return after;
            throw error;
          }
        }),
        fetchUser: fromPromise(() => client.call('me')),
        watchUser: fromCallback(({ sendBack }) =>
          client.onInvalidate(['USER'], () => sendBack({ type: 'session.userStale' })),
        ),
      },
    }),
    { input: { accessToken, refreshToken: storage.getItem(storageKeys.refreshToken) } },
  );

  const client = createApiClient({ baseUrl, fetch: platform.fetch, session: sessionPort(session) });

  const location = platform.location();

  const login: LoginActor = createActor(
    loginMachine.provide({
      actions: {
        persistLoginSession: (_, { email, session: id }) => {
          storage.setItem(storageKeys.loginEmail, email);
          storage.setItem(storageKeys.loginSession, id);
        },
        removeStoredLoginSession: () => {
          storage.removeItem(storageKeys.loginEmail);
          storage.removeItem(storageKeys.loginSession);
        },
        logError,
      },
      actors: {
        sendCode: fromPromise(({ input }) => client.call('signIn', { body: input })),
        verifyCode: fromPromise(({ input }) => client.call('verifyLogin', { body: input })),
        // fresh: right after sign-in nothing older may answer; the session's own profile load shares the request.
        fetchUser: fromPromise(() => client.call('me', { fresh: true })),
        saveNames: fromPromise(({ input }) => client.call('updateProfile', { body: input })),
      },
    }),
    {
      input: {
        locale: languageOf(location.pathname),
        storedEmail: storage.getItem(storageKeys.loginEmail),
        loginSession: storage.getItem(storageKeys.loginSession),
        signedIn,
      },
    },
  );

  const logout: LogoutActor = createActor(
    logoutMachine.provide({
      actions: { logError },
      actors: { logoutRequest: fromPromise(() => client.call('logout')) },
    }),
  );

  const panel = createActor(
    panelMachine.provide({
      actions: {
        pushUrl: (_, { url }) => platform.pushUrl(url),
        replaceUrl: (_, { url }) => platform.replaceUrl(url),
        historyBack: () => platform.historyBack(),
        scrollToTop: () => platform.scrollToTop(),
        lockPageScroll: () => platform.lockPageScroll(),
        unlockPageScroll: () => platform.unlockPageScroll(),
        loadUrl: (_, { url }) => platform.loadUrl(url),
        logError,
      },
      delays: {
        hubFade: () => (platform.prefersReducedMotion?.() ? 0 : HUB_FADE_MS),
      },
      actors: {
        watchHistory: fromCallback(({ sendBack }) =>
          platform.onPopState(() => sendBack({ type: 'panel.locationChanged', location: platform.location() })),
        ),
      },
    }),
    { input: { location, signedIn } },
  );

  const qr: QrActor = createActor(
    qrMachine.provide({
      actions: { logError },
      actors: {
        loadSettings: fromPromise(() => client.call('qrSettings')),
        loadImage: fromPromise(({ signal }) => client.call('qrCodeData', { signal })),
        watchVisibility: fromCallback(({ sendBack }) =>
          platform.onVisibilityChange
            ? platform.onVisibilityChange((visible) => sendBack({ type: visible ? 'qr.pageVisible' : 'qr.pageHidden' }))
            : () => {},
        ),
      },
    }),
  );

  const myTickets: MyTicketsActor = createActor(
    myTicketsMachine.provide({
      actions: { logError },
      actors: {
        loadUpcoming: fromPromise(() => client.call('myTickets', { query: { status: 'UPCOMING' } })),
        loadPast: fromPromise(() => client.call('myTickets', { query: { status: 'PAST' } })),
        watchTickets: fromCallback(({ sendBack }) => client.onInvalidate(['TICKETS'], () => sendBack({ type: 'myTickets.stale' }))),
      },
    }),
  );

  const ticket: TicketActor = createActor(
    ticketMachine.provide({
      actions: { logError },
      actors: {
        loadTicket: fromPromise(({ input }) => client.call('ticketDetail', { params: { ticketUserId: input.userTicketId } })),
        watchTicket: fromCallback(({ sendBack }) =>
          client.onInvalidate(['SINGLE_TICKET', 'TICKETS'], () => sendBack({ type: 'ticket.stale' })),
        ),
      },
    }),
  );

  const benefit: BenefitActor = createActor(
    benefitMachine.provide({
      actions: { logError },
      actors: {
        unlockBenefit: fromPromise(({ input }) =>
          client.call('unlockBenefit', {
            params: { id: input.userTicketId },
            body: { userTicketBenefitId: input.userTicketBenefitId },
          }),
        ),
        copyCode: fromPromise(async ({ input }) => {
          if (!platform.copyText) throw new Error('platform: copyText is not available');
          await platform.copyText(input.code);
        }),
      },
    }),
  );

  let connections: Array<{ unsubscribe(): void }> = [];

  return {
    client,
    session,
    panel,
    login,
    logout,
    qr,
    myTickets,
    ticket,
    benefit,
    start() {
      connections = [
        login.on('panel.open', (event) => panel.send(event)),
        login.on('session.signIn', (event) => session.send(event)),
        login.on('notify', ({ kind, key }) => notify({ kind, key })),
        logout.on('session.signOut', (event) => session.send(event)),
        logout.on('panel.open', (event) => panel.send(event)),
        panel.on('panel.changed', (event) => login.send(event)),
        panel.on('panel.changed', (event) => qr.send(event)),
        panel.on('panel.changed', (event) => myTickets.send(event)),
        // The single ticket also needs the route's USER_TICKET_ID (the panel has settled when it emits).
        panel.on('panel.changed', (event) => ticket.send({ ...event, userTicketId: selectUserTicketId(panel.getSnapshot()) })),
        panel.on('panel.changed', (event) => benefit.send(event)),
        myTickets.on('panel.open', (event) => panel.send(event)),
        ticket.on('panel.open', (event) => panel.send(event)),
        ticket.on('benefit.open', (event) => benefit.send(event)),
        benefit.on('notify', ({ kind, key }) => notify({ kind, key })),
        session.on('session.changed', (event) => {
          panel.send(event);
          login.send(event);
        }),
      ];
      session.start();
      login.start();
      logout.start();
      qr.start();
      myTickets.start();
      ticket.start();
      benefit.start();
      panel.start();
    },
    stop() {
      for (const connection of connections) connection.unsubscribe();
      connections = [];
      panel.stop();
      qr.stop();
      benefit.stop();
      ticket.stop();
      myTickets.stop();
      logout.stop();
      login.stop();
      session.stop();
    },
  };
}

/** How long a refresh that lost a race with another tab waits for that tab's tokens to reach storage. */
export const REFRESH_RACE_SETTLE_MS = 300;

function storedTokens(storage: WalletPlatform['storage']): { accessToken: string; refreshToken: string } | null {
  const accessToken = storage.getItem(storageKeys.accessToken);
  const refreshToken = storage.getItem(storageKeys.refreshToken);
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}
