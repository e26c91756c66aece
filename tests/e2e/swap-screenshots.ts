// Screenshots of the swap, signed in as the demo user alex: step 1 (the base tickets), step 2 (the targets of General
// Admission with two tickets), the confirmation modal with the UPGRADE wording (to VIP) and with the DOWNGRADE
// wording (VIP to General Admission), each cancelled so the reservation is released; then the checkout page of an upgrade.
// Light and dark, 375 px and 1280 px, English and Spanish, into screenshots/ (gitignored).
// Not a test: `npx tsx tests/e2e/swap-screenshots.ts`.
import { signIn } from './page-helpers';
import { runScreenshots } from './screenshot-kit';

const words = {
  en: { choose: 'Choose', more: 'One ticket more', cancel: 'Cancel', checkout: 'Go to checkout' },
  es: { choose: 'Elegir', more: 'Una entrada más', cancel: 'Cancelar', checkout: 'Ir al pago' },
};

runScreenshots({
  prefix: 'swap-',
  screens: async ({ page, baseUrl, variant, shoot }) => {
    const w = words[variant.lang];
    await signIn(page, baseUrl, 'alex@example.com', variant.lang);
    await page.locator('.tw-hub').waitFor();
    await page.goto(`${baseUrl}/${variant.lang}/?PANEL_TAB=SWAP`);
    await page.locator('.tw-swap .tw-event-tile__action').first().waitFor();
    await shoot('1-base', { fullPage: true });
    await page.locator('.tw-swap .tw-event-tile', { hasText: /General/ }).getByRole('button', { name: new RegExp(`^${w.choose}`) }).click();
    await page.getByRole('button', { name: w.more }).click();
    await page.locator('#tw-swap-target-step').waitFor();
    await page.locator('.tw-swap section[aria-labelledby="tw-swap-target-step"] .tw-event-tile__action').first().waitFor();
    await shoot('2-targets', { fullPage: true });
    const target = (name: RegExp) =>
      page.locator('section[aria-labelledby="tw-swap-target-step"] .tw-event-tile', { hasText: name }).getByRole('button');
    await target(/VIP/).click();
    await page.locator('.tw-modal').waitFor();
    await shoot('3-modal-upgrade');
    await page.locator('.tw-modal').getByRole('button', { name: w.cancel }).click();
    await page.locator('.tw-modal').waitFor({ state: 'detached' });
    await page.locator('.tw-swap .tw-event-tile', { hasText: /VIP/ }).getByRole('button', { name: new RegExp(`^${w.choose}`) }).click();
    await target(/General/).click();
    await page.locator('.tw-modal').waitFor();
    await shoot('4-modal-downgrade');
    await page.locator('.tw-modal').getByRole('button', { name: w.cancel }).click();
    await page.locator('.tw-modal').waitFor({ state: 'detached' });
  },
});
