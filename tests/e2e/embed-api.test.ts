// The embed API on a host page of another origin, loaded from the versioned path /v1/embed.js: calls queued in the
// stub array before the loader arrives (on, off, open) run once it has, then open({ tab, ticketId }), close(), logout(), and the
// events open, close, signIn, signOut and ticketChanged through on/off, in headless Chromium against the real server.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TicketWalletApi } from '../../src/embed/loader';
import { pdfTexts, SECRET_CODE_PATTERN } from '../support/pdf-text';
import { openPage, type OpenPage, pasteInto, registerHostPage, requestCode, useBrowser } from './page-helpers';
import { latestCode } from './server';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

declare global {
  interface Window {
    /** What the host page's listeners heard, in order. */
    heard: string[];
  }
}

let hostAddress: string;
const requested: string[] = [];

// The queue stub and its calls come before the loader's script tag, as in docs/embedding.md.
const hostPage = (api: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Spring Fest</title></head>
<body><h1>Spring Fest</h1>
<script>
  window.TicketWallet = window.TicketWallet || [];
  window.heard = [];
  ['open', 'close', 'signIn', 'signOut', 'ticketChanged'].forEach(function (name) {
    TicketWallet.push(['on', name, function () { window.heard.push(name); }]);
  });
  // A listener put on and taken off again before the loader arrives: the queued off() must win.
  function dropped() { window.heard.push('close (listener removed in the queue)'); }
  TicketWallet.push(['on', 'close', dropped], ['off', 'close', dropped]);
  TicketWallet.push(['open', { tab: 'login' }]);
</script>
<script src="${api}/v1/embed.js" data-api-base="${api}" data-org-name="Spring Fest" defer></script>
</body></html>`;

beforeAll(async () => {
  // On the host site: another origin than the wallet's, the one the server allows, as on a real site.
  hostAddress = await registerHostPage(baseUrl, { html: hostPage(baseUrl) });
});

const wallet = (page: Page) => page.locator('ticket-wallet');
const heard = (page: Page) => page.evaluate(() => window.heard);
/** Calls a method of the loaded embed API in the page. */
const callApi = <M extends 'open' | 'close' | 'logout'>(page: Page, method: M, ...args: Parameters<TicketWalletApi[M]>) =>
  page.evaluate(([name, rest]) => (window.TicketWallet as unknown as Record<string, (...a: unknown[]) => Promise<void>>)[name]!(...rest), [method, args] as const);

/** An access token, signed in through the API with the code from the dev outbox. */
async function apiSignIn(email: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const requestedAt = Date.now() - 1000;
  const { session } = await post('/auth/signInOrRegisterAndSignIn', { email });
  const otp = await latestCode(baseUrl, email, requestedAt);
  return (await post('/auth/verifyLoginRequest', { email, otp, session })).accessToken;
}

/** The redeem code in the PDF of the first upcoming ticket of the token's user that may have one (named `name`). */
async function ticketCode(token: string, name?: string): Promise<{ code: string; ticketName: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const tickets = (await (await fetch(`${baseUrl}/v1/list/ticket_listing?status=UPCOMING`, { headers })).json()) as Array<{ userTicketId: number; ticketName: string }>;
  for (const ticket of tickets.filter((t) => !name || t.ticketName === name)) {
    const answer = await fetch(`${baseUrl}/v1/resell/${ticket.userTicketId}`, { method: 'POST', headers });
    if (!answer.ok) continue;
    const code = pdfTexts(Buffer.from(await answer.arrayBuffer())).find((text) => SECRET_CODE_PATTERN.test(text));
    if (code) return { code, ticketName: ticket.ticketName };
  }
  throw new Error('no ticket that may have a PDF');
}

describe('the embed API on a second origin', () => {
  let opened: OpenPage;
  beforeAll(async () => {
    opened = await openPage(browser, {});
    opened.page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
    });
  });
  afterAll(() => opened?.context.close());

  it('runs the calls queued before the loader arrived: the listeners are on (one put off again) and LOGIN opens (open)', async () => {
    const { page } = opened;
    await page.goto(hostAddress);
    await wallet(page).getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
    await expect.poll(() => heard(page)).toEqual(['open']);
    expect(await page.evaluate(() => (window.TicketWallet as TicketWalletApi).version)).toBe(1);
    // The versioned loader fetched the app from beside /embed.js, not from /v1/.
    expect(requested[0]).toBe('/v1/embed.js');
    expect(requested.some((path) => /^\/wallet-app\.[0-9a-f]{8}\.js$/.test(path))).toBe(true);
  });

  it('tells signIn when the person signs in in the wallet', async () => {
    const { page } = opened;
    const code = await requestCode(page, baseUrl, 'jordan@example.com');
    await pasteInto(page.getByLabel('One-time code'), code);
    await expect.poll(() => heard(page)).toContain('signIn');
  });

  it('close() closes the panel (close); off() stops a listener, called now or queued before the loader', async () => {
    const { page } = opened;
    await page.evaluate(() => {
      const api = window.TicketWallet as TicketWalletApi;
      const once = () => window.heard.push('close (removed listener)');
      api.on('close', once);
      api.off('close', once);
    });
    await callApi(page, 'close');
    await expect.poll(() => heard(page)).toEqual(['open', 'signIn', 'close']);
    await wallet(page).getByRole('button', { name: 'My tickets' }).waitFor();
    expect(new URL(page.url()).searchParams.get('PANEL_TAB')).toBeNull();
  });

  it('open({ tab, ticketId }) opens that ticket (open)', async () => {
    const { page } = opened;
    const ticket = await page.evaluate(async (api) => {
      const token = localStorage.getItem('tw.accessToken');
      const answer = await fetch(`${api}/v1/list/ticket_listing?status=UPCOMING`, { headers: { authorization: `Bearer ${token}` } });
      return ((await answer.json()) as Array<{ userTicketId: number; ticketName: string }>)[0]!;
    }, baseUrl);
    await callApi(page, 'open', { tab: 'TICKET', ticketId: ticket.userTicketId });
    await wallet(page).getByRole('heading', { level: 1, name: ticket.ticketName }).waitFor();
    expect(new URL(page.url()).searchParams.get('USER_TICKET_ID')).toBe(btoa(String(ticket.userTicketId)).replace(/=+$/, ''));
    expect((await heard(page)).at(-1)).toBe('open');
  });

  it('tells ticketChanged when a ticket changes in the wallet (one redeemed from its PDF code)', async () => {
    const { page } = opened;
    // alex hands a ticket on with its PDF's code; jordan redeems it in the wallet on the host page.
    const alex = await apiSignIn('alex@example.com');
    const handedOn = await ticketCode(alex);
    await callApi(page, 'open', { tab: 'redeem' });
    await wallet(page).getByLabel('Ticket code').fill(handedOn.code);
    await wallet(page).getByRole('button', { name: 'Redeem' }).click();
    await wallet(page).getByRole('heading', { name: 'Success!' }).waitFor();
    await expect.poll(() => heard(page)).toContain('ticketChanged');

    // Then jordan hands it back the same way, so the demo data the other e2e files expect is whole again.
    const jordan = (await page.evaluate(() => localStorage.getItem('tw.accessToken')))!;
    const back = await ticketCode(jordan, handedOn.ticketName);
    const redeemed = await fetch(`${baseUrl}/v1/resell/redeem/${back.code}`, { method: 'POST', headers: { authorization: `Bearer ${alex}` } });
    expect(redeemed.status).toBe(200);
  });

  it('logout() ends the session (signOut) and forgets the tokens', async () => {
    const { page } = opened;
    await callApi(page, 'logout');
    await expect.poll(() => heard(page)).toContain('signOut');
    expect(await page.evaluate(() => localStorage.getItem('tw.accessToken'))).toBeNull();
    expect(opened.errors).toEqual([]);
  });
});
