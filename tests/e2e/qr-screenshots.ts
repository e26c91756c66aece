// Screenshots of the QR screen (loading, the pass, first-load error, failed refresh) and its learn-more panel in
// light and dark, at 375 px and 1280 px, in English and Spanish, into screenshots/qr/ (gitignored). Not a test:
// run `npx tsx tests/e2e/qr-screenshots.ts` (SKIP_BUILD=1 to reuse dist/), then look.
import type { Page } from 'playwright-core';
import { signIn } from './page-helpers';
import { runScreenshots } from './screenshot-kit';

const words = {
  en: { welcome: 'Welcome', closeHub: 'Close the menu', learnMore: 'How does it work?', close: 'Close', retry: 'Retry' },
  es: { welcome: 'Te damos la bienvenida', closeHub: 'Cerrar el menú', learnMore: '¿Cómo funciona?', close: 'Cerrar', retry: 'Reintentar' },
};

/** Hidden then visible again: the pass refreshes at once (the platform reads document.visibilityState). */
async function hideAndShowPage(page: Page): Promise<void> {
  for (const state of ['hidden', 'visible']) {
    // A string, not a function: tsx would add its __name helper to a function, which the page does not have.
    await page.evaluate(
      `Object.defineProperty(document, 'visibilityState', { configurable: true, value: '${state}' });
       document.dispatchEvent(new Event('visibilitychange'));`,
    );
  }
}

runScreenshots({
  folder: 'qr/',
  screens: async ({ page, baseUrl, variant, shoot }) => {
    const w = words[variant.lang];
    // The placeholder: the image request waits (the QR panel loads under the HUB right after sign-in).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/auth/access/qrCodeData', async (route) => {
      await held;
      await route.continue().catch(() => {}); // already continued when unrouted meanwhile
    });
    await signIn(page, baseUrl, 'alex@example.com', variant.lang);
    await page.getByRole('dialog', { name: w.welcome }).waitFor();
    await page.getByRole('button', { name: w.closeHub }).click();
    await page.getByRole('dialog', { name: w.welcome }).waitFor({ state: 'detached' });
    await shoot('1-qr-loading');
    release();
    await page.unroute('**/v1/auth/access/qrCodeData');
    await page.locator('.tw-qr__frame img').waitFor();
    await shoot('2-qr');

    await page.getByRole('button', { name: w.learnMore }).click();
    await page.locator('.tw-sheet').waitFor();
    await shoot('3-learn-more');
    await page.locator('.tw-sheet').evaluate((sheet) => sheet.scrollTo(0, sheet.scrollHeight));
    await shoot('4-learn-more-end');
    await page.keyboard.press('Escape');
    await page.locator('.tw-sheet').waitFor({ state: 'detached' });

    // A failed refresh: the last image stays with a warning.
    await page.route('**/v1/auth/access/qrCodeData', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"code":"api.internal_error","message":"down"}' }),
    );
    await hideAndShowPage(page);
    await page.locator('.tw-qr__stale').waitFor();
    await shoot('5-qr-stale');

    // A failed first load: the error instead of the image.
    await page.reload();
    await page.locator('.tw-qr__failed').waitFor();
    await shoot('6-qr-failed');
  },
});
