// A stranger cannot stop anyone signing in (docs/decisions/0101-sign-in-no-stranger-can-block.md): wrong codes count
// against the sign-in session they were made on, sends are limited per address and per session, and the mailbox's
// hourly codes come in two shares, the owner's devices' and everyone else's. Every 429 says when to try again.
// Default limits, as a deployment runs them; the attacks come from four loopback addresses, the owner from a fifth.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, lastCode, type TestApp } from '../helper';

const ATTACKERS = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4'];
const OWNER_IP = '127.0.0.5';
const HOME_IP = '198.51.100.7';
const email = 'victim@example.com';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

type Answer = Awaited<ReturnType<typeof call>>;
const answers: Answer[] = [];
const record = (answer: Answer) => {
  answers.push(answer);
  return answer;
};
const requestCode = async (ip: string, extra: { device?: string; session?: string } = {}) =>
  record(await call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email, ...extra }, remoteAddress: ip }));
const verify = async (ip: string, session: string, otp: string) =>
  record(await call(t.app, { method: 'POST', url: '/v1/auth/verifyLoginRequest', payload: { email, otp, session }, remoteAddress: ip }));
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** Every 429 carried Retry-After, a whole number of seconds that is positive and no longer than the window it waits on. */
function expectEvery429HasRetryAfter() {
  const refused = answers.filter((answer) => answer.status === 429);
  for (const answer of refused) {
    const header = answer.response.headers['retry-after'];
    expect(header, JSON.stringify(answer.json)).toMatch(/^\d+$/);
    expect(Number(header)).toBeGreaterThan(0);
    expect(Number(header)).toBeLessThanOrEqual(t.config.otp.mailboxWindowSeconds);
    expect(answer.json.retryAfterSeconds).toBe(Number(header));
  }
  return refused.length;
}

/** The owner signed in once before, at home: their browser keeps the device token. */
async function ownerSignsInAtHome(): Promise<string> {
  const sent = await requestCode(HOME_IP);
  const signedIn = await verify(HOME_IP, sent.json.session, lastCode(t.mailer, email));
  expect(signedIn.status).toBe(200);
  expect(signedIn.json.device).toEqual(expect.any(String));
  return signedIn.json.device;
}

/** The two attacks of the probe: codes asked for from four addresses until refused, then 30 wrong codes on them. */
async function strangersDoTheirWorst() {
  const sessions: Array<{ ip: string; session: string; code: string }> = [];
  let refusedSends = 0;
  for (let round = 0; round < 8; round++) {
    for (const ip of ATTACKERS) {
      const sent = await requestCode(ip);
      if (sent.status === 200) sessions.push({ ip, session: sent.json.session, code: lastCode(t.mailer, email) });
      else {
        expect(sent.status).toBe(429);
        expect(sent.json.code).toBe('api.auth.too_many_codes');
        refusedSends++;
      }
    }
  }
  let wrongGuesses = 0;
  const refusals = new Set<string>();
  for (let guess = 0; guess < 30; guess++) {
    const entry = sessions[guess % sessions.length]!;
    const answer = await verify(ATTACKERS[guess % ATTACKERS.length]!, entry.session, wrongCode(entry.code));
    if (answer.json.code === 'api.auth.wrong_otp') {
      wrongGuesses++;
      entry.session = answer.json.session;
    } else refusals.add(answer.json.code);
  }
  return { sessions, refusedSends, wrongGuesses, refusals };
}

