// Limits that hold under bursts (issue 7): code sending per e-mail and per IP, wrong guesses per e-mail across all its
// codes, idempotency keys raced by concurrent requests, and client addresses that a client cannot choose.
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
    t = await createTestApp({ env: { OTP_MAX_SENDS_PER_IP: '1000', OTP_MAX_FAILED_PER_EMAIL: '6', RATE_LIMIT_PER_MINUTE: '100000' } });
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

  it('wrong guesses are capped per e-mail across all its codes, even when guessed at once', async () => {
    const email = 'guesser@example.com';
    const sessions: string[] = [];
    for (let i = 0; i < 3; i++) sessions.push((await sendCode(t, email)).json.session);
    const wrong = (otp: string) => (otp === '000000' ? '111111' : '000000');
    const right = lastCode(t.mailer, email);
    // Three codes allow 15 tries by the per-code limit; the e-mail allows 6 wrong ones in all. Each code is guessed
    // 4 times in a row (a wrong guess answers the session id for the next), the three at once.
    const chains = await Promise.all(
      sessions.map(async (first) => {
        const answers = [];
        let session = first;
        for (let i = 0; i < 4; i++) {
          const answer = await verify(t, email, wrong(right), session);
          answers.push(answer);
          session = answer.json.session ?? session;
        }
        return answers;
      }),
    );
    const guesses = chains.flat();
    expect(guesses.every((guess) => guess.status >= 400 && guess.status < 500)).toBe(true);
    expect(guesses.filter((guess) => guess.json.code === 'api.auth.wrong_otp')).toHaveLength(6);
    expect(guesses.filter((guess) => guess.json.code === 'api.auth.too_many_wrong_codes')).toHaveLength(6);
    // Now even the right code of a fresh session is refused until the window passes.
    const fresh = (await sendCode(t, email)).json.session as string;
    const refused = await verify(t, email, lastCode(t.mailer, email), fresh);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('api.auth.too_many_wrong_codes');
    t.clock.advance(16 * 60 * 1000);
    const later = (await sendCode(t, email)).json.session as string;
    expect((await verify(t, email, lastCode(t.mailer, email), later)).status).toBe(200);
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
