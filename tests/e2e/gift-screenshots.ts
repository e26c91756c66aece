// Screenshots of every step of a gift, signed in as the demo user alex: the loading skeleton, the dropdown open, the
// refusal toast, the "you are gifting" card with the e-mail tab (and its error), the username tab with suggestions,
// the recipient card with the terms, and the success view; in light and dark, at 375 px and 1280 px, in English and
// Spanish, into screenshots/ (gitignored). alex has four upcoming tickets: the variants 0, 1, 4 and 5 (light, dark,
// 375 px and Spanish) each gift one; the others stop before Gift. Not a test: `npx tsx tests/e2e/gift-screenshots.ts`.
import { hostUrl, signIn } from './page-helpers';
import { runScreenshots } from './screenshot-kit';

const words = {
  en: {
    past: 'Past',
    ticket: 'Choose a ticket',
    email: "Receiver's e-mail",
    username: 'Username',
    usernameField: "Receiver's username",
    confirm: 'Confirm receiver',
    edit: 'Change the receiver',
    emailTab: 'E-mail',
    gift: 'Gift',
  },
  es: {
    past: 'Pasadas',
    ticket: 'Elige una entrada',
    email: 'Correo de quien la recibe',
    username: 'Usuario',
    usernameField: 'Usuario de quien la recibe',
    confirm: 'Confirmar destinatario',
    edit: 'Cambiar el destinatario',
    emailTab: 'Correo',
    gift: 'Regalar',
  },
};

const gifting = new Set([0, 1, 4, 5]);

runScreenshots({
  prefix: 'gift-',
  screens: async ({ page, baseUrl, variant, index, shoot }) => {
    const w = words[variant.lang];
    await signIn(page, baseUrl, 'alex@example.com', variant.lang);
    await page.locator('.tw-hub').waitFor();
    // The past ticket's id, for the refusal.
    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=MY_TICKET&TICKETS_TAB=PAST`));
    await page.locator('.tw-ticket-card:not(.tw-ticket-card--skeleton)').first().click();
    await page.locator('.tw-event-card__title').waitFor();
    const pastId = new URL(page.url()).searchParams.get('USER_TICKET_ID');

    // The skeleton: hold the list until the shot is taken.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/list/ticket_listing?status=UPCOMING', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=GIFT&USER_TICKET_ID=${pastId}`));
    await page.locator('.tw-gift__loading').waitFor();
    await shoot('0-loading');
    release();
    await page.locator('.tw-dropdown__button').waitFor();
    await page.locator('.tw-toast').first().waitFor();
    await shoot('1-refused');
    await page.unroute('**/v1/list/ticket_listing?status=UPCOMING');

    await page.locator('.tw-dropdown__button').click();
    await page.locator('.tw-dropdown__list').waitFor();
    await shoot('2-dropdown');
    await page.locator('.tw-dropdown__option').first().click();
    await page.locator('.tw-event-tile__caption').waitFor();
    await page.getByLabel(w.email).fill('sam@');
    await page.getByLabel(w.email).blur();
    await shoot('3-email-error');
    await page.getByRole('tab', { name: w.username }).click();
    await page.getByLabel(w.usernameField).fill('s');
    await page.locator('.tw-gift__suggestion').first().waitFor();
    await shoot('4-username-suggestions');
    await page.locator('.tw-gift__suggestion', { hasText: 'sam' }).click();
    await shoot('5-username-picked');
    await page.getByRole('button', { name: w.confirm }).click();
    await page.locator('.tw-gift__recipient').waitFor();
    await shoot('6-recipient');
    await page.getByRole('button', { name: w.edit }).click();
    await page.getByRole('tab', { name: w.emailTab }).click();
    await page.getByLabel(w.email).fill('sam@example.com');
    await page.getByRole('button', { name: w.confirm }).click();
    await page.locator('.tw-gift__terms input').check();
    await shoot('7-terms', { fullPage: true });
    if (!gifting.has(index)) return;
    await page.getByRole('button', { name: w.gift, exact: true }).click();
    await page.locator('.tw-gift__success').waitFor();
    await shoot('8-success');
  },
});
