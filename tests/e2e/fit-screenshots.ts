// Screenshots of the fixes the fit test measures (tests/e2e/fit.test.ts): the share page signed out and signed in
// (its price column and payment choice within a phone), the site's home and help centre with the launcher in the
// header, and the wallet opened from there, in light and dark, at 375 and 1280 px, English and Spanish, into
// screenshots/fit/ (gitignored). Not a test: `npx tsx tests/e2e/fit-screenshots.ts` (SKIP_BUILD=1 to use the
// current build), then look at every one.
import { listFirstTicket, signInOnSharePage } from './page-helpers';
import { runScreenshots } from './screenshot-kit';

let link: string | undefined;

runScreenshots({
  folder: 'fit',
  screens: async ({ page, baseUrl, variant, shoot }) => {
    link ??= await listFirstTicket(baseUrl, 'alex@example.com');
    for (const [name, path] of [['home', `/${variant.lang}/`], ['help', `/${variant.lang}/help`]] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator('ticket-wallet .tw-launcher').waitFor();
      await shoot(name);
    }
    await page.locator('ticket-wallet .tw-launcher').click();
    await page.locator('ticket-wallet .tw-panel h1').first().waitFor();
    await shoot('wallet-opened-from-header');
    await page.goto(`${link}?lang=${variant.lang}`);
    await page.locator('#share-sign-in:not([hidden])').waitFor();
    await shoot('share-signed-out', { fullPage: true });
    // The helper knows the English words: sign in on the English page, then look at the variant's.
    await signInOnSharePage(page, baseUrl, `${link}?lang=en`, 'jordan@example.com');
    await page.goto(`${link}?lang=${variant.lang}`);
    await page.locator('#share-buy:not([hidden])').waitFor();
    await page.setViewportSize({ width: variant.width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
    await shoot('share-signed-in');
  },
});
