// Screenshots of the swap, signed in as the demo user alex: step 1 (the base tickets), step 2 (the targets of General
// Admission with two tickets), the confirmation modal with the UPGRADE wording (to VIP) and with the DOWNGRADE
// wording (VIP to General Admission); the checkout page of the downgrade (then cancelled there) and of an upgrade
// (the test cards, a declined card's alert, then cancelled), so every run leaves the reservations released.
// Light and dark, 375 px and 1280 px, English and Spanish, into screenshots/ (gitignored).
// Not a test: `npx tsx tests/e2e/swap-screenshots.ts`.
import { hostUrl, signIn } from './page-helpers';
import { runScreenshots } from './screenshot-kit';

const words = {
  en: { choose: 'Choose', more: 'One ticket more', cancel: 'Cancel', checkout: 'Go to checkout', pay: /^Pay/, declined: /declined/i, cancelSwap: 'Cancel swap', confirm: 'Confirm swap' },
  es: { choose: 'Elegir', more: 'Una entrada más', cancel: 'Cancelar', checkout: 'Ir al pago', pay: /^Pagar/, declined: /rechaza/i, cancelSwap: 'Cancelar cambio', confirm: 'Confirmar cambio' },
};

runScreenshots({
  prefix: 'swap-',
  screens: async ({ page, baseUrl, variant, shoot }) => {
    const w = words[variant.lang];
    await signIn(page, baseUrl, 'alex@example.com', variant.lang);
    await page.locator('.tw-hub').waitFor();
    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=SWAP`));
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
    // The checkout page of that downgrade, then cancelled there (the reservation is released).
    await page.locator('.tw-modal').getByRole('button', { name: w.checkout }).click();
    await page.getByRole('button', { name: w.confirm }).waitFor();
    await shoot('5-checkout-downgrade');
    await page.getByRole('button', { name: w.cancelSwap }).click();
    await page.locator('.checkout__status', { hasText: /./ }).waitFor();
    await shoot('6-checkout-cancelled');

    // An upgrade's checkout: the test cards, then the declined one's alert; cancelled too.
    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=SWAP`));
    await page.locator('.tw-swap .tw-event-tile', { hasText: /General/ }).getByRole('button', { name: new RegExp(`^${w.choose}`) }).click();
    await target(/VIP/).click();
    await page.locator('.tw-modal').getByRole('button', { name: w.checkout }).click();
    await page.getByRole('button', { name: w.pay }).waitFor();
    await shoot('7-checkout-upgrade');
    await page.getByLabel(w.declined).check();
    await page.getByRole('button', { name: w.pay }).click();
    await page.getByRole('alert').filter({ hasText: /./ }).waitFor();
    await shoot('8-checkout-declined');
    await page.getByRole('button', { name: w.cancelSwap }).click();
    await page.locator('.checkout__status', { hasText: /./ }).waitFor();
  },
});
