// Where a toast sits, in headless Chromium on the host site of a second origin (tests/e2e/host-site.ts): on a phone
// (375 px, and 320 px) and a desktop (1280 px), light and dark, English and Spanish, a toast is clear of the panel's header (the
// brand and the hub's avatar) and of its footer (the language and theme controls). The toast is a refused sign-in
// (the sign-in request answered 500): "request failed". Screenshots go to screenshots/toast-e2e-*.png.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hostUrl, loginWords, useBrowser, withPage, type Lang } from './page-helpers';
import { useServer } from './server';

const browser = useBrowser();
const server = useServer();

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return box;
}

const variants: Array<{ width: number; height: number; scheme: 'light' | 'dark'; lang: Lang }> = [
  { width: 375, height: 700, scheme: 'light', lang: 'en' },
  { width: 375, height: 700, scheme: 'dark', lang: 'es' },
  // The narrowest phone, where a long organisation name may take three lines of the header.
  { width: 320, height: 640, scheme: 'light', lang: 'es' },
  { width: 1280, height: 800, scheme: 'light', lang: 'es' },
  { width: 1280, height: 800, scheme: 'dark', lang: 'en' },
];

describe('a toast is clear of the header and the footer', () => {
  for (const variant of variants) {
    it(`${variant.width} px, ${variant.scheme}, ${variant.lang}`, async () => {
      await withPage(browser, { bypassCSP: true, viewport: { width: variant.width, height: variant.height }, colorScheme: variant.scheme }, async ({ page }) => {
        await page.route('**/v1/auth/signInOrRegisterAndSignIn', (route) =>
          route.fulfill({ status: 500, json: { statusCode: 500, code: 'api.internal_error', message: 'Internal error' } }),
        );
        await page.goto(hostUrl(server.url, `/${variant.lang}/?PANEL_TAB=LOGIN`));
        const email = page.getByLabel(loginWords[variant.lang].email);
        await email.fill('toast@example.com');
        await email.press('Enter');
        const toast = page.locator('.tw-toast');
        await toast.first().waitFor();
        // The panel scrolled to its end, so the footer is on screen (covering it would matter), and past the toast's
        // entrance animation, where it stays.
        await page.locator('.tw-panel').evaluate((panel) => panel.scrollTo(0, panel.scrollHeight));
        await page.waitForTimeout(400);
        const [toastBox, header, footer] = await Promise.all([boxOf(page, '.tw-toast'), boxOf(page, '.tw-header'), boxOf(page, '.tw-footer')]);
        expect(footer.y + footer.height).toBeLessThanOrEqual(variant.height + 1);
        expect(toastBox.y, 'below the header').toBeGreaterThanOrEqual(header.y + header.height);
        expect(intersects(toastBox, header), 'over the header').toBe(false);
        expect(intersects(toastBox, footer), 'over the footer').toBe(false);
        await page.screenshot({ path: `screenshots/toast-e2e-${variant.width}-${variant.scheme}-${variant.lang}.png` });
      });
    });
  }
});
