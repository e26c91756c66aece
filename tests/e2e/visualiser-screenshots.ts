// Screenshots of the statechart visualiser: the root (wallet) as it opens (its deep levels collapsed) and expanded,
// login and gift expanded (as they open) and collapsed, gift with a test path replayed three steps, and the server's
// ticket lifecycle; in light and dark, at 375 px and 1280 px, in English and Spanish (the page follows the browser's
// language and colour scheme), into screenshots/visualiser/ (gitignored).
// Not a test: `npx tsx tests/e2e/visualiser-screenshots.ts` (SKIP_BUILD=1 to reuse dist/; ONLY_DESKTOP=1 for the
// 1280×800 variants only, ONLY_PHONE=1 for the 375 px ones).
import type { Page } from 'playwright-core';
import { runScreenshots, variants } from './screenshot-kit';

const drawn = (page: Page, machine: string) => page.locator(`.vz-canvas svg[data-machine-name="${machine}"]`).waitFor({ timeout: 30_000 });

/** Presses "Expand all" or "Collapse all" and waits for the chart to be drawn again. */
async function setAll(page: Page, which: 'expand-all' | 'collapse-all') {
  const before = await page.locator('.vz-canvas svg [data-collapsed="true"]').count();
  await page.getByTestId(which).click();
  await page.waitForFunction(
    ([count, expand]) => {
      const now = document.querySelectorAll('.vz-canvas svg [data-collapsed="true"]').length;
      return expand ? now === 0 : now > (count as number);
    },
    [before, which === 'expand-all'] as const,
  );
}

runScreenshots({
  folder: 'visualiser',
  variants: variants.filter((variant) => (process.env.ONLY_DESKTOP === '1' ? variant.width === 1280 : process.env.ONLY_PHONE === '1' ? variant.width === 375 : true)),
  screens: async ({ page, baseUrl, variant, shoot }) => {
    await page.goto(`${baseUrl}/visualizer?machine=wallet`);
    await drawn(page, 'wallet');
    await shoot('wallet-collapsed');
    await setAll(page, 'expand-all');
    await shoot('wallet-expanded');
    for (const machine of ['login', 'gift']) {
      await page.goto(`${baseUrl}/visualizer?machine=${machine}`);
      await drawn(page, machine);
      await shoot(`${machine}-expanded`);
      await setAll(page, 'collapse-all');
      await shoot(`${machine}-collapsed`);
    }
    await page.goto(`${baseUrl}/visualizer?machine=ticketLifecycle`);
    await drawn(page, 'ticketLifecycle');
    await shoot('ticketLifecycle');
    await page.goto(`${baseUrl}/visualizer?machine=gift`);
    await page.locator('[data-testid="coverage"]').waitFor({ timeout: 30_000 });
    const next = variant.lang === 'es' ? 'Siguiente' : 'Next';
    for (let step = 0; step < 3; step++) await page.getByRole('button', { name: next, exact: true }).click();
    await shoot('gift-step-3');
  },
});
