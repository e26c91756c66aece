// The sign-in hand-off on a host page of a second origin, in headless Chromium against a server of its own that knows
// the organisation's public key (a JWKS file): the host's server signs a token for its signed-in user with jose, as
// docs/embedding.md shows; `TicketWallet.signIn({ token })` signs in without a code (no app download needed), and so
// does `data-sign-in-token`; a sign-in on screen goes on to QR with the HUB; reused, expired, wrong-audience and
// unknown-key tokens are refused with their codes, and the wallet then says why (in the page's language) and the
// e-mail code still works; the host's `logout()` ends the wallet's session on the server too; a token for another
// person while the wallet is open switches it to that person, and the first person's session ends on the server.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignInError, TicketWalletApi } from '../../src/embed/loader';
import { createSiteKey, jwksOf, type SiteKey } from '../support/host-sign-in';
import { pasteInto, registerHostPage, requestCode, useBrowser, withPage } from './page-helpers';
import { useServer } from './server';

const browser = useBrowser();
let site: SiteKey;
let stranger: SiteKey;
const jwksFile = join(mkdtempSync(join(tmpdir(), 'tw-jwks-')), 'jwks.json');

// Before the server starts (hooks run in order): the organisation's key, published in the file the server reads.
beforeAll(async () => {
  [site, stranger] = await Promise.all([createSiteKey('festival-2026'), createSiteKey('someone-else')]);
  writeFileSync(jwksFile, JSON.stringify(jwksOf(site)));
});
const server = useServer(() => ({ env: { HOST_SIGN_IN_JWKS_FILE: jwksFile } }));

/** The host's server: a token for its signed-in user, for this wallet (its address is the audience). */
const tokenFor = (email: string, names: { given?: string; family?: string } = {}, options: Parameters<SiteKey['sign']>[1] = {}, key = site) =>
  key.sign({ email, given_name: names.given, family_name: names.family }, { audience: server.url, ...options });

/** A host page with the loader (and, when given, the token in data-sign-in-token). */
const hostPage = (options: { dataToken?: string; lang?: string } = {}) =>
  registerHostPage(
    server.url,
    {
      html: `<!doctype html><html lang="${options.lang ?? 'en'}"><head><meta charset="utf-8"><title>Harbour Lights</title></head><body><h1>Harbour Lights</h1>
<script src="${server.url}/v1/embed.js" data-api-base="${server.url}" data-org-name="Harbour Lights Festival"${options.dataToken ? ` data-sign-in-token="${options.dataToken}"` : ''}></script></body></html>`,
    },
    `/${options.lang ?? 'en'}/`,
  );

const wallet = (page: Page) => page.locator('ticket-wallet');
/** Runs TicketWallet.signIn in the page: 'ok', or the refusal's code. */
const signInWith = (page: Page, token: string) =>
  page.evaluate(async (value) => {
    try {
      await (window.TicketWallet as TicketWalletApi).signIn({ token: value });
      return 'ok';
    } catch (error) {
      return (error as SignInError).code ?? String(error);
    }
  }, token);
