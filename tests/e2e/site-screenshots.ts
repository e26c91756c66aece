// Screenshots of the demo site's pages (home, an event, the help centre, the not-found page of /fr/…) in light and
// dark, at 375 px and 1280 px, in English and Spanish, whole pages, into screenshots/site/ (gitignored). Not a test:
// run `npx tsx tests/e2e/site-screenshots.ts` (SKIP_BUILD=1 to use the current build), then look at every one.
import type { Page } from 'playwright-core';
import { runScreenshots } from './screenshot-kit';

/** The viewport as tall as the page, for one whole-page picture; restored after. */
async function wholePage(page: Page, shoot: () => Promise<void>): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await shoot();
  await page.setViewportSize(viewport);
}

runScreenshots({
  folder: 'site',
  screens: async ({ page, baseUrl, variant, shoot }) => {
    const pages: Array<[string, string]> = [
      ['home', `/${variant.lang}/`],
      ['event', `/${variant.lang}/events/weekender-melbourne`],
      ['help', `/${variant.lang}/help`],
      ['unknown-language', '/fr/help'],
    ];
    for (const [name, path] of pages) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator('h1').first().waitFor();
      await wholePage(page, () => shoot(name));
    }
  },
});
