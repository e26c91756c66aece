// The host page's options on a second origin: `TicketWallet.getState()` ({ open, tab, signedIn }) before the app has
// loaded, open and closed; `open({ locale: 'es' })` on an English path speaks Spanish (and the footer then offers no
// language of its own); an unknown locale is refused; `data-locale` sets the launcher's and the wallet's language.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { TicketWalletApi } from '../../src/embed/loader';
import { registerHostPage, useBrowser, withPage } from './page-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const hostPage = (attributes = '') =>
  registerHostPage(baseUrl, {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body><h1>Harbour Lights</h1>
<script src="${baseUrl}/v1/embed.js" data-api-base="${baseUrl}" data-org-name="Harbour Lights Festival" ${attributes}></script></body></html>`,
  });
const wallet = (page: Page) => page.locator('ticket-wallet');
const state = (page: Page) => page.evaluate(() => (window.TicketWallet as TicketWalletApi).getState());
const open = (page: Page, options: Parameters<TicketWalletApi['open']>[0]) =>
  page.evaluate((value) => (window.TicketWallet as TicketWalletApi).open(value).then(() => 'ok', (error: Error) => `${error.name}: ${error.message}`), options);

describe('getState()', () => {
  it('answers { open, tab, signedIn } before the app, while open and once closed', async () => {
    await withPage(browser, {}, async ({ page, errors }) => {
      await page.goto(await hostPage());
      await wallet(page).getByRole('button', { name: 'My tickets' }).waitFor();
      expect(await state(page)).toEqual({ open: false, tab: null, signedIn: false });
      expect(await open(page, { tab: 'login' })).toBe('ok');
      await wallet(page).getByLabel('E-mail').waitFor();
      expect(await state(page)).toEqual({ open: true, tab: 'LOGIN', signedIn: false });
      await page.evaluate(() => (window.TicketWallet as TicketWalletApi).close());
      await wallet(page).getByRole('button', { name: 'My tickets' }).waitFor();
      expect(await state(page)).toEqual({ open: false, tab: null, signedIn: false });
      expect(errors).toEqual([]);
    });
  });
});

describe('the locale from the host', () => {
  it('open({ locale: "es" }) on an English page speaks Spanish, without a language selector of its own', async () => {
    await withPage(browser, {}, async ({ page, errors }) => {
      await page.goto(await hostPage());
      await wallet(page).getByRole('button', { name: 'My tickets' }).waitFor();
      expect(await open(page, { tab: 'LOGIN', locale: 'es' })).toBe('ok');
      await wallet(page).getByRole('heading', { name: 'Inicia sesión o crea una cuenta' }).waitFor();
      await wallet(page).getByLabel('Correo electrónico').waitFor();
      expect(await wallet(page).locator('.tw-root').getAttribute('lang')).toBe('es');
      // The footer's theme switch comes; its language selector does not (the host chose the language).
      await wallet(page).locator('.tw-footer__controls').locator('*').first().waitFor();
      expect(await wallet(page).getByLabel('Language').count()).toBe(0);
      expect(await wallet(page).getByLabel('Idioma').count()).toBe(0);

      // Asked for English again, the wallet starts again in English.
      expect(await open(page, { tab: 'LOGIN', locale: 'en' })).toBe('ok');
      await wallet(page).getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
      expect(await wallet(page).locator('.tw-root').count()).toBe(1);
      expect(errors).toEqual([]);
    });
  });

  it('refuses a locale the wallet does not speak, and nothing opens', async () => {
    await withPage(browser, {}, async ({ page }) => {
      await page.goto(await hostPage());
      await wallet(page).getByRole('button', { name: 'My tickets' }).waitFor();
      expect(await open(page, { tab: 'LOGIN', locale: 'fr' })).toBe('TypeError: TicketWallet.open: unknown locale "fr" (the wallet speaks en and es)');
      expect(await state(page)).toMatchObject({ open: false });
    });
  });

  it('data-locale sets the language over the path’s: the launcher and the wallet in Spanish on /en/', async () => {
    await withPage(browser, {}, async ({ page }) => {
      await page.goto(await hostPage('data-locale="es-MX"'));
      const launcher = wallet(page).getByRole('button', { name: 'Mis entradas' });
      await launcher.waitFor();
      await launcher.click();
      await wallet(page).getByRole('heading', { name: 'Inicia sesión o crea una cuenta' }).waitFor();
      await expect.poll(() => page.title()).toBe('Iniciar sesión · Harbour Lights Festival');
    });
  });
});
