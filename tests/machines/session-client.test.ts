// The session and the API client together (docs/product.md §4, §7): bearer tokens, one shared refresh on 401, requests waiting
// for it, one retry at most, a failed refresh clearing tokens and reloading. The network is msw.
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { createWallet } from '../../machines/create-wallet';
import { type WalletActor } from '../../machines/wallet';
import { ApiRequestError } from '../../src/client/errors';
import { storageKeys } from '../../src/client/storage-keys';
import { apiOf, fakePlatform, sessionOf } from '../../machines/models/fake-platform';
import { userProfile } from '../../machines/models/fixtures';

const api = 'https://wallet.test/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const unauthorized = () =>
  HttpResponse.json({ statusCode: 401, code: 'api.auth.token_not_authorized', message: 'Token not authorized' }, { status: 401 });

interface Seen {
  path: string;
  token: string | null;
}

/** An API where only `validToken` is accepted and /auth/refresh answers `refresh` (after `refreshDelayMs`). */
function api401(options: {
  validToken: string;
  refresh: () => Response | Promise<Response>;
  refreshDelayMs?: number;
}) {
  const seen: Seen[] = [];
  const refreshBodies: unknown[] = [];
  const guarded = (path: string, answer: () => Response) =>
    http.get(`${api}${path}`, ({ request }) => {
      const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null;
      seen.push({ path, token });
      return token === options.validToken ? answer() : unauthorized();
    });
  server.use(
    guarded('/auth/me', () => HttpResponse.json(userProfile())),
    guarded('/list/ticket_listing', () => HttpResponse.json([])),
    guarded('/ticket_swap/tickets', () => HttpResponse.json([])),
    guarded('/resell/stripe/account', () =>
      HttpResponse.json({ clientSecret: '', provider: 'local', publishableKey: null, verified: false, country: null }),
    ),
    http.post(`${api}/auth/refresh`, async ({ request }) => {
      refreshBodies.push(await request.json());
      if (options.refreshDelayMs) await delay(options.refreshDelayMs);
      return options.refresh();
    }),
  );
  return { seen, refreshBodies };
}

function startWallet(storage: Record<string, string>) {
  const fake = fakePlatform({ storage });
  const wallet = createWallet({ baseUrl: api, platform: fake.platform });
  wallet.start();
  return { wallet, ...fake };
}

const signedInStorage = { [storageKeys.accessToken]: 'access-old', [storageKeys.refreshToken]: 'refresh-1' };

async function profileSettled(wallet: WalletActor) {
  await waitFor(sessionOf(wallet), (snapshot) => !snapshot.hasTag('loading') && !snapshot.hasTag('refreshing'));
}

describe('session and client', () => {
  it('sends the bearer token and refreshes once for concurrent 401s; every request then succeeds', async () => {
    const network = api401({
      validToken: 'access-new',
      refreshDelayMs: 30,
      refresh: () => HttpResponse.json({ accessToken: 'access-new', refreshToken: 'refresh-2' }),
    });
    const { wallet, storage } = startWallet(signedInStorage);

    const results = await Promise.all([
      apiOf(wallet).call('myTickets', { query: { status: 'UPCOMING' } }),
      apiOf(wallet).call('swapTickets'),
      apiOf(wallet).call('paymentsAccount'),
    ]);
    expect(results[0]).toEqual([]);
    expect(results[2]).toMatchObject({ clientSecret: '' });
    await profileSettled(wallet);

    expect(network.refreshBodies).toEqual([{ refreshToken: 'refresh-1' }]);
    // Rotation: both new tokens are stored.
    expect(storage.getItem(storageKeys.accessToken)).toBe('access-new');
    expect(storage.getItem(storageKeys.refreshToken)).toBe('refresh-2');
    expect(sessionOf(wallet).getSnapshot().context.user?.givenName).toBe('Ada');
    // Each request was sent at most twice: once with the old token, once with the new.
    for (const path of ['/list/ticket_listing', '/ticket_swap/tickets', '/resell/stripe/account', '/auth/me']) {
      const tokens = network.seen.filter((request) => request.path === path).map((request) => request.token);
      expect(tokens.length).toBeLessThanOrEqual(2);
      expect(tokens.at(-1)).toBe('access-new');
    }
    wallet.stop();
  });

  it('holds requests made while a refresh runs until it is done', async () => {
    const network = api401({
      validToken: 'access-new',
      refreshDelayMs: 50,
      refresh: () => HttpResponse.json({ accessToken: 'access-new', refreshToken: 'refresh-2' }),
    });
    const { wallet } = startWallet(signedInStorage);
    // The profile load (GET /auth/me) on start meets the 401 and starts the refresh.
    await waitFor(sessionOf(wallet), (snapshot) => snapshot.hasTag('refreshing'));
    const late = apiOf(wallet).call('swapTickets');
    await expect(late).resolves.toEqual([]);
    // The late request was never sent with the old token.
    expect(network.seen.filter((request) => request.path === '/ticket_swap/tickets')).toEqual([
      { path: '/ticket_swap/tickets', token: 'access-new' },
    ]);
    expect(network.refreshBodies).toHaveLength(1);
    await profileSettled(wallet);
    wallet.stop();
  });

  it('a failed refresh removes both tokens, clears the cache and says the session ended (no silent reload)', async () => {
    api401({
      validToken: 'never',
      refresh: () =>
        HttpResponse.json({ statusCode: 401, code: 'api.auth.refresh_invalid', message: 'nope' }, { status: 401 }),
    });
    const { wallet, storage, platform } = startWallet(signedInStorage);
    const failure = apiOf(wallet).call('swapTickets');
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({ status: 401 });
    await waitFor(wallet, (snapshot) => snapshot.matches({ session: 'signedOut' }));
    expect(storage.getItem(storageKeys.accessToken)).toBeNull();
    expect(storage.getItem(storageKeys.refreshToken)).toBeNull();
    expect(platform.reload).not.toHaveBeenCalled();
    expect(apiOf(wallet).cache.size).toBe(0);
    wallet.stop();
  });

  it('never retries a request twice: a 401 after the refresh is the answer', async () => {
    const network = api401({
      validToken: 'never',
      refresh: () => HttpResponse.json({ accessToken: 'access-new', refreshToken: 'refresh-2' }),
    });
    const { wallet, platform } = startWallet(signedInStorage);
    await profileSettled(wallet);
    const callsBefore = network.seen.filter((request) => request.path === '/ticket_swap/tickets').length;
    await expect(apiOf(wallet).call('swapTickets')).rejects.toMatchObject({ status: 401 });
    const swapRequests = network.seen.filter((request) => request.path === '/ticket_swap/tickets');
    expect(callsBefore).toBe(0);
    // Sent with the token current at the time, then (another request already refreshed) at most once more.
    expect(swapRequests.length).toBeLessThanOrEqual(2);
    expect(platform.reload).not.toHaveBeenCalled();
    // The profile request: old token, one refresh, one retry, then failure (logged only).
    expect(network.seen.filter((request) => request.path === '/auth/me')).toHaveLength(2);
    expect(network.refreshBodies.length).toBeLessThanOrEqual(2);
    wallet.stop();
  });

  it('a 401 while signed out is not refreshed', async () => {
    const network = api401({ validToken: 'x', refresh: () => HttpResponse.json({}) });
    const { wallet } = startWallet({});
    await expect(apiOf(wallet).call('swapTickets')).rejects.toMatchObject({ status: 401 });
    expect(network.refreshBodies).toEqual([]);
    expect(network.seen).toEqual([{ path: '/ticket_swap/tickets', token: null }]);
    wallet.stop();
  });
});
