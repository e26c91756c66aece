// Races on one code or one refresh token: row locks make exactly one request win. (PGlite serialises everything;
// these tests earn their keep on Postgres, where .ci/run runs them too.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, lastCode, signIn, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('a code verified by several requests at once signs in exactly once', async () => {
  const email = 'race@example.com';
  const { json } = await call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email } });
  const otp = lastCode(t.mailer, email);
  const results = await Promise.all(
    Array.from({ length: 6 }, () =>
      call(t.app, { method: 'POST', url: '/v1/auth/verifyLoginRequest', payload: { email, otp, session: json.session } }),
    ),
  );
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  expect(results.filter((r) => r.status !== 200).every((r) => r.json.code === 'api.auth.wrong_credentials')).toBe(true);
  const users = await t.database.db.query.users.findMany({ where: (u, { eq }) => eq(u.email, email) });
  expect(users).toHaveLength(1);
});

it('a refresh token presented by several requests at once rotates once; the rest are refused, nothing revoked', async () => {
  const tokens = await signIn(t, 'race-refresh@example.com');
  const results = await Promise.all(
    Array.from({ length: 4 }, () =>
      call(t.app, { method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: tokens.refreshToken } }),
    ),
  );
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  expect(results.filter((r) => r.status === 401).every((r) => r.json.code === 'api.auth.refresh_invalid')).toBe(true);
  // Within the grace period this is two tabs racing, not theft: the winner's tokens keep working.
  const winner = results.find((r) => r.status === 200)!;
  const me = await call(t.app, { method: 'GET', url: '/v1/auth/me', token: winner.json.accessToken });
  expect(me.status).toBe(200);
});
