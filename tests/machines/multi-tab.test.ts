// Several tabs of one site share the stored tokens. A tab whose copy is stale must take the tokens another tab
// rotated instead of presenting the old refresh token again (which the server would treat as theft); two tabs racing
// rotate it once.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createWallet } from '../../machines/create-wallet';
import { memoryStorage, storageKeys } from '../../src/client/storage-keys';
import { apiOf, fakePlatform, sessionOf } from '../../machines/models/fake-platform';
import { userProfile } from '../../machines/models/fixtures';

const api = 'https://wallet.test/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function network(options: { validToken: string; onRefresh: () => Response }) {
  const refreshCalls: unknown[] = [];
  server.use(
    http.get(`${api}/auth/me`, ({ request }) =>
      request.headers.get('authorization') === `Bearer ${options.validToken}`
        ? HttpResponse.json(userProfile())
        : HttpResponse.json({ statusCode: 401, code: 'api.auth.token_not_authorized', message: 'Token not authorized' }, { status: 401 }),
    ),
    http.post(`${api}/auth/refresh`, async ({ request }) => {
      refreshCalls.push(await request.json());
      return options.onRefresh();
    }),
  );
  return refreshCalls;
}

const staleTab = () => fakePlatform({ storage: { [storageKeys.accessToken]: 'access-1', [storageKeys.refreshToken]: 'refresh-1' } });

it('takes the tokens another tab already rotated, without calling refresh', async () => {
  const tab = staleTab();
  const refreshCalls = network({ validToken: 'access-2', onRefresh: () => HttpResponse.json({}, { status: 500 }) });
  const wallet = createWallet({ baseUrl: api, platform: tab.platform });
  // The other tab refreshed after this one read storage at start.
  tab.storage.setItem(storageKeys.accessToken, 'access-2');
  tab.storage.setItem(storageKeys.refreshToken, 'refresh-2');
  wallet.start();
  try {
    const me = await apiOf(wallet).call('me', { fresh: true });
    expect(me.email).toBe(userProfile().email);
    expect(refreshCalls).toEqual([]);
    expect(sessionOf(wallet).getSnapshot().context.refreshToken).toBe('refresh-2');
    expect(tab.platform.reload).not.toHaveBeenCalled();
  } finally {
    wallet.stop();
  }
});

it('after losing a refresh race, takes the winning tab’s tokens instead of signing out', async () => {
  const tab = staleTab();
  const refreshCalls = network({
    validToken: 'access-2',
    onRefresh: () => {
      // The other tab's refresh won and stored its answer while ours was refused.
      tab.storage.setItem(storageKeys.accessToken, 'access-2');
      tab.storage.setItem(storageKeys.refreshToken, 'refresh-2');
      return HttpResponse.json({ statusCode: 401, code: 'api.auth.refresh_invalid', message: 'Refresh token is not valid' }, { status: 401 });
    },
  });
  const wallet = createWallet({ baseUrl: api, platform: tab.platform });
  wallet.start();
  try {
    const me = await apiOf(wallet).call('me', { fresh: true });
    expect(me.email).toBe(userProfile().email);
    expect(refreshCalls).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(tab.storage.getItem(storageKeys.accessToken)).toBe('access-2');
    expect(tab.platform.reload).not.toHaveBeenCalled();
  } finally {
    wallet.stop();
  }
});

it('still signs out when the refresh fails and no other tab holds newer tokens', async () => {
  const tab = staleTab();
  network({
    validToken: 'access-2',
    onRefresh: () =>
      HttpResponse.json({ statusCode: 401, code: 'api.auth.refresh_invalid', message: 'Refresh token is not valid' }, { status: 401 }),
  });
  const wallet = createWallet({ baseUrl: api, platform: tab.platform });
  wallet.start();
  try {
    await expect(apiOf(wallet).call('me', { fresh: true })).rejects.toMatchObject({ status: 401 });
    expect(tab.storage.getItem(storageKeys.accessToken)).toBeNull();
    expect(tab.storage.getItem(storageKeys.refreshToken)).toBeNull();
    // The session ended: signed out, with no silent reload (the toast says so, issue 23).
    expect(wallet.getSnapshot().matches({ session: 'signedOut' })).toBe(true);
    expect(tab.platform.reload).not.toHaveBeenCalled();
  } finally {
    wallet.stop();
  }
});

it('two tabs that meet one expired token rotate it once, and both go on signed in with the winner’s tokens', async () => {
  const shared = memoryStorage({ [storageKeys.accessToken]: 'access-1', [storageKeys.refreshToken]: 'refresh-1' });
  const tabs = [fakePlatform(), fakePlatform()].map((tab) => ({ ...tab, platform: { ...tab.platform, storage: shared } }));
  const rotations: string[] = [];
  const refreshCalls = network({
    validToken: 'access-2',
    onRefresh: () => {
      // The server rotates refresh-1 once; the same token again is refused (the loser of the race).
      if (rotations.length > 0) {
        return HttpResponse.json({ statusCode: 401, code: 'api.auth.refresh_invalid', message: 'Refresh token is not valid' }, { status: 401 });
      }
      rotations.push('refresh-1');
      return HttpResponse.json({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    },
  });
  const wallets = tabs.map((tab) => createWallet({ baseUrl: api, platform: tab.platform }));
  for (const wallet of wallets) wallet.start();
  try {
    // Both tabs' profile requests carry access-1 and are answered 401 at about the same time.
    const profiles = await Promise.all(wallets.map((wallet) => apiOf(wallet).call('me', { fresh: true })));
    expect(profiles.map((me) => me.email)).toEqual([userProfile().email, userProfile().email]);
    expect(rotations).toEqual(['refresh-1']);
    // Every refresh asked with refresh-1 (usually both tabs ask: the loser is refused and takes the winner's tokens once
    // the race has settled); none presented a token the other tab had already replaced.
    expect(refreshCalls.every((body) => JSON.stringify(body) === JSON.stringify({ refreshToken: 'refresh-1' }))).toBe(true);
    for (const wallet of wallets) {
      expect(sessionOf(wallet).getSnapshot().context).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
      expect(wallet.getSnapshot().matches({ session: 'signedIn' })).toBe(true);
    }
    expect([shared.getItem(storageKeys.accessToken), shared.getItem(storageKeys.refreshToken)]).toEqual(['access-2', 'refresh-2']);
    for (const tab of tabs) expect(tab.platform.reload).not.toHaveBeenCalled();
  } finally {
    for (const wallet of wallets) wallet.stop();
  }
});
