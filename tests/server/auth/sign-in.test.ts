// POST /auth/signInOrRegisterAndSignIn and POST /auth/verifyLoginRequest: codes, tries, expiry, limits.
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginSessions, users } from '../../../src/server/db/schema';
import { call, createTestApp, lastCode, type TestApp } from '../helper';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { OTP_MAX_SENDS_PER_EMAIL: '3', OTP_MAX_SENDS_PER_IP: '5' } });
});
afterEach(() => t.close());

const requestCode = (payload: unknown) =>
  call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: payload as object });
const verify = (payload: unknown) => call(t.app, { method: 'POST', url: '/v1/auth/verifyLoginRequest', payload: payload as object });
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('requesting a code', () => {
  it('mails a six-digit code and answers a session id, storing only a hash of the code', async () => {
    const { status, json } = await requestCode({ email: 'New.Person@Example.com' });
    expect(status).toBe(200);
    expect(json.session).toMatch(/^[\w-]{20,}$/);
    const code = lastCode(t.mailer, 'new.person@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.database.db.select().from(loginSessions).where(eq(loginSessions.sessionId, json.session));
    expect(row?.email).toBe('new.person@example.com');
    expect(row?.codeHash).not.toContain(code);
  });

  it('writes the e-mail in Spanish when asked', async () => {
    await requestCode({ email: 'ana@example.com', locale: 'es' });
    const message = t.mailer.outbox!.at(-1)!;
    expect(message.subject).toContain('Tu código');
    expect(message.text).toContain('Caduca en 10 minutos');
  });

  it.each([
    [{}, 'email'],
    [{ email: '' }, 'email'],
    [{ email: 'not-an-email' }, 'email'],
    [{ email: 42 }, 'email'],
    [{ email: 'a@b.co', locale: 'fr' }, 'locale'],
  ])('refuses %j with api.invalid_request_body', async (payload, field) => {
    const { status, json } = await requestCode(payload);
    expect(status).toBe(400);
    expect(json.code).toBe('api.invalid_request_body');
    expect(json.issues.map((issue: { path: string }) => issue.path).join()).toContain(field);
    const [{ n }] = (await t.database.db.select({ n: count() }).from(loginSessions)) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('limits codes per e-mail within the window, then allows again', async () => {
    for (let i = 0; i < 3; i++) expect((await requestCode({ email: 'busy@example.com' })).status).toBe(200);
    const refused = await requestCode({ email: 'busy@example.com' });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ statusCode: 429, code: 'api.auth.too_many_codes' });
    expect(t.mailer.outbox!.filter((m) => m.to === 'busy@example.com')).toHaveLength(3);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await requestCode({ email: 'busy@example.com' })).status).toBe(200);
  });

  it('limits codes per IP across e-mails', async () => {
    for (let i = 0; i < 5; i++) expect((await requestCode({ email: `p${i}@example.com` })).status).toBe(200);
    const refused = await requestCode({ email: 'p9@example.com' });
    expect(refused.json.code).toBe('api.auth.too_many_codes');
  });
});

describe('verifying a code', () => {
  async function started(email = 'sam.new@example.com') {
    const { json } = await requestCode({ email });
    return { email, session: json.session as string, code: lastCode(t.mailer, email) };
  }

  it('registers a new user on the first right code and answers tokens', async () => {
    const { email, session, code } = await started();
    const { status, json } = await verify({ email, session, otp: code });
    expect(status).toBe(200);
    expect(json.accessToken.split('.')).toHaveLength(3);
    expect(json.refreshToken).toMatch(/^[\w-]{40,}$/);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.givenName).toBeNull();
    expect(user?.nickname).toBe('sam.new');
  });

  it('a wrong code answers Wrong OTP with a new session id; the old id is then dead and the new one works', async () => {
    const { email, session, code } = await started();
    const wrong = await verify({ email, session, otp: wrongCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ statusCode: 400, code: 'api.auth.wrong_otp', message: 'Wrong OTP' });
    expect(wrong.json.session).toBeTruthy();
    expect(wrong.json.session).not.toBe(session);
    expect((await verify({ email, session, otp: code })).json.code).toBe('api.auth.wrong_credentials');
    expect((await verify({ email, session: wrong.json.session, otp: code })).status).toBe(200);
  });

  it('refuses the 6th try even with the right code', async () => {
    const { email, code } = await started();
    let session = (await t.database.db.select().from(loginSessions))[0]!.sessionId;
    for (let i = 0; i < 5; i++) {
      const wrong = await verify({ email, session, otp: wrongCode(code) });
      expect(wrong.json.code).toBe('api.auth.wrong_otp');
      session = wrong.json.session;
    }
    const sixth = await verify({ email, session, otp: code });
    expect(sixth.status).toBe(403);
    expect(sixth.json.code).toBe('api.auth.otp_attempts_exceeded');
  });

  it('refuses an expired code', async () => {
    const { email, session, code } = await started();
    t.clock.advance(10 * 60 * 1000 + 1);
    const expired = await verify({ email, session, otp: code });
    expect(expired.status).toBe(400);
    expect(expired.json.code).toBe('api.auth.otp_expired');
  });

  it('a code works once, and only for its own e-mail', async () => {
    const { email, session, code } = await started();
    expect((await verify({ email: 'other@example.com', session, otp: code })).json.code).toBe('api.auth.wrong_credentials');
    expect((await verify({ email, session, otp: code })).status).toBe(200);
    expect((await verify({ email, session, otp: code })).json.code).toBe('api.auth.wrong_credentials');
  });

  it('signs an existing user in without creating another account', async () => {
    const first = await started('twice@example.com');
    await verify({ email: first.email, session: first.session, otp: first.code });
    const second = await started('twice@example.com');
    expect((await verify({ email: second.email, session: second.session, otp: second.code })).status).toBe(200);
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'twice@example.com'));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ session: 's', email: 'a@b.co' }, 'otp'],
    [{ otp: '12345', session: 's', email: 'a@b.co' }, 'otp'],
    [{ otp: '1234567', session: 's', email: 'a@b.co' }, 'otp'],
    [{ otp: 'abcdef', session: 's', email: 'a@b.co' }, 'otp'],
    [{ otp: '123456', email: 'a@b.co' }, 'session'],
    [{ otp: '123456', session: 's', email: 'nope' }, 'email'],
  ])('refuses %j with api.invalid_request_body', async (payload, field) => {
    const { status, json } = await verify(payload);
    expect(status).toBe(400);
    expect(json.code).toBe('api.invalid_request_body');
    expect(json.issues.map((issue: { path: string }) => issue.path).join()).toContain(field);
  });
});
