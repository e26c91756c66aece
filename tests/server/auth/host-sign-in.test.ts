// POST /v1/auth/exchangeSignInToken: the sign-in the organisation's site hands over. A token its server signed
// (ES256 or EdDSA) for its signed-in user signs in without a code, registering the account on first use with the
// site's names; reused, expired, wrong-audience, unknown-key, forged and over-long tokens are refused with their
// codes; the keys come from a JWKS file (rewritten: rotated without a restart) or a JWKS URL. The race of one token
// exchanged several times at once earns its keep on Postgres (DATABASE_URL), where .ci/run runs this file too.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostSignInTokens, users } from '../../../src/server/db/schema';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { createSiteKey, jwksOf, type SiteKey } from '../../support/host-sign-in';
import { call, createTestApp, signIn, type TestApp } from '../helper';
import { TEST_TMP } from '../../support/test-tmp';

const dir = resolve(`${TEST_TMP}/host-sign-in`);
mkdirSync(dir, { recursive: true });

const exchange = (t: TestApp, token: string, locale?: 'en' | 'es') =>
  call(t.app, { method: 'POST', url: '/v1/auth/exchangeSignInToken', payload: { token, ...(locale ? { locale } : {}) } });
const me = (t: TestApp, accessToken: string) => call(t.app, { method: 'GET', url: '/v1/auth/me', token: accessToken });

