// Screenshots of the forms that say why and payouts first, signed in as the demo user alex (payouts not verified):
// Resell's payouts-first notice, a refused price after Continue, the payouts tab with Back to resell, the gift picker
// with the ticket numbers, a refused receiver after Confirm receiver, and the ticket page's number; in light and
// dark, at 375 px and 1280 px, in English and Spanish, into screenshots/ (gitignored).
// Not a test: run `npx tsx tests/e2e/forms-screenshots.ts`.
import { giftWords, hostUrl, signIn } from './page-helpers';
import { runScreenshots } from './screenshot-kit';

const words = {
  en: { verify: 'Verify payouts', price: /Price per ticket/, continue: 'Continue', back: 'Back to resell', ticket: /^Ticket/ },
  es: { verify: 'Verificar cobros', price: /Precio por entrada/, continue: 'Continuar', back: 'Volver a la reventa', ticket: /^Entrada/ },
};

runScreenshots({
  prefix: 'forms-',
  screens: async ({ page, baseUrl, variant, shoot }) => {
    const w = words[variant.lang];
    const wallet = page.locator('ticket-wallet');
    await signIn(page, baseUrl, 'alex@example.com', variant.lang);
    await page.locator('.tw-hub').waitFor();

    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=RESELL`));
    await wallet.locator('.tw-resell__payouts-first').waitFor();
    await shoot('1-resell-payouts-first');
    await wallet.locator('.tw-dropdown__button').click();
    await wallet.getByRole('option').first().waitFor();
    await shoot('2-resell-picker');
    await wallet.getByRole('option').first().click();
    await wallet.getByLabel(w.price).fill('12.345');
    await wallet.getByRole('button', { name: w.continue }).click();
    await shoot('3-resell-refused-price', { fullPage: true });
    await wallet.getByRole('button', { name: w.verify }).click();
    await wallet.getByRole('button', { name: w.back }).waitFor();
    await shoot('4-payouts-back-to-resell', { fullPage: true });

    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=GIFT`));
    await wallet.locator('.tw-dropdown__button').click();
    await wallet.getByRole('option').first().waitFor();
    await shoot('5-gift-picker');
    await wallet.getByRole('option').first().click();
    const email = wallet.getByLabel(giftWords[variant.lang].email);
    await email.fill('not an email');
    await wallet.getByRole('button', { name: giftWords[variant.lang].confirm }).click();
    await shoot('6-gift-refused-receiver');

    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=MY_TICKET`));
    await wallet.locator('.tw-ticket-card', { hasText: 'Weekender' }).first().click();
    await wallet.locator('.tw-event-card__title').waitFor();
    await shoot('7-ticket-number', { fullPage: true });
  },
});
