// The shared part of the screenshot scripts (screenshots.ts, ticket-screenshots.ts, qr-screenshots.ts): build the web
// app (unless SKIP_BUILD=1), start the real server, launch Chromium and run the script's screens once per variant
// (light and dark, 375 px and 1280 px, English and Spanish) in a fresh context, writing PNGs into screenshots/
// (gitignored). Not a test: each script is run with `npx tsx tests/e2e/<script>.ts`, then looked at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from './browser';
import type { Lang } from './page-helpers';
import { buildWeb, startServer } from './server';

export interface Variant {
  lang: Lang;
  scheme: 'light' | 'dark';
  width: 375 | 1280;
}

export const variants: Variant[] = [
  { lang: 'en', scheme: 'light', width: 375 },
  { lang: 'en', scheme: 'dark', width: 375 },
  { lang: 'en', scheme: 'light', width: 1280 },
  { lang: 'en', scheme: 'dark', width: 1280 },
  { lang: 'es', scheme: 'light', width: 375 },
  { lang: 'es', scheme: 'dark', width: 1280 },
];

/** One variant's run: its page (in a fresh context), the server and a camera for the page. */
export interface Shoot {
  page: Page;
  baseUrl: string;
  variant: Variant;
  /** The variant's position in `variants`. */
  index: number;
  /**
   * Waits for entry animations to settle and writes `<prefix><lang>-<scheme>-<width>-<name>.png`. `fullPage` makes the
   * viewport as tall as the wallet panel's content first (the wallet scrolls inside its fixed panel).
   */
  shoot: (name: string, options?: { fullPage?: boolean }) => Promise<void>;
}

export interface ScreenshotRun {
  /** Folder below the repository's screenshots/, '' for screenshots/ itself. */
  folder?: string;
  /** Put before every file name, e.g. 'tickets-'. */
  prefix?: string;
  /** The script's own screens for one variant. */
  screens: (shot: Shoot) => Promise<void>;
  /** The variants to shoot; `variants` when left out. */
  variants?: readonly Variant[];
  /** More environment for the server (e.g. DEMO_SITE_SIGN_IN). */
  env?: Record<string, string>;
}

async function shootPage(page: Page, file: string, fullPage: boolean): Promise<void> {
  await page.waitForTimeout(450); // let entry animations settle
  const viewport = page.viewportSize()!;
  if (fullPage) {
    const height = await page.evaluate(() => document.querySelector('ticket-wallet')?.shadowRoot?.querySelector('.tw-panel')?.scrollHeight ?? 0);
    await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
    await page.waitForTimeout(150);
  }
  await page.screenshot({ path: file });
  if (fullPage) await page.setViewportSize(viewport);
  console.log(file);
}

async function run({ folder = '', prefix = '', screens, variants: chosen = variants, env = {} }: ScreenshotRun): Promise<void> {
  const outDir = fileURLToPath(new URL(`../../screenshots/${folder}`, import.meta.url));
  mkdirSync(outDir, { recursive: true });
  if (process.env.SKIP_BUILD !== '1') buildWeb();
  const server = await startServer({ env });
  const browser = await launchChromium();
  try {
    for (const [index, variant] of chosen.entries()) {
      const context = await browser.newContext({
        viewport: { width: variant.width, height: variant.width < 500 ? 812 : 800 },
        colorScheme: variant.scheme,
        locale: variant.lang,
      });
      try {
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error('page error:', error.message));
        const shoot: Shoot['shoot'] = (name, options = {}) =>
          shootPage(page, join(outDir, `${prefix}${variant.lang}-${variant.scheme}-${variant.width}-${name}.png`), options.fullPage ?? false);
        await screens({ page, baseUrl: server.url, variant, index, shoot });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Runs a screenshot script; a failure is printed and sets a non-zero exit code. */
export function runScreenshots(options: ScreenshotRun): void {
  run(options).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
