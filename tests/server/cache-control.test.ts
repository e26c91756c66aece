// Authenticated answers are never cached (issue 19): the profile, the token answers, the entry code, the ticket PDF
// (it carries a redeem code) and the payments account say `Cache-Control: no-store`. The entry QR image keeps its own
// `private` caching to the end of its window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDemoApp, type DemoApp, lastCode } from './helper';

let t: DemoApp;
let alex: string;
beforeAll(async () => {
  t = await createDemoApp();
  alex = t.tokens.alex;
});
afterAll(() => t.close());

const cacheControl = (answer: Awaited<ReturnType<typeof call>>) => answer.response.headers['cache-control'];

describe('Cache-Control: no-store', () => {
  it('on /auth/me', async () => {
    const me = await call(t.app, { method: 'GET', url: '/v1/auth/me', token: alex });
    expect(me.status).toBe(200);
    expect(cacheControl(me)).toBe('no-store');
  });

  it('on the token answers: the code request, verify and refresh', async () => {
    const email = 'no-store@example.com';
    const sent = await call(t.app, { method: 'POST', url: '/v1/auth/signInOrRegisterAndSignIn', payload: { email } });
    expect(sent.status).toBe(200);
    expect(cacheControl(sent)).toBe('no-store');
    const verified = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/verifyLoginRequest',
      payload: { email, otp: lastCode(t.mailer, email), session: sent.json.session },
    });
    expect(verified.status).toBe(200);
    expect(cacheControl(verified)).toBe('no-store');
    const refreshed = await call(t.app, { method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: verified.json.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect(cacheControl(refreshed)).toBe('no-store');
  });

  it('on the entry code as text (/auth/access/qr)', async () => {
    const qr = await call(t.app, { method: 'GET', url: '/v1/auth/access/qr', token: alex });
    expect(qr.status).toBe(200);
    expect(cacheControl(qr)).toBe('no-store');
  });

  it('on the ticket PDF', async () => {
    const tickets = (await call(t.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token: alex })).json as Array<{ userTicketId: number }>;
    const pdf = await call(t.app, { method: 'POST', url: `/v1/resell/${tickets[0]!.userTicketId}`, token: alex });
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers['content-type']).toBe('application/pdf');
    expect(cacheControl(pdf)).toBe('no-store');
  });

  it('on the payments account routes', async () => {
    const connected = await call(t.app, { method: 'POST', url: '/v1/resell/stripe/connect', token: alex, payload: { accountType: 'custom', country: 'AU' } });
    expect(connected.status).toBe(200);
    expect(cacheControl(connected)).toBe('no-store');
    const account = await call(t.app, { method: 'GET', url: '/v1/resell/stripe/account', token: alex });
    expect(account.status).toBe(200);
    expect(cacheControl(account)).toBe('no-store');
    const onboarded = await call(t.app, {
      method: 'POST',
      url: '/v1/resell/stripe/local/onboard',
      token: alex,
      payload: { clientSecret: connected.json.clientSecret, legalName: 'Alex Rivera', bankAccountLast4: '1234' },
    });
    expect(onboarded.status).toBe(200);
    expect(cacheControl(onboarded)).toBe('no-store');
  });

  it('but the entry QR image stays private to the end of its window, also when revalidated', async () => {
    const png = await call(t.app, { method: 'GET', url: '/v1/auth/access/qrCodeData', token: alex });
    expect(png.status).toBe(200);
    expect(cacheControl(png)).toMatch(/^private, max-age=\d+$/);
    const again = await call(t.app, { method: 'GET', url: '/v1/auth/access/qrCodeData', token: alex, headers: { 'if-none-match': png.response.headers.etag as string } });
    expect(again.status).toBe(304);
    expect(cacheControl(again)).toMatch(/^private, max-age=\d+$/);
  });
});
