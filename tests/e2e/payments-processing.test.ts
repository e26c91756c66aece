// Payments that are processing, with the local payments provider (the default), in headless Chromium against a real
// server of its own, whose bank debits stay processing for 10 s (Stripe's BECS test accounts: 000-000 000123456 clears,
// 111111113 fails).
// - The share page: sam pays with the debit that clears, the page says the payment is processing and — without a
//   reload — says bought once the provider's event settled the purchase; a reload while it processes still says
//   processing (the page asks the server which payment of sam's is on its way) and then bought.
// - The swap checkout: alex upgrades a General Admission to VIP by keyboard and pays with a debit: the checkout says
//   processing, a reload keeps saying it, and the wallet then shows the VIP; with the debit that fails, the swap is
//   released, his tickets come back and the failure e-mail is in the dev outbox.
// Screenshots: screenshots/payments-processing-*.png.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServer } from './server';
import { api, holdings, hostUrl, listFirstTicket, openPage, signIn, signInOnSharePage, useBrowser, walletToken } from './page-helpers';

const browser = useBrowser();
const server = useServer(() => ({ env: { LOCAL_PAYMENT_PROCESSING_MS: '10000' } }));
const PROCESSING = "Payment processing, we'll e-mail you";

/** Focuses an element and presses a key on it: the keyboard's way through the flow. */
async function press(page: Page, target: ReturnType<Page['locator']>, key = 'Enter') {
  await target.focus();
  await page.keyboard.press(key);
}

/** From the wallet's SWAP tab, General Admission to VIP started by keyboard, on to the checkout page with the debit chosen, paid. */
async function payUpgradeByDebit(page: Page, account: RegExp) {
  await page.goto(hostUrl(server.url, `/en/?PANEL_TAB=SWAP`));
  await press(
    page,
    page.locator('section[aria-labelledby="tw-swap-base-step"] .tw-event-tile', { hasText: 'General Admission' }).getByRole('button', { name: 'Choose General Admission' }),
  );
  await press(page, page.locator('section[aria-labelledby="tw-swap-target-step"]').getByRole('button', { name: 'Choose VIP' }));
  await press(page, page.locator('.tw-modal').getByRole('button', { name: 'Go to checkout' }));
  await page.waitForURL(/\/en\/harbour-lights-weekender-\d+\/checkout\/SW-[0-9A-F]+\?/);
  await press(page, page.getByRole('radio', { name: account }), 'Space');
  expect(await page.getByRole('radio', { name: account }).isChecked()).toBe(true);
  await press(page, page.getByRole('button', { name: /^Pay \$/ }));
  await page.getByText(PROCESSING).waitFor();
}

