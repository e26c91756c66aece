// Handing a ticket on with its PDF, in headless Chromium against the real server: alex downloads a Weekender ticket's
// PDF from the single ticket, the test reads the secret code out of the file, jordan redeems it on REDEEM with the
// keyboard only (typed as from paper: lower case, spaces) and sees the ticket; alex no longer has it. Then jordan
// hands it back the same way, so the demo data the other e2e files expect is whole again. (jordan, not sam: sam must
// reach the personal data screen unnamed in wallet.test.ts, and the server is shared.) axe-core finds nothing.
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pdfTexts, SECRET_CODE_PATTERN } from '../support/pdf-text';
import { accessibilityViolations, hostUrl, openPage, signIn, ticketsShown, useBrowser } from './page-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const cards = (page: Page) => page.locator('ticket-wallet').locator('.tw-ticket-card:not(.tw-ticket-card--skeleton)');

async function openMyTickets(page: Page): Promise<void> {
  await page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=MY_TICKET`));
  await page.getByRole('heading', { name: 'My tickets' }).waitFor();
  await cards(page).first().waitFor();
}

/** From My tickets: opens the first card with `name`, downloads its PDF, returns the file name and the code in it. */
async function downloadTicketPdf(page: Page, name: string): Promise<{ fileName: string; code: string; userTicketId: string }> {
  await cards(page).filter({ hasText: name }).first().click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  const userTicketId = new URL(page.url()).searchParams.get('USER_TICKET_ID')!;
  expect(await page.getByText('the code works once').isVisible()).toBe(true);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as PDF' }).click()]);
  const texts = pdfTexts(await readFile((await download.path())!));
  expect(texts).toContain(name);
  expect(texts).toContain('How to redeem');
  const code = texts.find((text) => SECRET_CODE_PATTERN.test(text));
  expect(code).toBeDefined();
  return { fileName: download.suggestedFilename(), code: code!, userTicketId };
}

/** The name of the wallet's focused control (inside its shadow root). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector('ticket-wallet')?.shadowRoot?.activeElement as HTMLElement | null | undefined;
    return active ? (active.getAttribute('name') ?? active.textContent?.trim() ?? '') : '';
  });

async function tabTo(page: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    if ((await focusedName(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

describe('a ticket handed on as a PDF and redeemed', () => {
  let alex: { context: BrowserContext; page: Page; errors: string[] };
  let jordan: { context: BrowserContext; page: Page; errors: string[] };
  beforeAll(async () => {
    alex = await openPage(browser, { bypassCSP: true, acceptDownloads: true });
    jordan = await openPage(browser, { bypassCSP: true, acceptDownloads: true });
    await signIn(alex.page, baseUrl, 'alex@example.com');
    await alex.page.getByRole('dialog', { name: 'Welcome' }).waitFor();
    await signIn(jordan.page, baseUrl, 'jordan@example.com');
    await jordan.page.getByRole('dialog', { name: 'Welcome' }).waitFor();
  });
  afterAll(async () => {
    await alex?.context.close();
    await jordan?.context.close();
  });

  let handedOn: { code: string; userTicketId: string };

  it('alex downloads a ticket PDF named after the event and ticket, carrying the code as text', async () => {
    await openMyTickets(alex.page);
    const before = await ticketsShown(cards(alex.page));
    const pdf = await downloadTicketPdf(alex.page, 'General Admission');
    expect(pdf.fileName).toBe('harbour-lights-weekender-general-admission.pdf');
    expect(await accessibilityViolations(alex.page)).toEqual([]);
    handedOn = pdf;
    expect(before).toBe(4);
  });

  it('jordan redeems the code with the keyboard only, as typed from paper, and opens the ticket', async () => {
    const { page } = jordan;
    await page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=REDEEM`));
    await page.getByRole('heading', { name: 'Redeem a ticket' }).waitFor();
    expect(await page.getByRole('button', { name: 'Redeem' }).isDisabled()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await tabTo(page, 'code');
    await page.keyboard.type(handedOn.code.toLowerCase().replaceAll('-', ' '));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Success!' }).waitFor();
    expect(await page.getByText('General Admission is now in your wallet.').isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await tabTo(page, 'View ticket');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'General Admission' }).waitFor();
    expect(new URL(page.url()).searchParams.get('PANEL_TAB')).toBe('TICKET');
  });

  it('the code works once: a second try says it was already redeemed', async () => {
    const { page } = jordan;
    await page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=REDEEM`));
    await page.getByLabel('Ticket code').fill(handedOn.code);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByRole('alert').filter({ hasText: 'This code was already redeemed' }).waitFor();
    expect(await page.getByLabel('Ticket code').inputValue()).toBe(handedOn.code);
  });

  it('alex no longer has the ticket', async () => {
    await openMyTickets(alex.page);
    await expect.poll(() => ticketsShown(cards(alex.page))).toBe(3);
    await alex.page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=TICKET&USER_TICKET_ID=${handedOn.userTicketId}`));
    await alex.page.getByRole('heading', { name: 'Ticket not found' }).waitFor();
  });

  it('jordan hands it back the same way', async () => {
    await openMyTickets(jordan.page);
    const back = await downloadTicketPdf(jordan.page, 'General Admission');
    await alex.page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=REDEEM`));
    await alex.page.getByLabel('Ticket code').fill(back.code);
    await alex.page.getByRole('button', { name: 'Redeem' }).click();
    await alex.page.getByRole('heading', { name: 'Success!' }).waitFor();
    await openMyTickets(alex.page);
    await expect.poll(() => ticketsShown(cards(alex.page))).toBe(4);
    expect(alex.errors).toEqual([]);
    expect(jordan.errors).toEqual([]);
  });

  it("makes the PDF in the wallet's language: the Spanish wallet downloads a Spanish PDF for an English account", async () => {
    await alex.page.goto(hostUrl(baseUrl, `/es/?PANEL_TAB=MY_TICKET`));
    await cards(alex.page).filter({ hasText: 'General Admission' }).first().click();
    await alex.page.getByRole('heading', { level: 1, name: 'General Admission' }).waitFor();
    const [download] = await Promise.all([alex.page.waitForEvent('download'), alex.page.getByRole('button', { name: 'Descargar como PDF' }).click()]);
    const texts = pdfTexts(await readFile((await download.path())!));
    expect(texts).toContain('Cómo canjearla');
    expect(texts).toContain('Titular: Alex Rivera');
    expect(texts).not.toContain('How to redeem');
    expect(alex.errors).toEqual([]);
  });
});
