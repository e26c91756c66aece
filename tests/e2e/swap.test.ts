// Swap in headless Chromium against a real server of its own (fresh demo data), the wallet on the host site of a
// second origin (tests/e2e/host-site.ts): alex opens SWAP, upgrades one General Admission to VIP (the modal says
// what he will pay), goes to the checkout page on the demo ticket site, is declined with the declined test card, pays
// with the good one and comes back to the wallet on the host site, which shows the new VIP; alex then downgrades the
// VIP he had to General Admission (the checkout confirms it without payment); and Cancel in the modal releases the
// reservation at once (the ticket can be swapped again). Screenshots go to screenshots/swap-e2e-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdings, hostUrl, openPage, signIn, useBrowser, walletToken, withPage } from './page-helpers';
import { useServer } from './server';

const browser = useBrowser();
const server = useServer();

const shot = (page: Page, name: string) => page.screenshot({ path: `screenshots/swap-e2e-${name}.png`, fullPage: true });

const baseCard = (page: Page, name: string) =>
  page.locator('section[aria-labelledby="tw-swap-base-step"] .tw-event-tile', { hasText: name }).getByRole('button', { name: `Choose ${name}` });
const targetButton = (page: Page, name: string) =>
  page.locator('section[aria-labelledby="tw-swap-target-step"]').getByRole('button', { name: `Choose ${name}` });

/** SWAP with `base` chosen and `target` started: the modal is open. */
async function startSwap(page: Page, base: string, target: string): Promise<void> {
  await page.goto(hostUrl(server.url, '/en/?PANEL_TAB=SWAP'));
  await baseCard(page, base).click();
  await targetButton(page, target).click();
  await page.locator('.tw-modal').waitFor();
}

