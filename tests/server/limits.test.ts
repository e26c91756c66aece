// Limits that hold under bursts: code sending per e-mail and per IP, the mailbox's share, wrong guesses on one session,
// idempotency keys raced by concurrent requests, and client addresses that a client cannot choose.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginSessions, swaps } from '../../src/server/db/schema';
import { call, createDemoApp, createTestApp, type DemoApp, lastCode, type TestApp } from './helper';

const sendCode = (t: TestApp, email: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email }, headers });
const verify = (t: TestApp, email: string, otp: string, session: string) =>
  call(t.app, { method: 'POST', url: '/v1/auth/verifyLoginRequest', payload: { email, otp, session } });

describe('sign-in limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OTP_MAX_SENDS_PER_IP: '1000', RATE_LIMIT_PER_MINUTE: '100000' } });
  });
  afterAll(() => t.close());

  it('100 concurrent code requests for one e-mail send exactly the 5 allowed', async () => {
    const email = 'burst@example.com';
    const results = await Promise.all(Array.from({ length: 100 }, () => sendCode(t, email)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(5);
    expect(results.filter((result) => result.status === 429).every((result) => result.json.code === 'api.auth.too_many_codes')).toBe(true);
    expect(t.mailer.outbox!.filter((message) => message.to === email)).toHaveLength(5);
    expect(await t.database.db.select().from(loginSessions).where(eq(loginSessions.email, email))).toHaveLength(5);
  });

  it('the mailbox gets at most the strangers’ share of codes, when 100 addresses ask at once', async () => {
    const email = 'crowd@example.com';
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email }, remoteAddress: `10.0.${index >> 8}.${index & 255}` }),
      ),
    );
    const share = t.config.otp.maxSendsPerEmailAllClients;
    expect(results.filter((result) => result.status === 200)).toHaveLength(share);
    const refused = results.filter((result) => result.status === 429);
    expect(refused).toHaveLength(100 - share);
    expect(refused.every((result) => Number(result.response.headers['retry-after']) > 0)).toBe(true);
    expect(t.mailer.outbox!.filter((message) => message.to === email)).toHaveLength(share);
  });

  it('wrong guesses sent at once on one sign-in session count once each: the session rotates, the copies are refused', async () => {
    const email = 'guesser@example.com';
    const session = (await sendCode(t, email)).json.session as string;
    const right = lastCode(t.mailer, email);
    const wrong = right === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(Array.from({ length: 10 }, () => verify(t, email, wrong, session)));
    expect(guesses.filter((guess) => guess.json.code === 'api.auth.wrong_otp')).toHaveLength(1);
    expect(guesses.filter((guess) => guess.json.code === 'api.auth.wrong_credentials')).toHaveLength(9);
    const [row] = await t.database.db.select().from(loginSessions).where(eq(loginSessions.email, email));
    expect(row?.attempts).toBe(1);
  });
});

describe('idempotency keys under concurrency', () => {
  let t: DemoApp;
  let token: string;
  beforeAll(async () => {
    t = await createDemoApp();
    token = t.tokens.alex;
  });
  afterAll(() => t.close());

  it('concurrent requests with one key: one runs, the others get its answer or a clear 409 in progress', async () => {
    const [base] = (await call(t.app, { method: 'GET', url: '/v1/ticket_swap/tickets', token })).json as Array<{ id: number }>;
    const [pair] = (await call(t.app, { method: 'GET', url: `/v1/ticket_swap/tickets/${base!.id}`, token })).json as Array<{ id: number }>;
    // Starting a swap is not idempotent by itself: each run would reserve another ticket.
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, {
          method: 'POST',
          url: '/v1/ticket_swap/start_swap',
          token,
          payload: { baseTicketId: base!.id, swapPairId: pair!.id, swapQuantity: 1 },
          headers: { 'idempotency-key': 'race-1' },
        }),
      ),
    );
    expect(results.every((result) => result.status === 200 || (result.status === 409 && result.json.code === 'api.idempotency_in_progress'))).toBe(true);
    const answers = results.filter((result) => result.status === 200);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect(answer.json).toEqual(answers[0]!.json);
    expect(await t.database.db.select().from(swaps)).toHaveLength(1);
    const rows = await t.database.db.query.idempotencyKeys.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.statusCode).toBe(200);
  });

  it('a failed first request does not block a retry with the same key', async () => {
    const bad = await call(t.app, {
      method: 'POST',
      url: '/v1/mobile/giftTicket',
      token,
      payload: { userTicketId: 999_999, username: 'nobody@example.com' },
      headers: { 'idempotency-key': 'fails-first' },
    });
    expect(bad.status).toBe(403);
    const retry = await call(t.app, { method: 'POST', url: '/v1/auth/profile', token, payload: { givenName: 'Again' }, headers: { 'idempotency-key': 'fails-first' } });
    expect(retry.status).toBe(200);
  });
});

describe('the client address', () => {
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.test:25', PAYMENTS_PROVIDER: 'local', OTP_MAX_SENDS_PER_IP: '2' };

  it('is the connection’s by default, in production too: X-Forwarded-For cannot pick a fresh IP for each request', async () => {
    const t = await createTestApp({ env: production });
    try {
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await sendCode(t, `spoof${i}@example.com`, { 'x-forwarded-for': `203.0.113.${i}` }));
      expect(results.map((result) => result.status)).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('comes from X-Forwarded-For only through the proxies TRUST_PROXY names', async () => {
    const t = await createTestApp({ env: { ...production, TRUST_PROXY: '127.0.0.1' } });
    try {
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await sendCode(t, `proxied${i}@example.com`, { 'x-forwarded-for': `203.0.113.${i}` }));
      expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    } finally {
      await t.close();
    }
  });
});
