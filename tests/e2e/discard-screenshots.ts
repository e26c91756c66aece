// Screenshots of "Discard this gift?" over a half-typed receiver e-mail (issue 23): the question as Esc opens it (the
// field behind it must not be red: the question taking the focus is not the person leaving the field), then the form
// after Keep editing (the e-mail kept, still not red). Light and dark, English and Spanish, 375 px, into screenshots/
// (gitignored). Not a test: `npx tsx tests/e2e/discard-screenshots.ts`.
import { hostUrl, signIn, tabTo } from './page-helpers';
import { runScreenshots } from './screenshot-kit';

const words = {
  en: { choose: 'Choose a ticket', gifting: 'You are gifting' },
  es: { choose: 'Elige una entrada', gifting: 'Vas a regalar' },
};

runScreenshots({
  prefix: 'discard-',
  variants: [
    { lang: 'en', scheme: 'light', width: 375 },
    { lang: 'en', scheme: 'dark', width: 375 },
    { lang: 'es', scheme: 'light', width: 375 },
    { lang: 'es', scheme: 'dark', width: 375 },
  ],
  screens: async ({ page, baseUrl, variant, shoot }) => {
    const w = words[variant.lang];
    await signIn(page, baseUrl, 'alex@example.com', variant.lang);
    await page.locator('.tw-hub').waitFor();
    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=GIFT`));
    await page.locator('ticket-wallet').getByText(w.choose).first().waitFor();
    await tabTo(page, (text) => text === w.choose);
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByText(w.gifting).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type('sam@exa');
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor();
    await shoot('1-question');
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await shoot('2-kept');
  },
});
