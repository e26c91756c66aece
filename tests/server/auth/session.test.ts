// Access tokens, refresh rotation with reuse detection, and logout.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token?: string, authorization?: string) =>
  call(t.app, { method: 'GET', url: '/v1/auth/me', token, headers: authorization ? { authorization } : {} });
const refresh = (refreshToken: unknown) => call(t.app, { method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken } });

describe('GET /auth/me', () => {
  it('answers 401 Token not authorized without a token, with a malformed header or a bad token', async () => {
    for (const response of [await me(), await me(undefined, 'Basic abc'), await me('not-a-jwt'), await me('a.b.c')]) {
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ statusCode: 401, code: 'api.auth.token_not_authorized', message: 'Token not authorized' });
    }
  });

  it('answers 401 for a token signed with another secret', async () => {
    const forged = await new SignJWT({ fam: '00000000-0000-0000-0000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('ticket-wallet')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await me(forged)).status).toBe(401);
  });

  it('answers 401 for an expired access token, and refresh brings a working one', async () => {
    const tokens = await signIn(t, 'expiry@example.com');
    expect((await me(tokens.accessToken)).status).toBe(200);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await me(tokens.accessToken)).status).toBe(401);
    const renewed = await refresh(tokens.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await me(renewed.json.accessToken)).status).toBe(200);
  });
});

describe('POST /auth/refresh', () => {
  it('rotates: each refresh answers a new refresh token and the new access token works', async () => {
    const first = await signIn(t, 'rotate@example.com');
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    expect(second.json.refreshToken).not.toBe(first.refreshToken);
    const third = await refresh(second.json.refreshToken);
    expect(third.status).toBe(200);
    expect((await me(third.json.accessToken)).json.email).toBe('rotate@example.com');
  });

  it('a rotated refresh token presented again within the grace period is refused without revoking', async () => {
    const first = await signIn(t, 'grace@example.com');
    const second = await refresh(first.refreshToken);
    const late = await refresh(first.refreshToken);
    expect(late.status).toBe(401);
    expect(late.json.code).toBe('api.auth.refresh_invalid');
    expect((await me(second.json.accessToken)).status).toBe(200);
    expect((await refresh(second.json.refreshToken)).status).toBe(200);
  });

  it('reuse of a rotated refresh token after the grace period revokes the whole family', async () => {
    const first = await signIn(t, 'reuse@example.com');
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    t.clock.advance(11_000);
    const replay = await refresh(first.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe('api.auth.refresh_invalid');
    // The legitimate newest token and its access token are dead too.
    expect((await refresh(second.json.refreshToken)).status).toBe(401);
    expect((await me(second.json.accessToken)).status).toBe(401);
  });

  it('a revoked family does not touch the same user’s other sessions', async () => {
    const phone = await signIn(t, 'two-devices@example.com');
    const laptop = await signIn(t, 'two-devices@example.com');
    const rotated = await refresh(phone.refreshToken);
    t.clock.advance(11_000);
    await refresh(phone.refreshToken);
    expect((await me(rotated.json.accessToken)).status).toBe(401);
    expect((await me(laptop.accessToken)).status).toBe(200);
  });

  it('refuses unknown, expired and malformed refresh tokens', async () => {
    expect((await refresh('x'.repeat(43))).json.code).toBe('api.auth.refresh_invalid');
    const tokens = await signIn(t, 'old@example.com');
    t.clock.advance(31 * 24 * 3600 * 1000);
    expect((await refresh(tokens.refreshToken)).json.code).toBe('api.auth.refresh_invalid');
    for (const bad of ['', 12, null]) {
      const response = await refresh(bad);
      expect(response.status).toBe(400);
      expect(response.json.code).toBe('api.invalid_request_body');
    }
  });
});

describe('GET /auth/logout', () => {
  it('ends the session: its access and refresh tokens stop working', async () => {
    const tokens = await signIn(t, 'leaving@example.com');
    const out = await call(t.app, { method: 'GET', url: '/v1/auth/logout', token: tokens.accessToken });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ ok: true });
    expect((await me(tokens.accessToken)).status).toBe(401);
    expect((await refresh(tokens.refreshToken)).json.code).toBe('api.auth.refresh_invalid');
  });

  it('needs a token', async () => {
    expect((await call(t.app, { method: 'GET', url: '/v1/auth/logout' })).status).toBe(401);
  });
});
