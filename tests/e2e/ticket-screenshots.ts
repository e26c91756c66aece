// Screenshots of My tickets (upcoming, past, empty state), a single ticket (with the menu open) and the benefit
// modal before and after unlocking, signed in as the demo user alex, in light and dark, at 375 px and 1280 px, in
// English and Spanish, into screenshots/ (gitignored). Not a test: run `npx tsx tests/e2e/ticket-screenshots.ts`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { buildWeb, latestCode, startServer } from './server';

const outDir = fileURLToPath(new URL('../../screenshots/', import.meta.url));

interface Variant {
  lang: 'en' | 'es';
  scheme: 'light' | 'dark';
  width: 375 | 1280;
}

const variants: Variant[] = [
  { lang: 'en', scheme: 'light', width: 375 },
  { lang: 'en', scheme: 'dark', width: 375 },
  { lang: 'en', scheme: 'light', width: 1280 },
  { lang: 'en', scheme: 'dark', width: 1280 },
  { lang: 'es', scheme: 'light', width: 375 },
  { lang: 'es', scheme: 'dark', width: 1280 },
];

const words = {
  en: { continue: 'Continue', email: 'E-mail', code: 'One-time code', past: 'Past', more: 'More actions', unlock: 'Unlock benefits' },
  es: { continue: 'Continuar', email: 'Correo electrónico', code: 'Código de un solo uso', past: 'Pasadas', more: 'Más acciones', unlock: 'Desbloquear beneficios' },
};

async function shoot(page: Page, variant: Variant, name: string, fullPage = false): Promise<void> {
  await page.waitForTimeout(450); // let entry animations settle
  const file = join(outDir, `tickets-${variant.lang}-${variant.scheme}-${variant.width}-${name}.png`);
  const viewport = page.viewportSize()!;
  if (fullPage) {
    // The wallet scrolls inside its fixed panel, so a full page means a viewport as tall as the panel's content.
    const height = await page.evaluate(() => document.querySelector('ticket-wallet')?.shadowRoot?.querySelector('.tw-panel')?.scrollHeight ?? 0);
    await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
    await page.waitForTimeout(150);
  }
  await page.screenshot({ path: file });
  if (fullPage) await page.setViewportSize(viewport);
  console.log(file);
}

async function signIn(page: Page, baseUrl: string, variant: Variant, email: string): Promise<void> {
  const w = words[variant.lang];
  await page.goto(`${baseUrl}/${variant.lang}/?PANEL_TAB=LOGIN`);
  await page.getByLabel(w.email).fill(email);
  const sentAfter = Date.now() - 1000;
  await page.getByRole('button', { name: w.continue }).click();
  await page.getByLabel(w.code).waitFor();
  await page.getByLabel(w.code).fill(await latestCode(baseUrl, email, sentAfter));
  await page.getByRole('button', { name: w.continue }).click();
  await page.locator('.tw-hub').waitFor();
}

async function capture(browser: Browser, baseUrl: string, variant: Variant, index: number): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: variant.width, height: variant.width < 500 ? 812 : 800 },
    colorScheme: variant.scheme,
    locale: variant.lang,
  });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    const w = words[variant.lang];
    await signIn(page, baseUrl, variant, 'alex@example.com');
    // The skeletons: hold the list request until the shot is taken.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/list/ticket_listing?status=UPCOMING', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/${variant.lang}/?PANEL_TAB=MY_TICKET`);
    await page.locator('.tw-ticket-card--skeleton').first().waitFor();
    await shoot(page, variant, '0-loading');
    release();
    await page.locator('.tw-ticket-card:not(.tw-ticket-card--skeleton)').first().waitFor();
    await shoot(page, variant, '1-upcoming');
    await shoot(page, variant, '1-upcoming-full', true);
    await page.getByRole('tab', { name: w.past }).click();
    await page.locator('.tw-ticket-card').first().waitFor();
    await shoot(page, variant, '2-past');
    // A Weekender ticket (another one per variant, so three variants unlock): menu, description, digital benefit.
    await page.getByRole('tab', { name: w.past === 'Past' ? 'Upcoming' : 'Próximas' }).click();
    await page.locator('.tw-ticket-card', { hasText: 'Weekender' }).nth(index % 3).click();
    await page.locator('.tw-event-card__title').waitFor();
    await page.locator('.tw-event-card__media img').evaluate((image: HTMLImageElement) => image.decode().catch(() => undefined));
    await shoot(page, variant, '3-ticket');
    await shoot(page, variant, '3-ticket-full', true);
    await page.getByRole('button', { name: w.more }).click();
    await shoot(page, variant, '4-ticket-menu');
    await page.keyboard.press('Escape');
    await page.locator('.tw-benefit', { hasText: /merch/i }).click();
    await page.locator('.tw-modal').waitFor();
    await shoot(page, variant, '5-benefit');
    const unlock = page.getByRole('button', { name: w.unlock });
    if (await unlock.count()) {
      await unlock.click();
      await page.locator('.tw-code__value').waitFor();
      await shoot(page, variant, '6-benefit-code');
    }
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  if (process.env.SKIP_BUILD !== '1') buildWeb();
  const server = await startServer();
  const browser = await launchChromium();
  try {
    for (const [index, variant] of variants.entries()) await capture(browser, server.url, variant, index);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
