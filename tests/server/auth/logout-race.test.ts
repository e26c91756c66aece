// Logout racing a refresh of the same session (issue 19): whichever runs first, the session ends. Always on a real
// Postgres server (PGlite serialises everything and hides the race), as the concurrency suite is.
import { and, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { refreshTokens } from '../../../src/server/db/schema';
import { sha256 } from '../../../src/server/modules/auth/tokens';
import { call, createTestApp, openPostgresTestDatabase, signIn, type TestApp } from '../helper';

const RACES = 50;
const ACCESS_TTL_SECONDS = 5;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    database: openPostgresTestDatabase,
    env: { ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS), RATE_LIMIT_PER_MINUTE: '1000000', OTP_MAX_SENDS_PER_IP: '100000', OTP_MAX_SENDS_PER_EMAIL_ALL_CLIENTS: '100000', OTP_MAX_SENDS_PER_EMAIL_OWNER: '100000' },
  });
  expect(t.database.kind).toBe('postgres');
});
afterAll(() => t?.close());

const refresh = (refreshToken: string) => call(t.app, { method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken } });
const me = (accessToken: string) => call(t.app, { method: 'GET', url: '/v1/auth/me', token: accessToken });

/** Lets the event loop turn a few times, so the two requests of a race start at different points of each other. */
async function turns(count: number): Promise<void> {
  for (let index = 0; index < count; index++) await new Promise((resolve) => setImmediate(resolve));
}

it(`${RACES} logout-versus-refresh races leave no session alive, also after the revocation window`, async () => {
  const refreshTokensSeen: string[] = [];
  const accessTokensSeen: string[] = [];

  for (let race = 0; race < RACES; race++) {
    const session = await signIn(t, `race-${race}@example.com`);
    // Half the races start from a session that has rotated once already (a later member of the family).
    const start = race % 2 === 0 ? session : (await refresh(session.refreshToken)).json;
    const delayLogout = race % 3 === 0 ? 0 : race % 7;
    const delayRefresh = race % 3 === 0 ? race % 5 : 0;
    const [loggedOut, refreshed] = await Promise.all([
      turns(delayLogout).then(() => call(t.app, { method: 'GET', url: '/v1/auth/logout', token: start.accessToken })),
      turns(delayRefresh).then(() => refresh(start.refreshToken)),
    ]);
    expect(loggedOut.status).toBe(200);
    expect([200, 401]).toContain(refreshed.status);
    refreshTokensSeen.push(start.refreshToken);
    accessTokensSeen.push(start.accessToken);
    if (refreshed.status === 200) {
      refreshTokensSeen.push(refreshed.json.refreshToken);
      accessTokensSeen.push(refreshed.json.accessToken);
      // The tokens the refresh answered belong to the ended session: neither works.
      expect((await refresh(refreshed.json.refreshToken)).status).toBe(401);
      expect((await me(refreshed.json.accessToken)).status).toBe(401);
    } else {
      expect(refreshed.json.code).toBe('api.auth.refresh_invalid');
    }
    expect((await me(start.accessToken)).status).toBe(401);
  }

  // No token of any raced session is left unrevoked in the table.
  const families = (
    await t.database.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(inArray(refreshTokens.tokenHash, refreshTokensSeen.map((token) => sha256(token))))
  ).map((row) => row.familyId);
  expect(new Set(families).size).toBe(RACES);
  const alive = await t.database.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(inArray(refreshTokens.familyId, families), isNull(refreshTokens.revokedAt)));
  expect(alive).toHaveLength(0);

  // Past the in-memory revocation window (access TTL plus its margin) and the reuse grace: still nothing refreshes.
  t.clock.advance((ACCESS_TTL_SECONDS + 60 + t.config.refreshReuseGraceSeconds + 10) * 1000);
  for (const token of refreshTokensSeen) expect((await refresh(token)).status).toBe(401);
  for (const token of accessTokensSeen) expect((await me(token)).status).toBe(401);
}, 120_000);