describe('sign-in a stranger cannot block', () => {
  beforeEach(() => {
    answers.length = 0;
  });

  it('after both attacks from four addresses the owner signs in from a fifth within a minute, with a fresh code', async () => {
    const device = await ownerSignsInAtHome();
    t.clock.advance(60_000);
    const strangers = await strangersDoTheirWorst();
    // The strangers' share of the mailbox is used up (and no more codes than it went out)...
    expect(strangers.refusedSends).toBeGreaterThan(0);
    expect(strangers.sessions.length).toBeLessThanOrEqual(t.config.otp.maxSendsPerEmailAllClients - 1);
    expect(strangers.wrongGuesses).toBeGreaterThan(0);

    t.clock.advance(30_000);
    const sent = await requestCode(OWNER_IP, { device });
    expect(sent.status).toBe(200);
    const code = lastCode(t.mailer, email);
    expect(strangers.sessions.map((entry) => entry.code)).not.toContain(undefined);
    const signedIn = await verify(OWNER_IP, sent.json.session, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.refreshToken).toEqual(expect.any(String));
    expect(expectEvery429HasRetryAfter()).toBeGreaterThan(0);
  });

  it('a stranger from a fifth address gets no code: the strangers’ share is bounded, and the refusal says when it frees up', async () => {
    await strangersDoTheirWorst();
    const sent = await requestCode(OWNER_IP);
    expect(sent.status).toBe(429);
    expect(sent.json.code).toBe('api.auth.too_many_codes');
    expectEvery429HasRetryAfter();
    // The mailbox got at most its hourly bound.
    const mailed = (t.mailer.outbox ?? []).filter((entry) => entry.to === email).length;
    expect(mailed).toBe(t.config.otp.maxSendsPerEmailAllClients);
    // When the Retry-After has passed, a code goes out again.
    t.clock.advance(Number(sent.response.headers['retry-after']) * 1000);
    expect((await requestCode(OWNER_IP)).status).toBe(200);
  });

  it('a device token of another e-mail, or a forged one, draws on the strangers’ share', async () => {
    const other = 'someone@example.com';
    const otherSent = await call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email: other }, remoteAddress: HOME_IP });
    const otherDevice = (
      await call(t.app, { method: 'POST', url: '/v1/auth/verifyLoginRequest', payload: { email: other, otp: lastCode(t.mailer, other), session: otherSent.json.session } })
    ).json.device as string;
    await strangersDoTheirWorst();
    const forged = `${Math.floor(t.clock.now.getTime() / 1000)}.${'A'.repeat(43)}`;
    expect((await requestCode(OWNER_IP, { device: otherDevice })).status).toBe(429);
    expect((await requestCode(OWNER_IP, { device: forged })).status).toBe(429);
    expectEvery429HasRetryAfter();
  });

  it('a sign-in session dies after five wrong codes, its right code too; a resend keeps its wrong tries', async () => {
    let session = (await requestCode(HOME_IP)).json.session as string;
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await verify(HOME_IP, session, wrongCode(lastCode(t.mailer, email)));
      expect(answer.json.code).toBe('api.auth.wrong_otp');
      session = answer.json.session;
    }
    // A resend on the session: a new code, the same four wrong tries.
    const resent = await requestCode(HOME_IP, { session });
    expect(resent.status).toBe(200);
    session = resent.json.session;
    const fifth = await verify(HOME_IP, session, wrongCode(lastCode(t.mailer, email)));
    expect(fifth.json.code).toBe('api.auth.wrong_otp');
    const right = await verify(HOME_IP, fifth.json.session, lastCode(t.mailer, email));
    expect(right.status).toBe(403);
    expect(right.json.code).toBe('api.auth.otp_attempts_exceeded');
    // The e-mail is not locked: a new session signs in at once.
    const fresh = await requestCode(HOME_IP);
    expect((await verify(HOME_IP, fresh.json.session, lastCode(t.mailer, email))).status).toBe(200);
  });

  it('sends are limited per sign-in session: past its resends it is refused with Retry-After, a new session is not', async () => {
    let session = (await requestCode(HOME_IP)).json.session as string;
    for (let send = 2; send <= t.config.otp.maxSendsPerSession; send++) {
      const resent = await requestCode(HOME_IP, { session });
      expect(resent.status).toBe(200);
      session = resent.json.session;
    }
    const refused = await requestCode(HOME_IP, { session });
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers['retry-after'])).toBeLessThanOrEqual(t.config.otp.ttlSeconds);
    // The replaced codes no longer sign in; the last one does.
    expect((await requestCode(HOME_IP)).status).toBe(200);
    expectEvery429HasRetryAfter();
  });

  it('sends are limited per address across e-mails, with Retry-After', async () => {
    let refused: Answer | undefined;
    for (let index = 0; index <= t.config.otp.maxSendsPerIp && !refused; index++) {
      const sent = record(
        await call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email: `p${index}@example.com` }, remoteAddress: '127.0.0.9' }),
      );
      if (sent.status !== 200) refused = sent;
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.response.headers['retry-after'])).toBeLessThanOrEqual(t.config.otp.sendWindowSeconds);
    expect((await requestCode(OWNER_IP)).status).toBe(200);
    expectEvery429HasRetryAfter();
  });
});