describe('a JWKS file', () => {
  let t: TestApp;
  let site: SiteKey, edSite: SiteKey, stranger: SiteKey;
  const jwksFile = join(dir, `jwks-${process.pid}.json`);

  beforeAll(async () => {
    [site, edSite, stranger] = await Promise.all([createSiteKey('site-2026'), createSiteKey('site-ed', 'EdDSA'), createSiteKey('stranger')]);
    writeFileSync(jwksFile, JSON.stringify(jwksOf(site, edSite)));
    t = await createTestApp({ env: { HOST_SIGN_IN_JWKS_FILE: jwksFile } });
  });
  afterAll(() => t?.close());

  const token = (claims: Record<string, unknown>, options: Parameters<SiteKey['sign']>[1] = {}, key = site) =>
    key.sign(claims, { now: t.clock.now, ...options });

  it('signs a new person in without a code: the account is made with the site’s e-mail, names and the page’s language', async () => {
    const { status, json } = await exchange(t, await token({ email: 'Robin.Lee@Example.com', given_name: 'Robin', family_name: 'Lee' }), 'es');
    expect(status).toBe(200);
    expect(json).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const profile = await me(t, json.accessToken);
    expect(profile.status).toBe(200);
    expect(profile.json).toMatchObject({ email: 'robin.lee@example.com', givenName: 'Robin', familyName: 'Lee' });
    const [row] = await t.database.db.select({ locale: users.locale }).from(users).where(eq(users.email, 'robin.lee@example.com'));
    expect(row?.locale).toBe('es');
    // No code was mailed.
    expect(t.mailer.outbox?.some((message) => message.to === 'robin.lee@example.com')).toBe(false);
  });

  it('signs an existing person into their own account, keeping the names they chose', async () => {
    const byCode = await signIn(t, 'kim@example.com');
    await call(t.app, { method: 'POST', url: '/v1/auth/profile', token: byCode.accessToken, payload: { givenName: 'Kimberly', familyName: 'Ng' } });
    const before = (await me(t, byCode.accessToken)).json;
    const { status, json } = await exchange(t, await token({ email: 'kim@example.com', given_name: 'Kim', family_name: 'Nguyen' }));
    expect(status).toBe(200);
    const after = (await me(t, json.accessToken)).json;
    expect(after).toMatchObject({ uniqueID: before.uniqueID, givenName: 'Kimberly', familyName: 'Ng' });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'kim@example.com'))).toHaveLength(1);
  });

  it('accepts EdDSA (Ed25519) as well as ES256, and a person without names (they are asked for them later)', async () => {
    const { status, json } = await exchange(t, await token({ email: 'ed@example.com' }, {}, edSite));
    expect(status).toBe(200);
    expect((await me(t, json.accessToken)).json).toMatchObject({ email: 'ed@example.com', givenName: null });
  });

  it('refuses a token used before (its jti is taken), even minutes later', async () => {
    const once = await token({ email: 'once@example.com' });
    expect((await exchange(t, once)).status).toBe(200);
    const again = await exchange(t, once);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('api.auth.sign_in_token_used');
    // Another token with the same jti is the same hand-off.
    const jti = (JSON.parse(Buffer.from(once.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;
    expect((await exchange(t, await token({ email: 'once@example.com' }, { jti }))).json.code).toBe('api.auth.sign_in_token_used');
  });

  it('refuses an expired token', async () => {
    const soon = await token({ email: 'late@example.com' }, { expiresIn: 60 });
    t.clock.advance(60_000 + 31_000); // past exp and the 30 s clock tolerance
    const { status, json } = await exchange(t, soon);
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 'api.auth.sign_in_token_expired', message: 'The sign-in token has expired' });
  });

  it('refuses a token for another audience (another wallet)', async () => {
    const { status, json } = await exchange(t, await token({ email: 'aud@example.com' }, { audience: 'https://other-wallet.example' }));
    expect(status).toBe(400);
    expect(json.code).toBe('api.auth.sign_in_token_audience');
  });

  it('refuses a token signed with a key the organisation has not published', async () => {
    const { status, json } = await exchange(t, await token({ email: 'stranger@example.com' }, {}, stranger));
    expect(status).toBe(400);
    expect(json.code).toBe('api.auth.sign_in_token_unknown_key');
  });

  it.each([
    ['a forged signature (a known kid, another key)', () => token({ email: 'forged@example.com' }, { kid: 'site-2026' }, stranger)],
    ['a token that lives longer than five minutes', () => token({ email: 'long@example.com' }, { expiresIn: 3600 })],
    ['a token without an e-mail', () => token({ given_name: 'Nobody' })],
    ['an e-mail claim that is not one', () => token({ email: 'not-an-email' })],
    ['HS256 (a shared secret, not the organisation’s key)', () =>
      new SignJWT({ email: 'hs@example.com' })
        .setProtectedHeader({ alg: 'HS256', kid: 'site-2026' })
        .setAudience('http://wallet.test')
        .setExpirationTime('5m')
        .setJti('hs-1')
        .sign(new TextEncoder().encode('x'.repeat(32)))],
    ['not a JWT at all', async () => 'garbage.token.here'],
  ])('refuses %s as invalid', async (_name, make) => {
    const { status, json } = await exchange(t, await make());
    expect(status).toBe(400);
    expect(json.code).toBe('api.auth.sign_in_token_invalid');
  });

  it('refuses a body without a token, as any bad body', async () => {
    const { status, json } = await call(t.app, { method: 'POST', url: '/v1/auth/exchangeSignInToken', payload: {} });
    expect(status).toBe(400);
    expect(json.code).toBe('api.invalid_request_body');
  });

  it('writes nothing for a refused token: no account, no used jti', async () => {
    await exchange(t, await token({ email: 'refused@example.com' }, { audience: 'https://elsewhere.example', jti: 'refused-1' }));
    expect(await t.database.db.select().from(users).where(eq(users.email, 'refused@example.com'))).toEqual([]);
    expect(await t.database.db.select().from(hostSignInTokens).where(eq(hostSignInTokens.jti, 'refused-1'))).toEqual([]);
  });

  it('gives a session like any other: it refreshes, and logout ends it', async () => {
    const { json } = await exchange(t, await token({ email: 'session@example.com' }));
    const refreshed = await call(t.app, { method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: json.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/v1/auth/logout', token: refreshed.json.accessToken })).status).toBe(200);
    expect((await me(t, refreshed.json.accessToken)).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: refreshed.json.refreshToken } })).status).toBe(401);
  });

  it('another person handed over ends the session the page had, on the server too; a refused hand-off ends nothing', async () => {
    const first = await signIn(t, 'first@example.com');
    // A refused token (used before) leaves the first person's session as it was.
    const used = await token({ email: 'second@example.com' });
    expect((await exchange(t, used)).status).toBe(200);
    const refused = await call(t.app, { method: 'POST', url: '/v1/auth/exchangeSignInToken', payload: { token: used, previousRefreshToken: first.refreshToken } });
    expect(refused.json.code).toBe('api.auth.sign_in_token_used');
    expect((await me(t, first.accessToken)).status).toBe(200);

    const second = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/exchangeSignInToken',
      payload: { token: await token({ email: 'second@example.com' }), previousRefreshToken: first.refreshToken },
    });
    expect(second.status).toBe(200);
    expect((await me(t, second.json.accessToken)).json.email).toBe('second@example.com');
    // Neither of the first person's tokens works any more.
    expect((await me(t, first.accessToken)).status).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: first.refreshToken } })).status).toBe(401);
    // An unknown previous token ends nothing and is no error.
    const third = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/exchangeSignInToken',
      payload: { token: await token({ email: 'third@example.com' }), previousRefreshToken: 'not-a-token' },
    });
    expect(third.status).toBe(200);
  });

  it('one token exchanged several times at once signs in exactly once', async () => {
    const raced = await token({ email: 'race@example.com', given_name: 'Race' });
    const results = await Promise.all(Array.from({ length: 6 }, () => exchange(t, raced)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status !== 200).map((result) => result.json.code)).toEqual(Array(5).fill('api.auth.sign_in_token_used'));
    expect(await t.database.db.select().from(users).where(eq(users.email, 'race@example.com'))).toHaveLength(1);
  });

  it('forgets used tokens once they have expired', async () => {
    await exchange(t, await token({ email: 'old@example.com' }, { jti: 'old-1', expiresIn: 60 }));
    t.clock.advance(5 * 60_000);
    await exchange(t, await token({ email: 'new@example.com' }));
    expect(await t.database.db.select().from(hostSignInTokens).where(eq(hostSignInTokens.jti, 'old-1'))).toEqual([]);
  });

  it('rotates keys by rewriting the file: the new key signs in at once, the retired one is unknown', async () => {
    const next = await createSiteKey('site-2027');
    // First both (the site publishes the new key before signing with it), then the new one alone.
    writeFileSync(jwksFile, JSON.stringify(jwksOf(site, next)));
    expect((await exchange(t, await token({ email: 'rotated@example.com' }, {}, next))).status).toBe(200);
    expect((await exchange(t, await token({ email: 'rotated@example.com' }))).status).toBe(200);
    writeFileSync(jwksFile, JSON.stringify(jwksOf(next)));
    // A rewrite within the same millisecond as the last read keeps the old time stamp on some file systems: wait it out.
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(jwksFile, JSON.stringify(jwksOf(next)));
    expect((await exchange(t, await token({ email: 'rotated@example.com' }))).json.code).toBe('api.auth.sign_in_token_unknown_key');
    expect((await exchange(t, await token({ email: 'rotated@example.com' }, {}, next))).status).toBe(200);
  });
});

