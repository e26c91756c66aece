// The wallet's language goes with it to the demo site's pages it links to: a wallet in Spanish on a host page of a
// second origin whose path says nothing of it (`data-locale="es"` on /en/) sends "Ir al pago" to the Spanish swap
// checkout (/es/…/checkout/…), and its share link (?lang=es) opens the Spanish resale share page, whose own wallet
// speaks Spanish too. A server of its own: alex's tickets change here.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TicketWalletApi } from '../../src/embed/loader';
import { listFirstTicket, pasteInto, registerHostPage, requestCode, useBrowser, withPage } from './page-helpers';
import { useServer } from './server';

const browser = useBrowser();
const server = useServer();

/** A host page on an English path with the wallet set to Spanish by the site. */
const spanishHostPage = () =>
  registerHostPage(server.url, {
    html: `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Harbour Lights</title></head><body><h1>Harbour Lights</h1>
<script src="${server.url}/v1/embed.js" data-api-base="${server.url}" data-org-name="Harbour Lights Festival" data-site-url="${server.url}" data-locale="es"></script></body></html>`,
  });
const wallet = (page: Page) => page.locator('ticket-wallet');
const open = (page: Page, options: Parameters<TicketWalletApi['open']>[0]) => page.evaluate((value) => (window.TicketWallet as TicketWalletApi).open(value), options);

/** Alex signs in with a code in the Spanish wallet. */
async function signInInSpanish(page: Page): Promise<void> {
  await page.goto(await spanishHostPage());
  await open(page, { tab: 'LOGIN' });
  const code = await requestCode(page, server.url, 'alex@example.com', 'es');
  await pasteInto(page.getByLabel('Código de un solo uso'), code);
  await page.waitForFunction(() => localStorage.getItem('tw.accessToken') !== null);
}

describe('the wallet’s language on the pages it links to', () => {
  it('a Spanish wallet on an English path goes to the Spanish swap checkout', async () => {
    await withPage(browser, { viewport: { width: 1280, height: 900 } }, async ({ page }) => {
      await signInInSpanish(page);
      await open(page, { tab: 'SWAP' });
      await wallet(page)
        .locator('section[aria-labelledby="tw-swap-base-step"] .tw-event-tile', { hasText: 'General Admission' })
        .getByRole('button', { name: 'Elegir General Admission' })
        .click();
      await wallet(page).locator('section[aria-labelledby="tw-swap-target-step"]').getByRole('button', { name: 'Elegir VIP' }).click();
      await wallet(page).locator('.tw-modal').getByRole('button', { name: 'Ir al pago' }).click();
      await page.waitForURL(/\/es\/harbour-lights-weekender-\d+\/checkout\/SW-[0-9A-F]+\?/);
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      await page.getByRole('heading', { name: 'Pago', exact: true }).waitFor();
      expect(await page.title()).toBe('Pago — cambio de entradas');
    });
  });

  it('its share link carries the language, and the share page is in Spanish', async () => {
    await listFirstTicket(server.url, 'alex@example.com');
    await withPage(browser, { viewport: { width: 1280, height: 900 } }, async ({ page }) => {
      await signInInSpanish(page);
      await open(page, { tab: 'RESELL' });
      await wallet(page).getByRole('button', { name: 'Compartir', exact: true }).first().click();
      const link = await wallet(page).getByRole('textbox', { name: 'Comparte tu anuncio' }).inputValue();
      expect(new URL(link).searchParams.get('lang')).toBe('es');

      await page.goto(link);
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      await page.getByText('Entradas de reventa').waitFor();
      expect(await page.title()).toMatch(/— reventa$/);
      // The share page's own wallet speaks the page's language, though its path names none.
      await wallet(page).getByRole('button', { name: 'Mis entradas' }).waitFor();
    });
  });
});