describe('swap', () => {
  let context: BrowserContext, page: Page;
  beforeAll(async () => {
    ({ context, page } = await openPage(browser, { bypassCSP: true, viewport: { width: 1280, height: 900 } }));
    await signIn(page, server.url, 'alex@example.com');
    await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
  });
  afterAll(() => context?.close());

  it('Cancel in the modal releases the reservation: the tickets can be swapped again at once', async () => {
    await startSwap(page, 'General Admission', 'VIP');
    const token = await walletToken(page, server.url);
    const response = await fetch(`${server.url}/v1/ticket_swap/tickets`, { headers: { authorization: `Bearer ${token}` } });
    const reserved = (await response.json()) as Array<{ name: string; quantity: number }>;
    // Reserved by the started swap: one of the two is held for it.
    expect(reserved.find((base) => base.name === 'General Admission')?.quantity).toBe(1);
    await page.locator('.tw-modal').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.tw-modal').waitFor({ state: 'detached' });
    await page.getByText('You hold 2').waitFor();
  });

  it('alex upgrades a General Admission to VIP: declined first, then paid, and the wallet shows the new VIP', async () => {
    const before = await holdings(page, server.url);
    await startSwap(page, 'General Admission', 'VIP');
    const modal = page.locator('.tw-modal');
    await modal.getByRole('heading', { name: 'Upgrade your ticket?' }).waitFor();
    await modal.getByText('You will pay $140.00 at checkout.').waitFor();
    await shot(page, '1-modal-upgrade');
    // The checkout is on the wallet's origin, not the host's: the session goes along as a single-use code, which the
    // checkout exchanges; no bearer token is ever in an address.
    const walletAccess = (await walletToken(page, server.url))!;
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    page.on('request', (request) => addresses.push(request.url()));
    const exchanged = page.waitForRequest((request) => request.url().endsWith('/v1/auth/exchangeCheckoutHandOver'));
    await modal.getByRole('button', { name: 'Go to checkout' }).click();

    await page.waitForURL(/\/en\/harbour-lights-weekender-\d+\/checkout\/SW-[0-9A-F]+\?redirectDomain=.+&origin=ticket_swap$/);
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByText('General Admission').first().waitFor();
    const handOver = (await exchanged).postDataJSON() as { code: string; swapIdentifier: string };
    expect(new URL(page.url()).pathname).toContain(`/checkout/${handOver.swapIdentifier}`);
    expect((await (await exchanged).response())?.status()).toBe(200);
    // The fragment has left the address, and neither the wallet's token nor the checkout's was in any address.
    expect(new URL(page.url()).hash).toBe('');
    const checkoutToken = await page.evaluate(() => sessionStorage.getItem('tw.checkoutAccessToken'));
    expect(checkoutToken).toBeTruthy();
    expect(checkoutToken).not.toBe(walletAccess);
    expect(addresses.some((address) => address.includes(walletAccess) || address.includes(checkoutToken!))).toBe(false);
    // The same code again (a copied or replayed address, in another browser) is refused and says so.
    await withPage(browser, {}, async ({ page: other }) => {
      await other.goto(`${page.url()}#tw-hand-over=${encodeURIComponent(handOver.code)}`);
      await other.getByText('This link from the wallet was already used.', { exact: false }).waitFor();
      await other.getByRole('button', { name: 'Sign in' }).waitFor();
    });
    await shot(page, '2-checkout-upgrade');
    await page.getByLabel(/declined/i).check();
    await page.getByRole('button', { name: /^Pay \$140\.00$/ }).click();
    await page.getByRole('alert').filter({ hasText: /declined/i }).waitFor();
    await shot(page, '3-checkout-declined');
    // Declined: nothing was exchanged.
    expect(await holdings(page, server.url)).toEqual(before);

    await page.getByRole('radio', { name: /4242/ }).check();
    await page.getByRole('button', { name: /^Pay \$140\.00$/ }).click();
    // Back in the wallet on the confirmation: what is held now and what was paid, focused; then My tickets.
    await page.waitForURL((url) => url.pathname === '/en/' && url.searchParams.get('PANEL_TAB') === 'SWAP' && /^SW-/.test(url.searchParams.get('SWAP_ORDER') ?? ''));
    const receipt = page.getByRole('heading', { name: 'You now hold VIP' });
    await receipt.waitFor();
    await page.getByText(/^You paid \$140\.00 \w+ for the upgrade from General Admission\.$/).waitFor();
    expect(await receipt.evaluate((heading) => heading.getRootNode() instanceof ShadowRoot && (heading.getRootNode() as ShadowRoot).activeElement === heading)).toBe(true);
    await shot(page, '4-swap-confirmation');
    await page.getByRole('button', { name: 'View my tickets' }).click();
    await page.waitForURL((url) => url.searchParams.get('PANEL_TAB') === 'MY_TICKET');
    await page.locator('ticket-wallet .tw-ticket-card', { hasText: 'VIP' }).first().waitFor();
    await shot(page, '4-back-in-wallet');
    const after = await holdings(page, server.url);
    expect(after['VIP']).toBe((before['VIP'] ?? 0) + 1);
    expect(after['General Admission']).toBe((before['General Admission'] ?? 0) - 1);
  });

  it('alex downgrades a VIP to General Admission without payment', async () => {
    const before = await holdings(page, server.url);
    await page.goto(hostUrl(server.url, '/en/?PANEL_TAB=SWAP'));
    await baseCard(page, 'VIP').click();
    await targetButton(page, 'General Admission').click();
    const modal = page.locator('.tw-modal');
    await modal.getByRole('heading', { name: 'Downgrade your ticket?' }).waitFor();
    await modal.getByText(/^You will lose \$140\.00/).waitFor();
    await modal.getByRole('button', { name: 'Go to checkout' }).click();

    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await expect(page.getByRole('button', { name: /^Pay/ }).count()).resolves.toBe(0);
    await shot(page, '5-checkout-downgrade');
    await page.getByRole('button', { name: 'Confirm swap' }).click();
    await page.getByRole('heading', { name: 'You now hold General Admission' }).waitFor();
    await page.getByText(/^Swapped from VIP\. The difference of \$140\.00 \w+ was not refunded\.$/).waitFor();
    await page.getByRole('button', { name: 'View my tickets' }).click();
    await page.waitForURL((url) => url.searchParams.get('PANEL_TAB') === 'MY_TICKET');
    await page.locator('ticket-wallet .tw-ticket-card').first().waitFor();
    const after = await holdings(page, server.url);
    expect(after['VIP'] ?? 0).toBe((before['VIP'] ?? 0) - 1);
    expect(after['General Admission']).toBe((before['General Admission'] ?? 0) + 1);
  });

  it('the checkout page sends a foreign redirectDomain to the default page', async () => {
    await startSwap(page, 'Night Market Entry', 'Night Market + Tasting Pass');
    await page.locator('.tw-modal').getByRole('button', { name: 'Go to checkout' }).click();
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    const evil = new URL(page.url());
    evil.searchParams.set('redirectDomain', 'https://evil.example/steal');
    await page.goto(evil.toString());
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    const pay = page.getByRole('button', { name: /^Pay|^Confirm swap$/ });
    // Once missed in a loaded CI run: if the page shows something else (expired, sign in, not found), say what.
    await pay.waitFor().catch(async (error: unknown) => {
      throw new Error(`no Pay or Confirm swap button; the checkout page says: ${await page.locator('main').innerText()}`, { cause: error });
    });
    if (await page.getByRole('radio', { name: /4242/ }).count()) await page.getByRole('radio', { name: /4242/ }).check();
    await pay.click();
    await page.waitForURL((url) => url.searchParams.get('PANEL_TAB') === 'SWAP' && url.searchParams.has('SWAP_ORDER'));
    expect(new URL(page.url()).origin).toBe(server.url);
  });
});
