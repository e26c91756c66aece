// The whole actor tree (createWallet) against an msw API: sign-in from the e-mail form to QR + HUB, the URL, storage,
// toasts, and logout back to LOGIN.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { selectLoginScreen } from '../../machines/login.selectors';
import { selectIsHubVisible, selectTab } from '../../machines/panel.selectors';
import { selectUser } from '../../machines/session.selectors';
import { createWallet } from '../../machines/create-wallet';
import { type WalletActor } from '../../machines/wallet';
import type { LoginActor } from '../../machines/login';
import { loginKeys } from '../../src/client/login-storage';
import { storageKeys } from '../../src/client/storage-keys';
import { cacheKey } from '../../src/client/cache';
import { addRoutes } from '../../src/client/client';
import { compactRoutes } from '../../src/contract/route-table';
import { apiOf, fakePlatform, sessionOf } from '../../machines/models/fake-platform';
import { userProfile } from '../../machines/models/fixtures';

const api = 'https://wallet.test/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function authApi(options: { givenName: string | null }) {
  const calls: Array<{ path: string; body?: unknown; token?: string | null }> = [];
  let profile = userProfile({ givenName: options.givenName, familyName: options.givenName ? 'Lovelace' : null });
  server.use(
    http.post(`${api}/auth/signInOrRegisterAndSignIn`, async ({ request }) => {
      calls.push({ path: 'signIn', body: await request.json() });
      return HttpResponse.json({ session: `session-${calls.length}` });
    }),
    http.post(`${api}/auth/verifyLoginRequest`, async ({ request }) => {
      const body = (await request.json()) as { otp: string };
      calls.push({ path: 'verify', body });
      if (body.otp !== '123456') {
        return HttpResponse.json(
          { statusCode: 400, code: 'api.auth.wrong_otp', message: 'Wrong OTP', session: 'session-retry' },
          { status: 400 },
        );
      }
      return HttpResponse.json({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    }),
    http.get(`${api}/auth/me`, ({ request }) => {
      calls.push({ path: 'me', token: request.headers.get('authorization') });
      return HttpResponse.json(profile);
    }),
    http.post(`${api}/auth/profile`, async ({ request }) => {
      const body = (await request.json()) as { givenName: string; familyName: string };
      calls.push({ path: 'profile', body });
      profile = { ...profile, ...body };
      return HttpResponse.json(profile);
    }),
    http.get(`${api}/auth/logout`, () => {
      calls.push({ path: 'logout' });
      return HttpResponse.json({ ok: true });
    }),
    // The QR panel a signed-in person lands on polls the entry pass (its own tests: tests/machines/qr.test.ts).
    http.get(`${api}/settings/qr`, () => HttpResponse.json({ ttl: 15_000 })),
    http.get(`${api}/auth/access/qrCodeData`, () => HttpResponse.text('iVBORw0KGgo=')),
    // My tickets, which the back-and-forward test opens.
    http.get(`${api}/list/ticket_listing`, () => HttpResponse.json([])),
  );
  return calls;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

const loginOf = (wallet: WalletActor): LoginActor => wallet.getSnapshot().children.login!;
const logoutOf = (wallet: WalletActor) => wallet.getSnapshot().children.logout!;

describe('wallet', () => {
  it('signs in from the e-mail form to QR with the HUB open (a plain sign-in: nothing to return to)', async () => {
    const calls = authApi({ givenName: 'Ada' });
    // A deep link that needs a session comes back to its panel after sign-in (tests/machines/wallet-router.test.ts, "brings the gift e-mail link…");
    // a plain sign-in ends on QR with the HUB (docs/product.md §2).
    const fake = fakePlatform({ url: 'https://tickets.test/es/events/spring-fest?utm=mail&PANEL_TAB=LOGIN' });
    const notify = vi.fn();
    const wallet = createWallet({ baseUrl: api, platform: fake.platform, notify });
    wallet.start();

    expect(selectTab(wallet.getSnapshot())).toBe('LOGIN');
    expect(fake.url()).toBe('/es/events/spring-fest?utm=mail&PANEL_TAB=LOGIN');
    expect(selectLoginScreen(loginOf(wallet).getSnapshot())).toBe('LOGIN');

    loginOf(wallet).send({ type: 'login.change', field: 'email', value: 'Ada@Example.com' });
    loginOf(wallet).send({ type: 'login.submitEmail' });
    await waitFor(loginOf(wallet), (snapshot) => snapshot.matches({ flow: { otp: 'editing' } }));
    expect(calls[0]).toEqual({ path: 'signIn', body: { email: 'ada@example.com', locale: 'es' } });
    expect(fake.storage.getItem(loginKeys.loginEmail)).toBe('ada@example.com');
    expect(fake.storage.getItem(loginKeys.loginSession)).toBe('session-1');
    expect(fake.url()).toBe('/es/events/spring-fest?utm=mail&PANEL_TAB=OTP');

    // A wrong code: new session stored, the server's code shown as the emptied field's error (not a toast).
    loginOf(wallet).send({ type: 'login.change', field: 'otp', value: '000000' });
    loginOf(wallet).send({ type: 'login.submitOtp' });
    await waitFor(loginOf(wallet), (snapshot) => snapshot.matches({ flow: { otp: 'editing' } }) && snapshot.context.codeRefusal !== null);
    expect(loginOf(wallet).getSnapshot().context.codeRefusal).toBe('api.auth.wrong_otp');
    expect(loginOf(wallet).getSnapshot().context.fields.otp).toBe('');
    expect(notify).not.toHaveBeenCalledWith(expect.objectContaining({ key: 'api.auth.wrong_otp' }));
    expect(fake.storage.getItem(loginKeys.loginSession)).toBe('session-retry');

    loginOf(wallet).send({ type: 'login.change', field: 'otp', value: '123456' });
    loginOf(wallet).send({ type: 'login.submitOtp' });
    const login = loginOf(wallet);
    await waitFor(login, (snapshot) => snapshot.status === 'stopped' || snapshot.matches({ flow: 'done' }));
    await settle();
    // The login flow ended with its panels.
    expect(wallet.getSnapshot().children.login).toBeUndefined();

    expect(calls.find((call) => call.path === 'verify' && (call.body as { otp: string }).otp === '123456')?.body).toEqual({
      otp: '123456',
      session: 'session-retry',
      email: 'ada@example.com',
    });
    expect(fake.storage.getItem(storageKeys.accessToken)).toBe('access-1');
    expect(fake.storage.getItem(storageKeys.refreshToken)).toBe('refresh-1');
    expect(fake.storage.getItem(loginKeys.loginEmail)).toBeNull();
    expect(fake.storage.getItem(loginKeys.loginSession)).toBeNull();
    expect(fake.url()).toBe('/es/events/spring-fest?utm=mail&PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB');
    expect(selectIsHubVisible(wallet.getSnapshot())).toBe(true);
    await waitFor(sessionOf(wallet), (snapshot) => selectUser(snapshot)?.givenName === 'Ada');
    // The login flow's and the session's profile loads shared one request.
    expect(calls.filter((call) => call.path === 'me')).toEqual([{ path: 'me', token: 'Bearer access-1' }]);

    // Logout (the HUB's child): confirm, request, tokens and user gone, LOGIN shown.
    logoutOf(wallet).send({ type: 'logout.open' });
    logoutOf(wallet).send({ type: 'logout.confirm' });
    await waitFor(wallet, (snapshot) => snapshot.matches({ session: 'signedOut' }));
    expect(calls.at(-1)).toEqual({ path: 'logout' });
    expect(fake.storage.getItem(storageKeys.accessToken)).toBeNull();
    expect(wallet.getSnapshot().children.session).toBeUndefined();
    expect(selectTab(wallet.getSnapshot())).toBe('LOGIN');
    expect(apiOf(wallet).cache.size).toBe(0);
    expect(selectLoginScreen(loginOf(wallet).getSnapshot())).toBe('LOGIN');
    wallet.stop();
  });

  it('the host page signs its user in while the sign-in is on screen: the wallet goes on as after a code, to QR with the HUB', async () => {
    const calls = authApi({ givenName: 'Ada' });
    const fake = fakePlatform({ url: 'https://tickets.test/en/events/spring-fest?PANEL_TAB=LOGIN' });
    const wallet = createWallet({ baseUrl: api, platform: fake.platform });
    wallet.start();
    expect(selectTab(wallet.getSnapshot())).toBe('LOGIN');

    wallet.send({ type: 'session.handedOver', accessToken: 'access-host', refreshToken: 'refresh-host' });
    expect(wallet.getSnapshot().matches({ session: 'signedIn' })).toBe(true);
    expect(fake.storage.getItem(storageKeys.accessToken)).toBe('access-host');
    expect(fake.storage.getItem(storageKeys.refreshToken)).toBe('refresh-host');
    // Where a code's sign-in goes, with a history entry, and the sign-in flow ended with its panel.
    expect(fake.url()).toBe('/en/events/spring-fest?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB');
    expect(fake.platform.pushUrl).toHaveBeenLastCalledWith('/en/events/spring-fest?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB');
    await settle();
    expect(wallet.getSnapshot().children.login).toBeUndefined();
    // The session reads the profile with the handed-over token; no code was asked for.
    await waitFor(sessionOf(wallet), (snapshot) => selectUser(snapshot)?.givenName === 'Ada');
    expect(calls.filter((call) => call.path === 'signIn' || call.path === 'verify')).toEqual([]);
    expect(calls.find((call) => call.path === 'me')?.token).toBe('Bearer access-host');
    wallet.stop();
  });

  it('the host page signs in while the wallet is closed: signed in, nothing opens', () => {
    authApi({ givenName: 'Ada' });
    const fake = fakePlatform({ url: 'https://tickets.test/en/events/spring-fest' });
    const wallet = createWallet({ baseUrl: api, platform: fake.platform });
    wallet.start();
    wallet.send({ type: 'session.handedOver', accessToken: 'access-host', refreshToken: 'refresh-host' });
    expect(wallet.getSnapshot().matches({ session: 'signedIn' })).toBe(true);
    expect(wallet.getSnapshot().matches({ panel: 'closed' })).toBe(true);
    expect(fake.url()).toBe('/en/events/spring-fest');
    expect(fake.platform.pushUrl).not.toHaveBeenCalled();
    wallet.stop();
  });

  it('the host page signs in another person over a session: a new session, the last one’s cache gone', async () => {
    const calls = authApi({ givenName: 'Ada' });
    const fake = fakePlatform({
      url: 'https://tickets.test/en/events/spring-fest?PANEL_TAB=MY_TICKET',
      storage: { [storageKeys.accessToken]: 'access-old', [storageKeys.refreshToken]: 'refresh-old' },
    });
    const wallet = createWallet({ baseUrl: api, platform: fake.platform });
    wallet.start();
    await waitFor(sessionOf(wallet), (snapshot) => selectUser(snapshot) !== null);
    addRoutes(compactRoutes('myTickets'));
    const query = { status: 'UPCOMING' } as const;
    await apiOf(wallet).call('myTickets', { query });
    const oldTickets = cacheKey('myTickets', { params: undefined, query });
    expect(apiOf(wallet).cache.has(oldTickets)).toBe(true);

    wallet.send({ type: 'session.handedOver', accessToken: 'access-new', refreshToken: 'refresh-new' });
    // What the last person's session read is not shown to the next one.
    expect(apiOf(wallet).cache.has(oldTickets)).toBe(false);
    expect(fake.storage.getItem(storageKeys.accessToken)).toBe('access-new');
    // The panel stays; the new session reads the profile with its own token.
    expect(selectTab(wallet.getSnapshot())).toBe('MY_TICKET');
    await waitFor(sessionOf(wallet), (snapshot) => selectUser(snapshot) !== null);
    expect(calls.filter((call) => call.path === 'me').map((call) => call.token)).toEqual(['Bearer access-old', 'Bearer access-new']);
    wallet.stop();
  });

  it('asks a new account for its names, then shows QR with the HUB and the updated user', async () => {
    const calls = authApi({ givenName: null });
    const fake = fakePlatform({
      url: 'https://tickets.test/en/?PANEL_TAB=OTP',
      storage: { [loginKeys.loginEmail]: 'new@example.com', [loginKeys.loginSession]: 'session-0' },
    });
    const wallet = createWallet({ baseUrl: api, platform: fake.platform });
    wallet.start();
    expect(selectLoginScreen(loginOf(wallet).getSnapshot())).toBe('OTP');
    loginOf(wallet).send({ type: 'login.change', field: 'otp', value: '123456' });
    loginOf(wallet).send({ type: 'login.submitOtp' });
    await waitFor(loginOf(wallet), (snapshot) => snapshot.matches({ flow: { personalData: 'editing' } }));
    expect(selectTab(wallet.getSnapshot())).toBe('PERSONAL_DATA');

    loginOf(wallet).send({ type: 'login.change', field: 'givenName', value: 'Grace' });
    loginOf(wallet).send({ type: 'login.change', field: 'familyName', value: 'Hopper' });
    loginOf(wallet).send({ type: 'login.submitPersonalData' });
    await waitFor(wallet, (snapshot) => selectTab(snapshot) === 'QR');
    expect(fake.url()).toBe('/en/?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB');
    // POST /auth/profile invalidated USER: the session loads the profile again.
    await waitFor(sessionOf(wallet), (snapshot) => selectUser(snapshot)?.givenName === 'Grace');
    expect(calls.filter((call) => call.path === 'me').length).toBe(2);
    wallet.stop();
  });

  it('follows browser back and forward', async () => {
    authApi({ givenName: 'Ada' });
    const fake = fakePlatform({
      url: 'https://tickets.test/en/?PANEL_TAB=QR',
      storage: { [storageKeys.accessToken]: 'access-1', [storageKeys.refreshToken]: 'refresh-1' },
    });
    const wallet = createWallet({ baseUrl: api, platform: fake.platform });
    wallet.start();
    wallet.send({ type: 'panel.open', tab: 'MY_TICKET' });
    expect(fake.url()).toBe('/en/?PANEL_TAB=MY_TICKET');
    fake.popTo('/en/?PANEL_TAB=QR');
    expect(selectTab(wallet.getSnapshot())).toBe('QR');
    // Every panel shown scrolls to the top: QR, My tickets, QR again.
    expect(fake.platform.scrollToTop).toHaveBeenCalledTimes(3);
    fake.popTo('/en/');
    expect(wallet.getSnapshot().matches({ panel: 'closed' })).toBe(true);
    expect(fake.platform.unlockPageScroll).toHaveBeenCalled();
    await settle();
    wallet.stop();
  });
  it('downloads the other chunks ahead once a panel shows, one per idle moment, and stops with the wallet', async () => {
    authApi({ givenName: 'Ada' });
    const fake = fakePlatform({ url: 'https://tickets.test/en/?PANEL_TAB=LOGIN' });
    // The browser's idle moments, in the test's hands: each queued task runs when the test says so.
    const idle: Array<{ task: () => void; cancelled: boolean }> = [];
    const whenIdle = vi.fn((task: () => void) => {
      const entry = { task, cancelled: false };
      idle.push(entry);
      return () => void (entry.cancelled = true);
    });
    const toasts = vi.fn(async () => {});
    const wallet = createWallet({ baseUrl: api, platform: { ...fake.platform, whenIdle }, prefetch: [toasts] });
    wallet.start();
    await waitFor(wallet, (snapshot) => snapshot.matches({ panel: { open: { tab: { login: { running: 'shown' } } } } }));
    // Told once by the panel on screen; a second panel does not start it again.
    expect(whenIdle).toHaveBeenCalledTimes(1);
    expect(toasts).not.toHaveBeenCalled();
    idle.shift()!.task();
    expect(toasts).toHaveBeenCalledTimes(1);
    // The next download waits for the next idle moment, after the last one arrived.
    await settle();
    expect(whenIdle).toHaveBeenCalledTimes(2);
    wallet.send({ type: 'panel.open', tab: 'OTP' });
    await settle();
    expect(whenIdle).toHaveBeenCalledTimes(2);
    // Stopping the wallet cancels the idle moment it waits for.
    wallet.stop();
    expect(idle.at(-1)!.cancelled).toBe(true);
  });
});
