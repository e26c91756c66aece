// Resell in headless Chromium against a real server of its own, the seller's wallet on the host site of a second
// origin (tests/e2e/host-site.ts), the buyer on the share page of the demo site (ours): Resell says payouts first (above
// the form, with Verify payouts), listing without a verified payout account shows the settings link; alex verifies
// payouts and comes back with Back to resell to the same ticket (the local provider's form in the Payouts tab), lists two tickets one at a
// time, opens the share link as sam in another browser context, sam signs in through the embedded wallet and buys;
// sam opens the wallet on the host site and holds the ticket there; alex sees it under Sold; alex unlists the other listing. Screenshots of each step go to
// screenshots/resell-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostUrl, openPage, signIn, signInOnSharePage, ticketsShown, useBrowser } from './page-helpers';
import { useServer } from './server';

const browser = useBrowser();
const server = useServer();

const shot = (page: Page, name: string) => page.screenshot({ path: `screenshots/resell-${name}.png`, fullPage: true });

/** Picks the first resellable ticket, sets the price and goes to the confirm step. */
async function fillListing(page: Page, price: string): Promise<void> {
  await page.goto(hostUrl(server.url, '/en/?PANEL_TAB=RESELL'));
  await page.getByRole('button', { name: /Choose a ticket to resell/ }).click();
  await page.getByRole('option').first().click();
  await page.getByText('You are reselling').waitFor();
  await page.getByLabel(/Price per ticket/).fill(price);
  await page.getByText('Buyer pays').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Confirm your listing' }).waitFor();
  await page.getByRole('checkbox').check();
}

