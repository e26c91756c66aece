// Screenshots of the screens issue 23's layout polish is about, at 320, 375 and 1280 px, light and dark, English and
// Spanish, into screenshots/layout/<run>/ (gitignored): the HUB (its Redeem tile), the header with the QR / My
// tickets tabs, My tickets (its Redeem action), the ticket menu, Redeem straight after a page load (its heading's
// focus ring), the Payouts tab, the resell listings, the "Discard this gift?" question (also at a 390 px phone's
// width), the gift success and the personal-data "Go back and sign out?" question. Not a test:
// `npx tsx tests/e2e/layout-screenshots.ts [run]` (SKIP_BUILD=1 to reuse dist/, BASE_URL to use a server already
// running), then look.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { examples } from '../../src/contract/examples';
import { launchChromium } from './browser';
import { giftFirstTicket, hostUrl, type Lang, requestCode, signIn } from './page-helpers';
import { buildWeb, startServer } from './server';

const only = process.env.ONLY ? new Set(process.env.ONLY.split(',').map(Number)) : null;
const variants: Array<{ lang: Lang; scheme: 'light' | 'dark'; width: number }> = [
  { lang: 'en', scheme: 'light', width: 320 },
  { lang: 'es', scheme: 'dark', width: 320 },
  { lang: 'es', scheme: 'light', width: 375 },
  { lang: 'en', scheme: 'dark', width: 375 },
  { lang: 'en', scheme: 'light', width: 1280 },
  { lang: 'es', scheme: 'dark', width: 1280 },
];

const words = {
  en: { closeHub: 'Close the menu', more: 'More actions', payouts: 'Payouts', sale: 'Sale', firstName: 'First name', giftEmail: "Receiver's e-mail", discard: 'Discard' },
  es: {
    closeHub: 'Cerrar el menú',
    more: 'Más acciones',
    payouts: 'Cobros',
    sale: 'En venta',
    firstName: 'Nombre',
    giftEmail: 'Correo de quien la recibe',
    discard: 'Descartar',
  },
};

const run = process.argv[2] ?? 'now';
const outDir = fileURLToPath(new URL(`../../screenshots/layout/${run}/`, import.meta.url));

async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(450);
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  // BASE_URL: a server already running (its data kept between runs), else a fresh one of the script's own.
  if (process.env.SKIP_BUILD !== '1' && !process.env.BASE_URL) buildWeb();
  const server = process.env.BASE_URL ? { url: process.env.BASE_URL, stop: async () => {} } : await startServer();
  const browser = await launchChromium();
  const baseUrl = server.url;
  try {
    for (const [index, variant] of variants.entries()) {
      if (only && !only.has(index)) continue;
      const context = await browser.newContext({ viewport: { width: variant.width, height: 760 }, colorScheme: variant.scheme, locale: variant.lang });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('page error:', error.message));
      const w = words[variant.lang];
      const shoot = async (name: string) => {
        await settle(page);
        const file = join(outDir, `${variant.lang}-${variant.scheme}-${variant.width}-${name}.png`);
        await page.screenshot({ path: file });
        console.log(file);
      };
      try {
        await signIn(page, baseUrl, 'alex@example.com', variant.lang);
        await page.locator('.tw-hub').waitFor();
        await shoot('01-hub');
        await page.getByRole('button', { name: w.closeHub }).click();
        await page.locator('.tw-hub').waitFor({ state: 'detached' });
        await shoot('02-qr-header-tabs');
        await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=MY_TICKET`));
        await page.locator('.tw-ticket-card:not(.tw-ticket-card--skeleton)').first().waitFor();
        await shoot('03-my-tickets');
        await page.locator('.tw-ticket-card', { hasText: 'Weekender' }).first().click();
        await page.locator('.tw-event-card__title').waitFor();
        await page.getByRole('button', { name: w.more }).click();
        await shoot('04-ticket-menu');
        await page.keyboard.press('Escape');
        await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=REDEEM`));
        await page.locator('.tw-redeem input[name="code"]').waitFor();
        await shoot('05-redeem');
        await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=MY_TICKET`));
        await page.locator('.tw-ticket-card:not(.tw-ticket-card--skeleton)').first().waitFor();
        await shoot('06-heading-after-load');
        await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=SETTINGS&SETTINGS_TAB=ACCOUNT_VERIFICATION`));
        await page.getByRole('tab', { name: w.payouts, selected: true }).waitFor();
        await shoot('07-payouts');
        // One listing as the API documents it, whatever alex has listed: the entry's layout is the point.
        await page.route('**/v1/resell', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...examples.resellOverview!.response, sold: [] }) }));
        await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=RESELL`));
        await page.getByRole('tab', { name: w.sale }).waitFor();
        await page.locator('.tw-resell__entry').first().scrollIntoViewIfNeeded();
        await shoot('08-listings');
        await page.unroute('**/v1/resell');
        // Esc in the middle of a gift asks "Discard this gift?" (issue 23); on a phone also at 390 px.
        await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=GIFT`));
        await page.locator('.tw-dropdown__button').click();
        await page.locator('.tw-dropdown__option').first().click();
        await page.getByLabel(w.giftEmail).fill('sam@exa');
        await page.keyboard.press('Escape');
        const question = page.getByRole('alertdialog');
        await question.waitFor();
        await shoot('09-discard-gift');
        if (variant.width === 375) {
          await page.setViewportSize({ width: 390, height: 844 });
          await shoot('09-discard-gift-390');
          await page.setViewportSize({ width: variant.width, height: 760 });
        }
        await question.getByRole('button', { name: w.discard }).click();
        await question.waitFor({ state: 'detached' });
        if (variant.width === 1280) {
          await giftFirstTicket(page, baseUrl, variant.lang, 'sam@example.com');
          await shoot('10-gift-success');
        }
        // A new account: the personal-data step, then Back asks first.
        await page.evaluate(() => localStorage.clear());
        await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=LOGIN`));
        const code = await requestCode(page, baseUrl, `layout${index}.${run}@example.com`, variant.lang);
        await page.keyboard.insertText(code);
        await page.getByLabel(w.firstName).waitFor();
        await page.locator('.tw-back').click();
        await page.getByRole('alertdialog').waitFor();
        await shoot('11-personal-data-back');
      } catch (error) {
        console.error(`variant ${index}:`, error);
        await page.screenshot({ path: join(outDir, `${variant.lang}-${variant.scheme}-${variant.width}-failed.png`) });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
