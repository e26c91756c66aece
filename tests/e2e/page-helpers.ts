// Page helpers for e2e tests: sign-in through the real mailed code, uncaught page errors, and axe-core over the page
// with the wallet's open shadow root. (The same steps as in wallet.test.ts, shared for the later test files.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { latestCode } from './server';

/** Signs in on LOGIN with the code from the dev outbox; a user with a name then lands on QR with the HUB. */
export async function signIn(page: Page, baseUrl: string, email: string, lang: 'en' | 'es' = 'en'): Promise<void> {
  const words = lang === 'en' ? { email: 'E-mail', code: 'One-time code', next: 'Continue' } : { email: 'Correo electrónico', code: 'Código de un solo uso', next: 'Continuar' };
  await page.goto(`${baseUrl}/${lang}/?PANEL_TAB=LOGIN`);
  await page.getByLabel(words.email).fill(email);
  const requestedAt = Date.now() - 1000;
  await page.getByRole('button', { name: words.next }).click();
  await page.getByLabel(words.code).waitFor();
  const code = await latestCode(baseUrl, email, requestedAt);
  await page.getByLabel(words.code).fill(code);
  await page.getByRole('button', { name: words.next }).click();
}

/** Collects uncaught page errors: a production build that breaks at run time fails the test. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core (WCAG 2 A/AA and best practices) over the page, open shadow roots included; needs `bypassCSP`. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Contrast is only meaningful once fades have ended.
  await page.evaluate(async () => {
    const shadow = document.querySelector('ticket-wallet')?.shadowRoot;
    const all = new Set([...document.getAnimations(), ...(shadow?.getAnimations() ?? [])]);
    const finite = [...all].filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] });
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}
