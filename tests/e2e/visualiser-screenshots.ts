// Screenshots of the statechart visualiser: the root (wallet), gift (with a test path replayed three steps) and the
// server's ticket lifecycle, in light and dark, at 375 px and 1280 px, in English and Spanish (the page follows the
// browser's language and colour scheme), into screenshots/visualiser/ (gitignored).
// Not a test: `npx tsx tests/e2e/visualiser-screenshots.ts` (SKIP_BUILD=1 to reuse dist/).
import { runScreenshots } from './screenshot-kit';

runScreenshots({
  folder: 'visualiser',
  screens: async ({ page, baseUrl, variant, shoot }) => {
    for (const machine of ['wallet', 'gift', 'ticketLifecycle']) {
      await page.goto(`${baseUrl}/visualizer?machine=${machine}`);
      await page.locator(`.vz-canvas svg[data-machine-name="${machine}"]`).waitFor({ timeout: 30_000 });
      await shoot(machine);
    }
    await page.goto(`${baseUrl}/visualizer?machine=gift`);
    await page.locator('[data-testid="coverage"]').waitFor({ timeout: 30_000 });
    const next = variant.lang === 'es' ? 'Siguiente' : 'Next';
    for (let step = 0; step < 3; step++) await page.getByRole('button', { name: next }).click();
    await shoot('gift-step-3');
  },
});
