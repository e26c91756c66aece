// Where the focus goes after a declined card, in headless Chromium against a real server of its own, the wallet on
// the host site of a second origin (tests/e2e/host-site.ts). The Pay / Buy button that had the focus is disabled
// while the payment is asked for, so without care the focus would drop to <body>: on the swap checkout it lands on
// the card chosen (described by the alert), on the resale share page on the card field (described by the message).
// Screenshots go to screenshots/declined-focus-e2e-*.png.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostUrl, listFirstTicket, openPage, signIn, signInOnSharePage, useBrowser, type OpenPage } from './page-helpers';
import { useServer } from './server';

const browser = useBrowser();
const server = useServer();

/** The focused element of the page's document: its tag, name or value, label, and what describes it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    const describedBy = active?.getAttribute('aria-describedby');
    return {
      tag: active?.tagName.toLowerCase() ?? null,
      name: active?.getAttribute('name') ?? null,
      value: active?.value ?? null,
      checked: active?.checked ?? null,
      description: describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null,
    };
  });

describe('focus after a declined card', () => {
  let alex: OpenPage;
  beforeAll(async () => {
    alex = await openPage(browser, { bypassCSP: true, viewport: { width: 1280, height: 900 } });
    await signIn(alex.page, server.url, 'alex@example.com');
    await alex.page.getByRole('dialog', { name: 'Welcome' }).waitFor();
  });
  afterAll(() => alex?.context.close());

  it('on the swap checkout, from the host site: the declined card keeps the focus, described by the alert', async () => {
    const { page } = alex;
    await page.goto(hostUrl(server.url, '/en/?PANEL_TAB=SWAP'));
    await page
      .locator('section[aria-labelledby="tw-swap-base-step"] .tw-event-tile', { hasText: 'General Admission' })
      .getByRole('button', { name: 'Choose General Admission' })
      .click();
    await page.locator('section[aria-labelledby="tw-swap-target-step"]').getByRole('button', { name: 'Choose VIP' }).click();
    await page.locator('.tw-modal').getByRole('button', { name: 'Go to checkout' }).click();
    await page.waitForURL(/\/checkout\/SW-/);
    await page.getByLabel(/declined/i).check();
    const pay = page.getByRole('button', { name: /^Pay \$140\.00$/ });
    await pay.focus();
    await pay.press('Enter');
    await page.getByRole('alert').filter({ hasText: /declined/i }).waitFor();
    const active = await focused(page);
    expect(active).toMatchObject({ tag: 'input', name: 'paymentMethod', value: 'pm_card_chargeDeclined', checked: true });
    expect(active.description).toMatch(/declined/i);
    await page.screenshot({ path: 'screenshots/declined-focus-e2e-checkout-1280-light-en.png' });
    // Another card is one arrow key away, and paying with it works from there.
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toMatchObject({ value: 'pm_card_visa', checked: true });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('PANEL_TAB') === 'SWAP' && /^SW-/.test(url.searchParams.get('SWAP_ORDER') ?? ''));
  });

  it('on the resale share page, in Spanish: the card field has the focus, described by the message', async () => {
    const link = await listFirstTicket(server.url, 'alex@example.com');
    const sam = await openPage(browser, { bypassCSP: true, viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
    try {
      const { page } = sam;
      await signInOnSharePage(page, server.url, link, 'sam@example.com');
      await page.goto(`${link}${link.includes('?') ? '&' : '?'}lang=es`);
      const card = page.locator('select[name="paymentMethod"]');
      await card.waitFor();
      await card.selectOption('pm_card_chargeDeclined');
      const buy = page.locator('#share-buy button[type="submit"]');
      await buy.focus();
      await buy.press('Enter');
      await page.locator('#share-message.share__message--error').waitFor();
      const active = await focused(page);
      expect(active).toMatchObject({ tag: 'select', name: 'paymentMethod', value: 'pm_card_chargeDeclined' });
      expect(active.description).toBe(await page.locator('#share-message').textContent());
      expect(active.description).toMatch(/rechaz/i);
      await page.screenshot({ path: 'screenshots/declined-focus-e2e-share-375-dark-es.png', fullPage: true });
    } finally {
      await sam.context.close();
    }
  });
});
