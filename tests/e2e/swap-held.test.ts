// A swap left behind, in headless Chromium against a real server (fresh demo data), the wallet on the host site of a
// second origin (tests/e2e/host-site.ts): alex starts a swap (the confirmation opens, the ticket is held) and closes
// the tab, or reloads it. The ticket page then says "Swap in progress, held until …" instead of Gift, and its Cancel
// swap frees the ticket at once (Gift is back); the swap screen lists it too, and its Cancel swap frees it there; the
// confirmation's own Cancel frees it as well; and Continue to checkout reaches the same checkout page the flow does.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { api, hostUrl, openPage, signIn, useBrowser, walletToken } from './page-helpers';
import { useServer } from './server';

const browser = useBrowser();
const server = useServer();

const baseCard = (page: Page, name: string) =>
  page.locator('section[aria-labelledby="tw-swap-base-step"] .tw-event-tile', { hasText: name }).getByRole('button', { name: `Choose ${name}` });
const targetButton = (page: Page, name: string) =>
  page.locator('section[aria-labelledby="tw-swap-target-step"]').getByRole('button', { name: `Choose ${name}` });
/** How many General Admission step 1's card says are held. */
const generalAdmissionCard = (page: Page) => page.locator('section[aria-labelledby="tw-swap-base-step"] .tw-event-tile', { hasText: 'General Admission' });
const notice = (page: Page) => page.getByRole('region', { name: /^Swap in progress, held until \d{1,2}:\d{2}\s?[AP]M$/ });

type Held = { orderIdentifier: string; userTicketIds: number[]; heldUntil: string };

/** SWAP with General Admission chosen and VIP started: the confirmation is open, one ticket held. */
async function startSwap(page: Page): Promise<void> {
  await page.goto(hostUrl(server.url, '/en/?PANEL_TAB=SWAP'));
  await baseCard(page, 'General Admission').click();
  await targetButton(page, 'VIP').click();
  await page.locator('.tw-modal').waitFor();
}

/** The person's swaps in progress, as the server tells them. */
async function heldSwaps(page: Page): Promise<Held[]> {
  const { json } = await api(server.url, 'GET', '/ticket_swap/held', (await walletToken(page, server.url))!);
  return json as unknown as Held[];
}

/** How many General Admission tickets may be swapped now. */
async function swappableGeneralAdmission(page: Page): Promise<number> {
  const { json } = await api(server.url, 'GET', '/ticket_swap/tickets', (await walletToken(page, server.url))!);
  return (json as unknown as Array<{ name: string; quantity: number }>).find((base) => base.name === 'General Admission')?.quantity ?? 0;
}

describe('a swap left behind', () => {
  let context: BrowserContext, page: Page;
  beforeAll(async () => {
    ({ context, page } = await openPage(browser, { bypassCSP: true, viewport: { width: 1280, height: 900 } }));
    await signIn(page, server.url, 'alex@example.com');
    await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
  });
  afterAll(() => context?.close());

  it('the tab closed on the confirmation: the ticket page says so instead of Gift, and Cancel swap frees the ticket', async () => {
    await startSwap(page);
    const [held] = await heldSwaps(page);
    expect(held).toBeDefined();
    const ticketId = held!.userTicketIds[0]!;
    await page.close();

    page = await context.newPage();
    await page.goto(hostUrl(server.url, `/en/?PANEL_TAB=TICKET&USER_TICKET_ID=${encodeUserTicketId(ticketId)}`));
    const shown = notice(page);
    await shown.waitFor();
    await shown.getByText('General Admission → VIP.').waitFor();
    // Held: nothing may be done with it but the swap's two ways out.
    expect(await page.getByRole('button', { name: 'Gift ticket' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download as PDF' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'More actions' }).count()).toBe(0);
    await page.screenshot({ path: 'screenshots/swap-held-e2e-1-ticket.png', fullPage: true });

    await shown.getByRole('button', { name: 'Cancel swap' }).click();
    await page.getByText('Swap cancelled. Your ticket is free again.').first().waitFor();
    await page.getByRole('button', { name: 'Gift ticket' }).waitFor();
    await page.getByRole('button', { name: 'Download as PDF' }).waitFor();
    await page.getByRole('button', { name: 'More actions' }).waitFor();
    expect(await notice(page).count()).toBe(0);
    expect(await heldSwaps(page)).toEqual([]);
    expect(await swappableGeneralAdmission(page)).toBe(2);
  });

  it('reloaded on the confirmation: the swap screen lists the swap in progress, and its Cancel swap frees the ticket there', async () => {
    await startSwap(page);
    expect(await swappableGeneralAdmission(page)).toBe(1);
    await page.reload();
    const shown = notice(page);
    await shown.waitFor();
    await shown.getByText('1 × General Admission → VIP').waitFor();
    await generalAdmissionCard(page).getByText('You hold 1').waitFor();
    await page.screenshot({ path: 'screenshots/swap-held-e2e-2-swap-list.png', fullPage: true });

    await shown.getByRole('button', { name: 'Cancel swap' }).click();
    await page.getByText('Swap cancelled. Your tickets are free again.').first().waitFor();
    await generalAdmissionCard(page).getByText('You hold 2').waitFor();
    expect(await notice(page).count()).toBe(0);
    expect(await heldSwaps(page)).toEqual([]);
    // Resell offers both again.
    const { json } = await api(server.url, 'GET', '/resell/tickets/available', (await walletToken(page, server.url))!);
    expect(JSON.stringify(json).match(/General Admission/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
  });

  it("the confirmation's own Cancel frees the ticket too: nothing in progress, Gift is back on the ticket", async () => {
    await startSwap(page);
    const [held] = await heldSwaps(page);
    await page.locator('.tw-modal').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.tw-modal').waitFor({ state: 'detached' });
    await generalAdmissionCard(page).getByText('You hold 2').waitFor();
    expect(await heldSwaps(page)).toEqual([]);
    await page.goto(hostUrl(server.url, `/en/?PANEL_TAB=TICKET&USER_TICKET_ID=${encodeUserTicketId(held!.userTicketIds[0]!)}`));
    await page.getByRole('button', { name: 'Gift ticket' }).waitFor();
    expect(await notice(page).count()).toBe(0);
  });

  it('Continue to checkout reaches the checkout page of the swap in progress', async () => {
    await startSwap(page);
    const [held] = await heldSwaps(page);
    await page.reload();
    const shown = notice(page);
    await shown.waitFor();
    await shown.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL(new RegExp(`/en/harbour-lights-weekender-\\d+/checkout/${held!.orderIdentifier}\\?redirectDomain=.+&origin=ticket_swap$`));
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByText('General Admission').first().waitFor();
    await page.screenshot({ path: 'screenshots/swap-held-e2e-3-checkout.png', fullPage: true });
    // Leaves nothing held behind for other tests.
    const token = await walletToken(page, server.url);
    expect(token).toBeTruthy();
    expect((await api(server.url, 'POST', `/ticket_swap/cancel/${held!.orderIdentifier}`, token!)).json).toEqual({ ok: true });
  });
});
