// Screenshots of Redeem (form, error flash, success), the single ticket's PDF section, the settings' account and
// payout tabs and the phone modal, in light and dark, at 375 px and 1280 px, in English and Spanish, into screenshots/
// (gitignored). jordan redeems a ticket alex handed on as a PDF (fetched through the API), then hands it back, so
// every variant finds the same data. Not a test: run `npx tsx tests/e2e/redeem-settings-screenshots.ts`.
import type { Page } from 'playwright-core';
import { pdfTexts, SECRET_CODE_PATTERN } from '../support/pdf-text';
import { hostUrl, signIn } from './page-helpers';
import { runScreenshots } from './screenshot-kit';

const words = {
  en: { addPhone: 'Add phone number', payouts: 'Payouts', save: 'Save', download: 'Download as PDF' },
  es: { addPhone: 'Añadir número de teléfono', payouts: 'Cobros', save: 'Guardar', download: 'Descargar como PDF' },
};

async function api(baseUrl: string, token: string, method: string, path: string): Promise<Response> {
  const answer = await fetch(`${baseUrl}/v1${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status}`);
  return answer;
}

/** A ticket PDF's code for the newest General Admission ticket the token's user holds. */
async function handOn(baseUrl: string, token: string): Promise<string> {
  const tickets = (await (await api(baseUrl, token, 'GET', '/list/ticket_listing?status=UPCOMING')).json()) as Array<{ userTicketId: number; ticketName: string }>;
  const ticket = tickets.filter((item) => item.ticketName === 'General Admission').sort((a, b) => b.userTicketId - a.userTicketId)[0]!;
  const pdf = Buffer.from(await (await api(baseUrl, token, 'POST', `/resell/${ticket.userTicketId}`)).arrayBuffer());
  return pdfTexts(pdf).find((text) => SECRET_CODE_PATTERN.test(text))!;
}

async function signedInToken(page: Page, baseUrl: string, email: string, lang: 'en' | 'es'): Promise<string> {
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await signIn(page, baseUrl, email, lang);
  await page.locator('.tw-hub').waitFor();
  return (await page.evaluate(() => localStorage.getItem('tw.accessToken')))!;
}

runScreenshots({
  prefix: 'redeem-settings-',
  screens: async ({ page, baseUrl, variant, shoot }) => {
    const w = words[variant.lang];
    const alex = await signedInToken(page, baseUrl, 'alex@example.com', variant.lang);
    // The single ticket with its PDF section.
    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=MY_TICKET`));
    await page.locator('.tw-ticket-card', { hasText: 'General Admission' }).first().click();
    await page.getByRole('button', { name: w.download }).waitFor();
    await page.getByRole('button', { name: w.download }).scrollIntoViewIfNeeded();
    await shoot('0-ticket-pdf');

    const jordan = await signedInToken(page, baseUrl, 'jordan@example.com', variant.lang);
    const code = await handOn(baseUrl, alex);
    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=REDEEM`));
    const field = page.locator('.tw-redeem input[name="code"]');
    await field.waitFor();
    await shoot('1-redeem-form');
    await field.fill('WXYZ-WXYZ-WXYZ-WXYZ');
    await page.locator('.tw-redeem button[type="submit"]').click();
    await page.locator('.tw-redeem__flash').waitFor();
    await shoot('2-redeem-error');
    await field.fill(code.toLowerCase().replaceAll('-', ' '));
    await page.locator('.tw-redeem button[type="submit"]').click();
    await page.locator('.tw-redeem-success').waitFor();
    await shoot('3-redeem-success');
    // Back to alex, so the next variant finds the same tickets.
    await api(baseUrl, alex, 'POST', `/resell/redeem/${encodeURIComponent(await handOn(baseUrl, jordan))}`);

    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=SETTINGS`));
    await page.locator('.tw-settings__nickname').waitFor();
    await shoot('4-settings-account');
    await shoot('4-settings-account-full', { fullPage: true });
    await page.getByRole('button', { name: w.addPhone }).click();
    const modal = page.locator('.tw-modal');
    await modal.waitFor();
    await modal.locator('input[type="tel"]').fill('12');
    await modal.getByRole('button', { name: w.save }).click();
    await modal.locator('[role="alert"]').waitFor();
    await shoot('5-phone-modal');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: w.payouts }).click();
    await shoot('6-settings-payout');
  },
});
