// A stranger cannot lock someone else out of sign-in (issue 19): codes and wrong guesses are counted per client (IP)
// as well as per code, and the per-e-mail ceilings sit above what one client can reach. Brute force from one client
// is still stopped. Default limits, as a deployment runs them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, lastCode, type TestApp } from '../helper';

const VICTIM_IP = '198.51.100.7';
const STRANGER_IP = '203.0.113.66';
const email = 'victim@example.com';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const requestCode = (ip: string) =>
  call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email }, remoteAddress: ip });
const verify = (ip: string, session: string, otp: string) =>
  call(t.app, { method: 'POST', url: '/v1/auth/verifyLoginRequest', payload: { email, otp, session }, remoteAddress: ip });
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** What one client can do against the e-mail: ask for codes until refused, then guess wrong on each until refused. */
async function strangerDoesTheirWorst() {
  const sessions: Array<{ session: string; code: string }> = [];
  for (;;) {
    const sent = await requestCode(STRANGER_IP);
    if (sent.status !== 200) {
      expect(sent.json.code).toBe('api.auth.too_many_codes');
      break;
    }
    sessions.push({ session: sent.json.session, code: lastCode(t.mailer, email) });
  }
  const refusals = new Set<string>();
  let wrongGuesses = 0;
  for (const entry of sessions) {
    for (;;) {
      const guess = await verify(STRANGER_IP, entry.session, wrongCode(entry.code));
      if (guess.json.code !== 'api.auth.wrong_otp') {
        refusals.add(guess.json.code);
        break;
      }
      wrongGuesses++;
      entry.session = guess.json.session;
    }
  }
  return { sessions, refusals, wrongGuesses };
}

describe('sign-in limits per client', () => {
  it('a stranger asking for codes and guessing wrong from one address does not stop the victim signing in', async () => {
    const stranger = await strangerDoesTheirWorst();
    expect(stranger.sessions).toHaveLength(t.config.otp.maxSendsPerEmail);
    expect(stranger.wrongGuesses).toBe(t.config.otp.maxFailedPerIp);
    expect(stranger.refusals).toContain('api.auth.too_many_wrong_codes');

    const sent = await requestCode(VICTIM_IP);
    expect(sent.status).toBe(200);
    const signedIn = await verify(VICTIM_IP, sent.json.session, lastCode(t.mailer, email));
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.refreshToken).toEqual(expect.any(String));
  });

  it('the victim can still sign in after a wrong guess of their own', async () => {
    await strangerDoesTheirWorst();
    const sent = await requestCode(VICTIM_IP);
    const wrong = await verify(VICTIM_IP, sent.json.session, wrongCode(lastCode(t.mailer, email)));
    expect(wrong.json.code).toBe('api.auth.wrong_otp');
    expect((await verify(VICTIM_IP, wrong.json.session, lastCode(t.mailer, email))).status).toBe(200);
  });

  it('brute force from one client is stopped: past its wrong guesses even the right code of its next code is refused', async () => {
    const stranger = await strangerDoesTheirWorst();
    // Still within the window: the client's codes are used up, and a right code on one of its sessions is refused.
    const last = stranger.sessions.at(-1)!;
    const lucky = await verify(STRANGER_IP, last.session, last.code);
    expect(lucky.status).toBe(429);
    expect(lucky.json.code).toBe('api.auth.too_many_wrong_codes');
    // The refusal follows the client that asked for the codes, whatever address the guesses come from.
    const elsewhere = await verify('192.0.2.10', last.session, last.code);
    expect(elsewhere.json.code).toBe('api.auth.too_many_wrong_codes');
    // Once the window has passed the client may try again.
    t.clock.advance((t.config.otp.sendWindowSeconds + 1) * 1000);
    const sent = await requestCode(STRANGER_IP);
    expect((await verify(STRANGER_IP, sent.json.session, lastCode(t.mailer, email))).status).toBe(200);
  });

  it('many clients together still meet the per-e-mail ceilings', async () => {
    const { maxFailedPerEmail, maxFailedPerIp, maxSendsPerEmailAllClients, maxSendsPerEmail } = t.config.otp;
    expect(maxFailedPerEmail).toBeGreaterThan(maxFailedPerIp);
    expect(maxSendsPerEmailAllClients).toBeGreaterThan(maxSendsPerEmail);
    let wrongGuesses = 0;
    let sends = 0;
    let lastRefusal = '';
    for (let client = 1; client <= 10 && !lastRefusal; client++) {
      const ip = `203.0.113.${client}`;
      for (let index = 0; index < maxSendsPerEmail && !lastRefusal; index++) {
        const sent = await requestCode(ip);
        if (sent.status !== 200) {
          lastRefusal = sent.json.code;
          break;
        }
        sends++;
        let session = sent.json.session as string;
        const code = lastCode(t.mailer, email);
        for (let guess = 0; guess < 2; guess++) {
          const answer = await verify(ip, session, wrongCode(code));
          if (answer.json.code !== 'api.auth.wrong_otp') {
            lastRefusal = answer.json.code;
            break;
          }
          wrongGuesses++;
          session = answer.json.session;
        }
      }
    }
    expect(lastRefusal).toBe('api.auth.too_many_wrong_codes');
    expect(wrongGuesses).toBe(maxFailedPerEmail);
    expect(sends).toBeLessThanOrEqual(maxSendsPerEmailAllClients);
    // Now the e-mail is refused from anywhere, with the right code too, until the window passes.
    const sent = await requestCode(VICTIM_IP);
    expect((await verify(VICTIM_IP, sent.json.session, lastCode(t.mailer, email))).json.code).toBe('api.auth.too_many_wrong_codes');
  });

  it('codes for one e-mail from many clients stop at the per-e-mail ceiling', async () => {
    let sent = 0;
    for (let client = 1; client <= 10; client++) {
      for (let index = 0; index < t.config.otp.maxSendsPerEmail; index++) {
        if ((await requestCode(`203.0.113.${client}`)).status === 200) sent++;
      }
    }
    expect(sent).toBe(t.config.otp.maxSendsPerEmailAllClients);
    expect((await requestCode(VICTIM_IP)).json.code).toBe('api.auth.too_many_codes');
  });
});
