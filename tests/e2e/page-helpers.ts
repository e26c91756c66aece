// Page helpers for the e2e tests and the screenshot scripts: one Chromium per test file, a page per context with its
// uncaught errors, sign-in through the real mailed code (the dev outbox), and axe-core over the page with the
// wallet's open shadow root.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { latestCode } from './server';

export type Lang = 'en' | 'es';

/** The sign-in screens' labels in both languages. */
export const loginWords = {
  en: { email: 'E-mail', code: 'One-time code', next: 'Continue', checkEmail: 'Check your e-mail' },
  es: { email: 'Correo electrónico', code: 'Código de un solo uso', next: 'Continuar', checkEmail: 'Revisa tu correo' },
} as const;

/**
 * On LOGIN (already open): fills the e-mail, asks for a code, waits for OTP ("Check your e-mail" with the code
 * field) and returns the code mailed for this request from the dev outbox.
 */
export async function requestCode(page: Page, baseUrl: string, email: string, lang: Lang = 'en'): Promise<string> {
  const words = loginWords[lang];
  await page.getByLabel(words.email).fill(email);
  const requestedAt = Date.now() - 1000;
  await page.getByRole('button', { name: words.next }).click();
  await page.getByRole('heading', { name: words.checkEmail }).waitFor();
  await page.getByLabel(words.code).waitFor();
  return latestCode(baseUrl, email, requestedAt);
}

/**
 * Signs in on LOGIN with the code from the dev outbox, pasted as a mail client copies it ("314 376"): the code goes
 * off by itself at the sixth digit. A user with a name then lands on QR with the HUB.
 */
export async function signIn(page: Page, baseUrl: string, email: string, lang: Lang = 'en'): Promise<void> {
  const words = loginWords[lang];
  await page.goto(`${baseUrl}/${lang}/?PANEL_TAB=LOGIN`);
  const code = await requestCode(page, baseUrl, email, lang);
  await pasteInto(page.getByLabel(words.code), `${code.slice(0, 3)} ${code.slice(3)}`);
}

/** Pastes text into a field as the browser does for Ctrl+V (one insertion, subject to the field's maxlength). */
export async function pasteInto(field: Locator, text: string): Promise<void> {
  await field.focus();
  await field.page().keyboard.insertText(text);
}

/** How many tickets the My tickets cards stand for: identical tickets share one card marked ×N. */
export async function ticketsShown(cards: Locator): Promise<number> {
  const counts = await cards.evaluateAll((elements) =>
    elements.map((card) => Number(card.querySelector('.tw-ticket-card__count [aria-hidden]')?.textContent?.replace('×', '') ?? 1)),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Collects uncaught page errors: a production build that breaks at run time fails the test. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** What a test needs to open pages: the file's Chromium, launched before its tests and closed after them. */
export type Contexts = Pick<Browser, 'newContext'>;

/** Launches Chromium for the test file (beforeAll) and closes it afterwards (afterAll). */
export function useBrowser(): Contexts {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    newContext: (options?: BrowserContextOptions) => {
      if (!browser) throw new Error('Chromium is not running yet: open pages in tests and hooks only');
      return browser.newContext(options);
    },
  };
}

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors so far (see watchErrors). */
  errors: string[];
}

/** A new context with one page whose uncaught errors are collected; the caller closes the context. */
export async function openPage(browser: Contexts, options?: BrowserContextOptions): Promise<OpenPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/** Runs `use` on a page of a fresh context (see openPage) and closes the context whatever happens. */
export async function withPage<T>(browser: Contexts, options: BrowserContextOptions, use: (opened: OpenPage) => Promise<T>): Promise<T> {
  const opened = await openPage(browser, options);
  try {
    return await use(opened);
  } finally {
    await opened.context.close();
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core (WCAG 2 A/AA and best practices) over the page, open shadow roots included, with the wallet laid out in
 * full; needs `bypassCSP`. Any violation fails (serious and critical ones above all).
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Contrast is only meaningful once fades have ended: on a busy machine axe could run mid-animation, so wait for
  // every finite animation (the document's and the wallet's shadow root's) first.
  await page.evaluate(async () => {
    const shadow = document.querySelector('ticket-wallet')?.shadowRoot;
    const all = new Set([...document.getAnimations(), ...(shadow?.getAnimations() ?? [])]);
    const finite = [...all].filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  await page.addScriptTag({ content: axeSource });
  // The wallet scrolls inside its fixed panel: axe only judges what is laid out on screen (contrast needs a
  // rendered background), so the viewport is made as tall as the panel's content for the check, then restored.
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.querySelector('ticket-wallet')?.shadowRoot?.querySelector('.tw-panel')?.scrollHeight ?? 0);
  if (viewport && height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  try {
    return await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
      const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] });
      return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    });
  } finally {
    if (viewport && height > viewport.height) await page.setViewportSize(viewport);
  }
}
