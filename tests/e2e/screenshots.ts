// Screenshots of the sign-in screens and the HUB in light and dark, at 375 px and 1280 px, in English and
// Spanish, into screenshots/ (gitignored). Not a test: run `npx tsx tests/e2e/screenshots.ts`, then look.
import { hostUrl, loginWords, requestCode } from './page-helpers';
import { runScreenshots } from './screenshot-kit';

const words = {
  en: { first: 'First name', last: 'Last name' },
  es: { first: 'Nombre', last: 'Apellido' },
};

runScreenshots({
  screens: async ({ page, baseUrl, variant, index, shoot }) => {
    const w = { ...loginWords[variant.lang], ...words[variant.lang] };
    const email = `shot${index}.${variant.lang}@example.com`;
    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=LOGIN`));
    await page.getByLabel(w.email).waitFor();
    await shoot('1-login');
    await page.getByRole('button', { name: w.next }).click();
    await shoot('2-login-error');
    const code = await requestCode(page, baseUrl, email, variant.lang);
    await page.getByLabel(w.code).fill(code.slice(0, 4));
    await shoot('3-code');
    await page.getByLabel(w.code).fill(code); // goes off at the sixth digit
    await page.getByLabel(w.first).waitFor();
    await page.getByLabel(w.first).fill('Sam');
    await page.getByLabel(w.last).focus();
    await page.getByLabel(w.first).focus();
    await shoot('4-personal-data');
    await page.getByLabel(w.last).fill('Rivera');
    await page.getByRole('button', { name: w.next }).click();
    await page.locator('.tw-hub').waitFor();
    await shoot('5-hub');
    await page.locator('.tw-logout').click();
    await page.getByRole('alertdialog').waitFor();
    await shoot('6-logout-modal');
    await page.keyboard.press('Escape');
    await page.locator('.tw-hub .tw-icon-button').first().click();
    await page.locator('.tw-hub').waitFor({ state: 'detached' });
    await shoot('7-qr');
  },
});
