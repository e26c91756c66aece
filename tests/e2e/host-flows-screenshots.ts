// Screenshots of every wallet flow on the host site of a second origin (tests/e2e/host-site.ts: the plain organiser's
// page with its own serif type and beige background), to look for the host's styles leaking into the wallet, a panel
// cut off or the focus lost: sign-in, the HUB, QR (with the device code), My tickets, a ticket, gift, swap and its
// checkout (the demo site's page, with the header's sign-in control; then cancelled, back on the host page), resell,
// the share page of jordan's listing (signed out, the header's control), redeem, settings and payouts. The server runs
// the demo's signed-in site user (DEMO_SITE_SIGN_IN), so the share page and the checkout show its header control.
// All eight variants (light and dark, 375 px and 1280 px, English and Spanish) into screenshots/host/ (gitignored).
// Not a test: `npx tsx tests/e2e/host-flows-screenshots.ts`, then look.
import { hostUrl, listFirstTicket, loginWords, signIn } from './page-helpers';
import { runScreenshots, type Variant } from './screenshot-kit';

const words = {
  en: { choose: 'Choose', checkout: 'Go to checkout', pay: /^Pay/, cancelSwap: 'Cancel swap', signInToBuy: 'Sign in to buy' },
  es: { choose: 'Elegir', checkout: 'Ir al pago', pay: /^Pagar/, cancelSwap: 'Cancelar cambio', signInToBuy: 'Inicia sesión para comprar' },
};

const all: Variant[] = [];
for (const lang of ['en', 'es'] as const) for (const scheme of ['light', 'dark'] as const) for (const width of [375, 1280] as const) all.push({ lang, scheme, width });

let shareLink: Promise<string> | undefined;

runScreenshots({
  folder: 'host',
  variants: all,
  env: { DEMO_SITE_SIGN_IN: 'true' },
  screens: async ({ page, baseUrl, variant, shoot }) => {
    const w = words[variant.lang];
    const lang = variant.lang;
    const panel = (query: string) => page.goto(hostUrl(baseUrl, `/${lang}/?${query}`));
    const heading = () => page.locator('ticket-wallet .tw-panel h1').first().waitFor();

    await panel('PANEL_TAB=LOGIN');
    await page.getByLabel(loginWords[lang].email).waitFor();
    await shoot('01-login');
    await signIn(page, baseUrl, 'alex@example.com', lang);
    await page.locator('.tw-hub').waitFor();
    await shoot('02-hub');
    await panel('PANEL_TAB=QR');
    await page.locator('ticket-wallet .tw-panel img').first().waitFor();
    await shoot('03-qr');
    await panel('PANEL_TAB=MY_TICKET');
    await page.locator('ticket-wallet .tw-ticket-card').first().waitFor();
    await shoot('04-tickets', { fullPage: true });
    await page.locator('ticket-wallet .tw-ticket-card').first().click();
    await heading();
    await shoot('05-ticket', { fullPage: true });
    await panel('PANEL_TAB=GIFT');
    await page.locator('ticket-wallet .tw-dropdown__button').waitFor();
    await shoot('06-gift');

    // Swap: the modal on the host page, then the checkout (the demo site's page), cancelled there.
    await panel('PANEL_TAB=SWAP');
    await page.locator('.tw-swap .tw-event-tile', { hasText: /General/ }).getByRole('button', { name: new RegExp(`^${w.choose}`) }).click();
    await page.locator('section[aria-labelledby="tw-swap-target-step"] .tw-event-tile', { hasText: /VIP/ }).getByRole('button').click();
    await page.locator('.tw-modal').waitFor();
    await shoot('07-swap-modal');
    await page.locator('.tw-modal').getByRole('button', { name: w.checkout }).click();
    await page.getByRole('button', { name: w.pay }).waitFor();
    await page.locator('ticket-wallet .tw-launcher').waitFor();
    await shoot('08-checkout');
    await page.getByRole('button', { name: w.cancelSwap }).click();
    await page.locator('.checkout__status', { hasText: /./ }).waitFor();
    await shoot('09-checkout-cancelled');

    await panel('PANEL_TAB=RESELL');
    await heading();
    await shoot('10-resell', { fullPage: true });
    shareLink ??= listFirstTicket(baseUrl, 'jordan@example.com');
    await page.goto(`${await shareLink}?lang=${lang}`);
    await page.getByRole('button', { name: w.signInToBuy }).waitFor();
    await page.locator('ticket-wallet .tw-launcher').waitFor();
    await shoot('11-share-page');
    await panel('PANEL_TAB=REDEEM');
    await heading();
    await shoot('12-redeem');
    await panel('PANEL_TAB=SETTINGS');
    await heading();
    await shoot('13-settings', { fullPage: true });
    await panel('PANEL_TAB=SETTINGS&SETTINGS_TAB=ACCOUNT_VERIFICATION');
    await heading();
    await shoot('14-payouts', { fullPage: true });
  },
});