describe('a JWKS URL', () => {
  let t: TestApp;
  let site: SiteKey, stranger: SiteKey;
  let jwksServer: Server;
  let fetched = 0;

  beforeAll(async () => {
    [site, stranger] = await Promise.all([createSiteKey('site-url'), createSiteKey('stranger-url')]);
    jwksServer = createServer((_request, response) => {
      fetched += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwksOf(site)));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/.well-known/jwks.json`;
    t = await createTestApp({ env: { HOST_SIGN_IN_JWKS_URL: url, HOST_SIGN_IN_AUDIENCE: 'https://wallet.springfest.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => jwksServer?.close(resolve));
  });

  const token = (claims: Record<string, unknown>, key = site, audience = 'https://wallet.springfest.example') =>
    key.sign(claims, { now: t.clock.now, audience });

  it('signs in with the keys the site publishes, fetched once and kept', async () => {
    expect((await exchange(t, await token({ email: 'url@example.com' }))).status).toBe(200);
    expect((await exchange(t, await token({ email: 'url@example.com' }))).status).toBe(200);
    expect(fetched).toBe(1);
  });

  it('checks the configured audience (HOST_SIGN_IN_AUDIENCE), not the wallet’s address', async () => {
    const { json } = await exchange(t, await token({ email: 'url@example.com' }, site, 'http://wallet.test'));
    expect(json.code).toBe('api.auth.sign_in_token_audience');
  });

  it('refuses an unknown key with its code', async () => {
    expect((await exchange(t, await token({ email: 'url@example.com' }, stranger))).json.code).toBe('api.auth.sign_in_token_unknown_key');
  });
});

describe('the keys cannot be read', () => {
  it('answers 503 sign_in_keys_unavailable when the JWKS URL does not answer, and the hand-off off is 403', async () => {
    const site = await createSiteKey('down');
    const down = await createTestApp({ env: { HOST_SIGN_IN_JWKS_URL: 'http://127.0.0.1:9/jwks.json' } });
    try {
      const { status, json } = await exchange(down, await site.sign({ email: 'down@example.com' }, { now: down.clock.now }));
      expect(status).toBe(503);
      expect(json.code).toBe('api.auth.sign_in_keys_unavailable');
    } finally {
      await down.close();
    }
    const off = await createTestApp();
    try {
      const { status, json } = await exchange(off, await site.sign({ email: 'off@example.com' }, { now: off.clock.now }));
      expect(status).toBe(403);
      expect(json.code).toBe('api.auth.host_sign_in_off');
    } finally {
      await off.close();
    }
  });

  it('refuses a configuration with both a URL and a file, or an http URL in production', () => {
    const base = { DATA_DIR: `${TEST_TMP}/host-sign-in` };
    expect(() => loadConfig({ ...base, HOST_SIGN_IN_JWKS_URL: 'https://site.example/jwks.json', HOST_SIGN_IN_JWKS_FILE: 'jwks.json' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail.test', PAYMENTS_PROVIDER: 'local', HOST_SIGN_IN_JWKS_URL: 'http://site.example/jwks.json' }),
    ).toThrow(/https/);
    expect(loadConfig({ ...base, HOST_SIGN_IN_JWKS_FILE: 'jwks.json', PUBLIC_BASE_URL: 'https://wallet.example' }).hostSignIn).toEqual({
      keys: { kind: 'file', path: resolve('jwks.json') },
      audience: 'https://wallet.example',
    });
  });
});