describe('a processing payment on the swap checkout', () => {
  it('says processing, keeps saying it after a reload, and the wallet shows the upgrade once the debit cleared', async () => {
    const { context, page } = await openPage(browser, { bypassCSP: true, viewport: { width: 1280, height: 900 } });
    try {
      await signIn(page, server.url, 'alex@example.com');
      await page.waitForFunction(() => localStorage.getItem('tw.accessToken') !== null);
      const before = await holdings(page, server.url);
      await payUpgradeByDebit(page, /000123456/);
      await page.screenshot({ path: 'screenshots/payments-processing-3-swap-processing.png', fullPage: true });
      await page.reload();
      await page.getByText(PROCESSING).waitFor();
      // Not the pay form again: its button says it is paying and is disabled.
      expect(await page.getByRole('button', { name: 'Paying…' }).isDisabled()).toBe(true);
      await page.screenshot({ path: 'screenshots/payments-processing-4-swap-reloaded.png', fullPage: true });
      // The debit clears: the page, still asking, takes alex back to the wallet's confirmation.
      await page.getByRole('heading', { name: 'You now hold VIP' }).waitFor({ timeout: 40_000 });
      const after = await holdings(page, server.url);
      expect(after.VIP).toBe((before.VIP ?? 0) + 1);
      expect(after['General Admission']).toBe((before['General Admission'] ?? 0) - 1);
    } finally {
      await context.close();
    }
  }, 150_000);

  it('a debit that fails releases the swap: the tickets come back and the failure e-mail is in the outbox', async () => {
    const { context, page } = await openPage(browser, { bypassCSP: true, viewport: { width: 1280, height: 900 } });
    try {
      await signIn(page, server.url, 'alex@example.com');
      await page.waitForFunction(() => localStorage.getItem('tw.accessToken') !== null);
      const before = await holdings(page, server.url);
      await payUpgradeByDebit(page, /111111113/);
      await page.getByText('The bank debit failed, so the swap was released and nothing was taken.', { exact: false }).waitFor({ timeout: 40_000 });
      await page.screenshot({ path: 'screenshots/payments-processing-5-swap-failed.png', fullPage: true });
      expect(await holdings(page, server.url)).toEqual(before);
      const outbox = (await (await fetch(`${server.url}/dev/outbox?to=alex@example.com`)).json()) as Array<{ subject: string }>;
      expect(outbox.map((message) => message.subject)).toContain('Your upgrade to VIP did not go through');
      // The swap can be started again: the General Admission is no longer reserved.
      const token = (await walletToken(page, server.url))!;
      const bases = (await api(server.url, 'GET', '/ticket_swap/tickets', token)).json as unknown as Array<{ name: string; quantity: number }>;
      expect(bases.find((base) => base.name === 'General Admission')?.quantity).toBe(before['General Admission']);
    } finally {
      await context.close();
    }
  }, 150_000);
});

describe('a processing payment on the share page', () => {
  async function buyByDebit(page: Page, link: string) {
    // The share page is the demo site's (ours): sam signs in through its own embedded wallet.
    await signInOnSharePage(page, server.url, link, 'sam@example.com');
    await page.goto(link);
    await page.getByRole('button', { name: 'Buy', exact: true }).waitFor();
    // The hint names Stripe's test numbers.
    await page.getByText("These are Stripe's test numbers").waitFor();
    await page.getByLabel('Test payment method').selectOption('pm_au_becs_debit_000123456');
  }

  it('shows processing, then bought once it settled, without a reload', async () => {
    const link = await listFirstTicket(server.url, 'alex@example.com');
    const { context, page } = await openPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      await buyByDebit(page, link);
      // A mark on this document: a reload or a navigation would lose it.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByRole('button', { name: 'Buy', exact: true }).click();
      await page.getByText(PROCESSING).waitFor();
      await page.screenshot({ path: 'screenshots/payments-processing-1-processing.png', fullPage: true });
      await page.getByText('Bought! The tickets are in your wallet now.').waitFor({ timeout: 30_000 });
      await page.screenshot({ path: 'screenshots/payments-processing-2-bought.png', fullPage: true });
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      // The server agrees: the listing sold.
      const code = link.split('/resale/')[1]!;
      expect((await api(server.url, 'GET', `/resell/listing/${code}`)).json.status).toBe('sold');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a reload while it processes still says processing, not the form, and then bought', async () => {
    const link = await listFirstTicket(server.url, 'alex@example.com');
    const { context, page } = await openPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      await buyByDebit(page, link);
      await page.getByRole('button', { name: 'Buy', exact: true }).click();
      await page.getByText(PROCESSING).waitFor();
      await page.reload();
      await page.getByText(PROCESSING).waitFor();
      expect(await page.getByRole('button', { name: 'Buy', exact: true }).isDisabled()).toBe(true);
      await page.getByText('Bought! The tickets are in your wallet now.').waitFor({ timeout: 30_000 });
      const code = link.split('/resale/')[1]!;
      expect((await api(server.url, 'GET', `/resell/listing/${code}`)).json.status).toBe('sold');
    } finally {
      await context.close();
    }
  }, 120_000);
});
