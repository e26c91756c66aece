// Screenshots of the sign-in screens and the HUB in light and dark, at 375 px and 1280 px, in English and
// Spanish, into screenshots/ (gitignored). Not a test: run `npx tsx tests/e2e/screenshots.ts`, then look.
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
  en: { continue: 'Continue', email: 'E-mail', code: 'One-time code', first: 'First name', last: 'Last name', logout: 'Logout' },
  es: { continue: 'Continuar', email: 'Correo electrónico', code: 'Código de un solo uso', first: 'Nombre', last: 'Apellido', logout: 'Cerrar sesión' },
};

async function shoot(page: Page, variant: Variant, name: string): Promise<void> {
  await page.waitForTimeout(450); // let entry animations settle
  const file = join(outDir, `${variant.lang}-${variant.scheme}-${variant.width}-${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  console.log(file);
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
    const email = `shot${index}.${variant.lang}@example.com`;
    await page.goto(`${baseUrl}/${variant.lang}/?PANEL_TAB=LOGIN`);
    await page.getByLabel(w.email).waitFor();
    await shoot(page, variant, '1-login');
    await page.getByRole('button', { name: w.continue }).click();
    await shoot(page, variant, '2-login-error');
    await page.getByLabel(w.email).fill(email);
    const sentAfter = Date.now() - 1000;
    await page.getByRole('button', { name: w.continue }).click();
    await page.getByLabel(w.code).waitFor();
    const code = await latestCode(baseUrl, email, sentAfter);
    await page.getByLabel(w.code).fill(code.slice(0, 4));
    await shoot(page, variant, '3-code');
    await page.getByLabel(w.code).fill(code);
    await page.getByRole('button', { name: w.continue }).click();
    await page.getByLabel(w.first).waitFor();
    await page.getByLabel(w.first).fill('Sam');
    await page.getByLabel(w.last).focus();
    await page.getByLabel(w.first).focus();
    await shoot(page, variant, '4-personal-data');
    await page.getByLabel(w.last).fill('Rivera');
    await page.getByRole('button', { name: w.continue }).click();
    await page.locator('.tw-hub').waitFor();
    await shoot(page, variant, '5-hub');
    await page.locator('.tw-logout').click();
    await page.getByRole('alertdialog').waitFor();
    await shoot(page, variant, '6-logout-modal');
    await page.keyboard.press('Escape');
    await page.locator('.tw-hub .tw-icon-button').first().click();
    await page.locator('.tw-hub').waitFor({ state: 'detached' });
    await shoot(page, variant, '7-qr');
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
