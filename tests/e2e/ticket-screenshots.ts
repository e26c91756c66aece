// Screenshots of My tickets (upcoming, past, empty state), a single ticket (with the menu open) and the benefit
// modal before and after unlocking, signed in as the demo user alex, in light and dark, at 375 px and 1280 px, in
// English and Spanish, into screenshots/ (gitignored). Not a test: run `npx tsx tests/e2e/ticket-screenshots.ts`.
import { hostUrl, signIn } from './page-helpers';
import { runScreenshots } from './screenshot-kit';

const words = {
  en: { past: 'Past', upcoming: 'Upcoming', more: 'More actions', unlock: 'Unlock benefits' },
  es: { past: 'Pasadas', upcoming: 'Próximas', more: 'Más acciones', unlock: 'Desbloquear beneficios' },
};

runScreenshots({
  prefix: 'tickets-',
  screens: async ({ page, baseUrl, variant, index, shoot }) => {
    const w = words[variant.lang];
    await signIn(page, baseUrl, 'alex@example.com', variant.lang);
    await page.locator('.tw-hub').waitFor();
    // The skeletons: hold the list request until the shot is taken.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/list/ticket_listing?status=UPCOMING', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=MY_TICKET`));
    await page.locator('.tw-ticket-card--skeleton').first().waitFor();
    await shoot('0-loading');
    release();
    await page.locator('.tw-ticket-card:not(.tw-ticket-card--skeleton)').first().waitFor();
    await shoot('1-upcoming');
    await shoot('1-upcoming-full', { fullPage: true });
    await page.getByRole('tab', { name: w.past }).click();
    await page.locator('.tw-ticket-card').first().waitFor();
    await shoot('2-past');
    // A Weekender ticket (another one per variant, so three variants unlock): menu, description, digital benefit.
    await page.getByRole('tab', { name: w.upcoming }).click();
    await page.locator('.tw-ticket-card', { hasText: 'Weekender' }).nth(index % 3).click();
    await page.locator('.tw-event-card__title').waitFor();
    await page.locator('.tw-event-card__media img').evaluate((image: HTMLImageElement) => image.decode().catch(() => undefined));
    await shoot('3-ticket');
    await shoot('3-ticket-full', { fullPage: true });
    await page.getByRole('button', { name: w.more }).click();
    await shoot('4-ticket-menu');
    await page.keyboard.press('Escape');
    await page.locator('.tw-benefit', { hasText: /merch/i }).click();
    await page.locator('.tw-modal').waitFor();
    await shoot('5-benefit');
    const unlock = page.getByRole('button', { name: w.unlock });
    if (await unlock.count()) {
      await unlock.click();
      await page.locator('.tw-code__value').waitFor();
      await shoot('6-benefit-code');
    }
  },
});