const state = (page: Page) => page.evaluate(() => (window.TicketWallet as TicketWalletApi).getState());
const outboxFor = async (email: string) => (await (await fetch(`${server.url}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as unknown[];

describe('the sign-in hand-off', () => {
  it('a valid token signs in without a code, before the app has loaded; the wallet then opens signed in, with the site’s names', async () => {
    await withPage(browser, {}, async ({ page, errors }) => {
      const scripts: string[] = [];
      page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
      await page.goto(await hostPage());
      await wallet(page).getByRole('button', { name: 'My tickets' }).waitFor();
      expect(await state(page)).toEqual({ open: false, tab: null, signedIn: false });

      expect(await signInWith(page, await tokenFor('robin@example.com', { given: 'Robin', family: 'Lee' }))).toBe('ok');
      expect(await state(page)).toEqual({ open: false, tab: null, signedIn: true });
      // The exchange is the loader's own: the app is not downloaded for it.
      expect(scripts.filter((path) => /wallet-app/.test(path))).toEqual([]);

      await wallet(page).getByRole('button', { name: 'My tickets' }).click();
      await wallet(page).getByRole('dialog', { name: 'Welcome' }).waitFor();
      await wallet(page).getByText('robin@example.com').waitFor();
      expect(await state(page)).toEqual({ open: true, tab: 'QR', signedIn: true });
      // Named by the site: no "What's your name?", and no code was mailed.
      expect(await wallet(page).getByRole('heading', { name: "What's your name?" }).count()).toBe(0);
      expect(await outboxFor('robin@example.com')).toEqual([]);
      expect(errors).toEqual([]);

      // The same person on the next page view (a new token) is signed in already: nothing is exchanged.
      const exchanges: string[] = [];
      page.on('request', (request) => request.url().includes('exchangeSignInToken') && exchanges.push(request.url()));
      await page.reload();
      expect(await signInWith(page, await tokenFor('robin@example.com'))).toBe('ok');
      expect(exchanges).toEqual([]);
    });
  });

  it('data-sign-in-token signs in as the page loads; a sign-in on screen goes on to QR with the HUB', async () => {
    await withPage(browser, {}, async ({ page }) => {
      await page.goto(await hostPage({ dataToken: await tokenFor('kai@example.com', { given: 'Kai', family: 'Moana' }) }));
      await expect.poll(() => state(page)).toMatchObject({ signedIn: true });
      await page.evaluate(() => (window.TicketWallet as TicketWalletApi).open({ tab: 'MY_TICKET' }));
      await wallet(page).getByRole('tab', { name: 'Upcoming' }).waitFor();
      expect(await state(page)).toEqual({ open: true, tab: 'MY_TICKET', signedIn: true });
    });
    await withPage(browser, {}, async ({ page }) => {
      await page.goto(`${await hostPage()}&PANEL_TAB=LOGIN`);
      await wallet(page).getByLabel('E-mail').waitFor();
      expect(await signInWith(page, await tokenFor('noa@example.com', { given: 'Noa', family: 'Levi' }))).toBe('ok');
      await wallet(page).getByRole('dialog', { name: 'Welcome' }).waitFor();
      const url = new URL(page.url());
      expect([url.searchParams.get('PANEL_TAB'), url.searchParams.get('PANEL_OVERLAY_TAB')]).toEqual(['QR', 'HUB']);
    });
  });

  it('refuses reused, expired, wrong-audience and unknown-key tokens with their codes; the wallet says why and the e-mail code still works', async () => {
    await withPage(browser, {}, async ({ page, errors }) => {
      await page.goto(await hostPage({ lang: 'es' }));
      await wallet(page).getByRole('button', { name: 'Mis entradas' }).waitFor();
      const once = await tokenFor('ana@example.com');
      expect(await signInWith(page, once)).toBe('ok');
      await page.evaluate(() => (window.TicketWallet as TicketWalletApi).logout());
      expect(await signInWith(page, once)).toBe('api.auth.sign_in_token_used');
      const now = Math.floor(Date.now() / 1000);
      expect(await signInWith(page, await tokenFor('ana@example.com', {}, { now: new Date((now - 400) * 1000), expiresIn: 300 }))).toBe(
        'api.auth.sign_in_token_expired',
      );
      expect(await signInWith(page, await tokenFor('ana@example.com', {}, { audience: 'https://another-wallet.example' }))).toBe('api.auth.sign_in_token_audience');
      expect(await signInWith(page, await tokenFor('ana@example.com', {}, {}, stranger))).toBe('api.auth.sign_in_token_unknown_key');
      expect(await state(page)).toMatchObject({ signedIn: false });

      // Opened now, the wallet tells the last refusal in the page's language, and signs in by code as ever.
      await wallet(page).getByRole('button', { name: 'Mis entradas' }).click();
      await wallet(page).getByText('La web de entradas te identificó con una clave que esta cartera no conoce. Inicia sesión con tu correo.').waitFor();
      const code = await requestCode(page, server.url, 'ana@example.com', 'es');
      await pasteInto(page.getByLabel('Código de un solo uso'), code);
      await expect.poll(() => state(page)).toMatchObject({ signedIn: true });
      expect(errors).toEqual([]);
    });
  });

  it('the host’s logout() ends the wallet’s session, on the server too', async () => {
    await withPage(browser, {}, async ({ page }) => {
      await page.goto(await hostPage());
      expect(await signInWith(page, await tokenFor('lee@example.com', { given: 'Lee', family: 'Park' }))).toBe('ok');
      await page.evaluate(() => (window.TicketWallet as TicketWalletApi).open());
      await wallet(page).getByRole('dialog', { name: 'Welcome' }).waitFor();
      const tokens = await page.evaluate(() => ({ access: localStorage.getItem('tw.accessToken'), refresh: localStorage.getItem('tw.refreshToken') }));

      await page.evaluate(() => (window.TicketWallet as TicketWalletApi).logout());
      await wallet(page).getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
      expect(await state(page)).toMatchObject({ signedIn: false });
      expect(await page.evaluate(() => [localStorage.getItem('tw.accessToken'), localStorage.getItem('tw.handedOverEmail')])).toEqual([null, null]);
      // Ended on the server: neither token works any more.
      const me = await fetch(`${server.url}/v1/auth/me`, { headers: { authorization: `Bearer ${tokens.access}` } });
      expect(me.status).toBe(401);
      const refresh = await fetch(`${server.url}/v1/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: tokens.refresh }),
      });
      expect(refresh.status).toBe(401);
    });
  });

  it('a token for another person while the wallet is open shows that person, and ends the first one’s session on the server', async () => {
    await withPage(browser, {}, async ({ page, errors }) => {
      await page.goto(await hostPage());
      // Alex (the demo data's: General Admission ×2, VIP, Night Market Entry) is signed in by the site.
      expect(await signInWith(page, await tokenFor('alex@example.com'))).toBe('ok');
      await page.evaluate(() => (window.TicketWallet as TicketWalletApi).open({ tab: 'MY_TICKET' }));
      const cards = wallet(page).locator('.tw-ticket-card:not(.tw-ticket-card--skeleton)');
      await cards.filter({ hasText: 'VIP' }).waitFor();
      expect(await cards.filter({ hasText: 'Early Entry' }).count()).toBe(0);
      const alex = await page.evaluate(() => ({ access: localStorage.getItem('tw.accessToken'), refresh: localStorage.getItem('tw.refreshToken') }));
      expect((await fetch(`${server.url}/v1/auth/me`, { headers: { authorization: `Bearer ${alex.access}` } })).status).toBe(200);

      // Another person signs in on the site (a shared computer): the open wallet is now Jordan's (Early Entry).
      expect(await signInWith(page, await tokenFor('jordan@example.com'))).toBe('ok');
      await cards.filter({ hasText: 'Early Entry' }).waitFor();
      await expect.poll(() => cards.filter({ hasText: /VIP|Night Market Entry|General Admission/ }).count()).toBe(0);
      expect(await state(page)).toEqual({ open: true, tab: 'MY_TICKET', signedIn: true });
      // The menu names Jordan, not Alex.
      await page.evaluate(() => (window.TicketWallet as TicketWalletApi).open({ tab: 'QR', overlay: 'HUB' }));
      const hub = wallet(page).getByRole('dialog', { name: 'Welcome' });
      await hub.getByText('jordan@example.com').waitFor();
      expect(await hub.getByText('alex@example.com').count()).toBe(0);
      expect(await hub.getByText(/Alex|Rivera/).count()).toBe(0);

      // Alex's session ended on the server: neither of its tokens works any more.
      expect((await fetch(`${server.url}/v1/auth/me`, { headers: { authorization: `Bearer ${alex.access}` } })).status).toBe(401);
      const refresh = await fetch(`${server.url}/v1/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: alex.refresh }),
      });
      expect(refresh.status).toBe(401);
      expect(errors).toEqual([]);
    });
  });
});