describe('resell', () => {
  let context: BrowserContext, page: Page;
  const links: string[] = [];
  beforeAll(async () => {
    ({ context, page } = await openPage(browser, { bypassCSP: true, viewport: { width: 1280, height: 900 } }));
    await signIn(page, server.url, 'alex@example.com');
    await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
  });
  afterAll(() => context?.close());

  it('listing without a verified payout account shows the link to the settings', async () => {
    // Said first, when Resell opens: above the ticket step.
    await page.goto(hostUrl(server.url, '/en/?PANEL_TAB=RESELL'));
    const payoutsFirst = page.getByRole('region', { name: 'Verify your payout account first' });
    await payoutsFirst.waitFor();
    expect(await payoutsFirst.getByRole('button', { name: 'Verify payouts' }).count()).toBe(1);
    const ticketStep = page.getByRole('heading', { name: 'Ticket to resell' });
    expect(await payoutsFirst.evaluate((notice, heading) => Boolean(notice.compareDocumentPosition(heading!) & Node.DOCUMENT_POSITION_FOLLOWING), await ticketStep.elementHandle())).toBe(true);
    await fillListing(page, '40');
    await shot(page, '1-confirm');
    await page.getByRole('button', { name: 'List for resale' }).click();
    await page.getByText('Your payout account must be verified first').waitFor();
    await shot(page, '2-no-stripe');
    const ticketParam = new URL(page.url()).searchParams.get('USER_TICKET_ID');
    await page.getByRole('button', { name: 'here' }).click();
    await page.getByRole('tab', { name: 'Payouts', selected: true }).waitFor();
    const params = new URL(page.url()).searchParams;
    expect(params.get('SETTINGS_TAB')).toBe('ACCOUNT_VERIFICATION');
    expect(params.get('RETURN_TO')).toBe('RESELL');
    // The ticket on screen goes along (the address had none: the flow held it since the picker).
    if (ticketParam) expect(params.get('USER_TICKET_ID')).toBe(ticketParam);
    expect(params.get('USER_TICKET_ID')).toBeTruthy();
    await page.getByRole('button', { name: 'Back to resell' }).waitFor();
  });

  it('alex verifies payouts with the local provider’s form', async () => {
    await page.getByRole('button', { name: 'Verify my account' }).click();
    await page.getByLabel('Legal name').fill('Alex Rivera');
    await page.getByLabel('Bank account, last 4 digits').fill('4321');
    await shot(page, '3-payout-form');
    await page.getByRole('button', { name: 'Verify account' }).click();
    await page.getByText('Your payout account is verified. You can resell tickets.').waitFor();
    // Back to resell: the same ticket, and nothing said about payouts any more.
    const ticket = new URL(page.url()).searchParams.get('USER_TICKET_ID');
    await page.getByRole('button', { name: 'Back to resell' }).click();
    await page.getByText('You are reselling').waitFor();
    expect(new URL(page.url()).searchParams.get('PANEL_TAB')).toBe('RESELL');
    expect(new URL(page.url()).searchParams.get('USER_TICKET_ID')).toBe(ticket);
    expect(await page.getByRole('region', { name: 'Verify your payout account first' }).count()).toBe(0);
  });

  it('alex lists two tickets and gets their share links', async () => {
    for (const price of ['40', '41']) {
      await fillListing(page, price);
      await page.getByRole('button', { name: 'List for resale' }).click();
      await page.getByRole('heading', { name: 'Your ticket is now listed for resale!' }).waitFor();
      const link = await page.locator('ticket-wallet .tw-resell__link input').inputValue();
      // The link carries the wallet's language, so the share page opens in it.
      expect(link).toMatch(/\/resale\/[\w-]+\?lang=en$/);
      links.push(link);
    }
    await shot(page, '4-listed');
    await page.getByRole('button', { name: 'Resell more tickets' }).click();
    await page.getByRole('tab', { name: 'Sale' }).waitFor();
    await shot(page, '5-listings-sale');
    await page.locator('ticket-wallet .tw-resell__entry').first().getByRole('button', { name: 'Share' }).click();
    await page.getByRole('dialog', { name: 'Share your listing' }).waitFor();
    await page.getByRole('link', { name: 'Twitter' }).waitFor();
    await page.waitForTimeout(400);
    await shot(page, '6-share-1280');
    await page.getByRole('dialog', { name: 'Share your listing' }).getByRole('button', { name: 'Close' }).last().click();
  });

  it('sam opens the share link in another browser, signs in through the embedded wallet and buys', async () => {
    const { context: samContext, page: samPage } = await openPage(browser, { bypassCSP: true, viewport: { width: 375, height: 800 } });
    try {
      const link = links[0]!.replace(/^https?:\/\/[^/]+/, server.url);
      await samPage.goto(link);
      await samPage.getByText('Sold by alex').waitFor();
      await samPage.getByRole('button', { name: 'Sign in to buy' }).waitFor();
      await shot(samPage, '7-share-page-signed-out');
      // sam has no name yet: the wallet asks for it after the code; the token is stored by then.
      await signInOnSharePage(samPage, server.url, link, 'sam@example.com');
      await samPage.goto(link);
      await samPage.getByRole('button', { name: 'Buy', exact: true }).waitFor();
      await shot(samPage, '8-share-page');
      await samPage.getByRole('button', { name: 'Buy', exact: true }).click();
      await samPage.getByText('Bought! The tickets are in your wallet now.').waitFor();
      await shot(samPage, '9-bought');
      const mine = await samPage.evaluate(async (api) => {
        const token = localStorage.getItem('tw.accessToken');
        const response = await fetch(`${api}/v1/list/ticket_listing?status=UPCOMING`, { headers: { authorization: `Bearer ${token}` } });
        return (await response.json()) as Array<{ ticketName: string }>;
      }, server.url);
      expect(mine.length).toBeGreaterThan(0);
      await samPage.goto(link);
      await samPage.getByText('These tickets have been sold.').waitFor();
      const bought = ((await samPage.locator('#share-ticket').textContent()) ?? '').trim();

      // The buyer's own wallet is on the host site (another origin: its storage does not hold the share page's
      // session): sam signs in there, gives the name the share page did not ask to finish, and holds the ticket.
      await signIn(samPage, server.url, 'sam@example.com');
      await samPage.getByLabel('First name').fill('Sam');
      await samPage.getByLabel('Last name').fill('Taylor');
      await samPage.getByRole('button', { name: 'Continue' }).click();
      await samPage.getByRole('dialog', { name: 'Welcome' }).waitFor();
      expect(new URL(samPage.url()).origin).toBe(new URL(hostUrl(server.url)).origin);
      await samPage.goto(hostUrl(server.url, '/en/?PANEL_TAB=MY_TICKET'));
      const cards = samPage.locator('ticket-wallet .tw-ticket-card');
      await cards.first().waitFor();
      expect(await ticketsShown(cards)).toBe(mine.length);
      expect(await cards.filter({ hasText: bought }).count()).toBeGreaterThan(0);
    } finally {
      await samContext.close();
    }
  });

  it('the listings and the share modal in Spanish, dark, at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(hostUrl(server.url, '/es/?PANEL_TAB=RESELL'));
    await page.getByRole('tab', { name: 'En venta' }).waitFor();
    await shot(page, '12-listings-es-dark-375');
    await page.locator('ticket-wallet .tw-resell__entry').first().getByRole('button', { name: 'Compartir' }).click();
    await page.getByRole('dialog', { name: 'Comparte tu anuncio' }).waitFor();
    await page.waitForTimeout(400);
    await shot(page, '13-share-es-dark-375');
    await page.keyboard.press('Escape');
    // Sold: when, and where the payout is (held until the event has ended), in Spanish.
    await page.getByRole('tab', { name: 'Vendidas' }).click();
    await page.getByText(/· Cobro retenido hasta el \S+, \d{1,2} \S+, \d{1,2}:\d{2} GMT[+-]\d+, tras el evento$/).waitFor();
    await page.waitForTimeout(300);
    await shot(page, '14-sold-es-dark-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('alex sees it under Sold and unlists the other listing', async () => {
    await page.goto(hostUrl(server.url, '/en/?PANEL_TAB=RESELL'));
    await page.getByRole('tab', { name: 'Sold' }).click();
    await page.getByText(/^(Sold today|Sold \d+ days ago) · Payout held until \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2}\s[AP]M GMT[+-]\d+, after the event$/).waitFor();
    await page.waitForTimeout(300);
    await shot(page, '10-listings-sold');
    await page.getByRole('tab', { name: 'Sale' }).click();
    await expect(page.locator('ticket-wallet .tw-resell__entry')).toBeDefined();
    expect(await page.locator('ticket-wallet .tw-resell__entry').count()).toBe(1);
    await page.getByRole('button', { name: 'Unlist' }).click();
    await page.getByRole('alertdialog', { name: 'Unlist this ticket?' }).waitFor();
    await shot(page, '11-unlist-confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unlist' }).click();
    await page.getByText('Nothing on sale.').waitFor();
  });
});
