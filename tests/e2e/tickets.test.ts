// My tickets in headless Chromium against the real server and its demo data: alex signs in, opens My tickets from
// the HUB, sees the upcoming cards with the live one, the past ticket, opens a Weekender ticket, opens its digital
// benefit, unlocks it and sees the code; axe-core finds nothing on the way.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, hostUrl, openPage, signIn, ticketsShown, useBrowser, withPage } from './page-helpers';
import { hostOriginOf } from './host-site';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('my tickets', () => {
  let context: BrowserContext, page: Page, errors: string[];
  // bypassCSP only lets the test inject axe-core.
  beforeAll(async () => void ({ context, page, errors } = await openPage(browser, { bypassCSP: true })));
  afterAll(() => context?.close());

  const wallet = () => page.locator('ticket-wallet');
  const cards = () => wallet().locator('.tw-ticket-card:not(.tw-ticket-card--skeleton)');

  it('alex opens My tickets from the HUB and sees the upcoming tickets, the live one first', async () => {
    await signIn(page, baseUrl, 'alex@example.com');
    const hub = page.getByRole('dialog', { name: 'Welcome' });
    await hub.waitFor();
    await hub.getByRole('button', { name: /^My tickets/ }).click();
    await page.getByRole('heading', { name: 'My tickets' }).waitFor();
    await cards().first().waitFor();
    expect(new URL(page.url()).searchParams.get('PANEL_TAB')).toBe('MY_TICKET');
    expect(await ticketsShown(cards())).toBe(4);
    // Two identical General Admission tickets share one card.
    expect(await cards().count()).toBe(3);
    expect(await cards().filter({ hasText: '×2' }).count()).toBe(1);
    const live = cards().first();
    expect(await live.textContent()).toContain('Night Market Entry');
    expect(await live.getByText('Live now').isVisible()).toBe(true);
    expect(await ticketsShown(cards().filter({ hasText: 'Harbour Lights Weekender' }))).toBe(3);
    expect(await cards().nth(1).textContent()).toMatch(/In \d+ days/);
    expect(await page.title()).toBe('My tickets · Harbour Lights Festival');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('shows the past ticket with its used benefit in the Past tab', async () => {
    await page.getByRole('tab', { name: 'Past' }).click();
    await cards().filter({ hasText: 'Southern Lights Sessions' }).waitFor();
    expect(await cards().count()).toBe(1);
    const text = await cards().first().textContent();
    expect(text).toMatch(/\d+ days ago/);
    expect(text).toContain('1/2 benefits used');
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    await cards().first().waitFor();
  });

  it('opens a Weekender ticket with its actions, description and benefits', async () => {
    await cards().filter({ hasText: 'VIP' }).click();
    await page.getByRole('heading', { level: 1, name: 'VIP' }).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('PANEL_TAB')).toBe('TICKET');
    expect(url.searchParams.get('USER_TICKET_ID')).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await page.getByRole('button', { name: 'Gift ticket' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'More actions' }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Swap ticket', 'Resell ticket']);
    await page.keyboard.press('Escape');
    expect(await page.getByText('Not used yet').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Read more' }).click();
    await page.getByRole('button', { name: 'Read less' }).waitFor();
    expect(await page.getByRole('button', { name: /Festival app 20% merch discount/ }).isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('opens the digital benefit, unlocks it and shows the code', async () => {
    await page.getByRole('button', { name: /Festival app 20% merch discount/ }).click();
    const modal = page.getByRole('dialog', { name: 'Festival app 20% merch discount' });
    await modal.waitFor();
    expect(await modal.getByText(/^Valid until \d{2}\.\d{2}\.\d{4}$/).isVisible()).toBe(true);
    expect(await modal.getByText('Unused').isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: 'Unlock benefits' }).click();
    const code = modal.getByRole('button', { name: /^Copy code / });
    await code.waitFor();
    expect(await code.textContent()).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(await modal.getByRole('button', { name: 'Unlock benefits' }).count()).toBe(0);
    // The wallet runs in the host site's document: the clipboard is that origin's.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: hostOriginOf(baseUrl) });
    await code.click();
    await page.getByText('Code copied to the clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.textContent());
  });

  it('keeps the code after a reload of the ticket', async () => {
    const before = await page.getByRole('button', { name: /^Copy code / }).textContent();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'VIP' }).waitFor();
    await page.getByRole('button', { name: /Festival app 20% merch discount/ }).click();
    const code = page.getByRole('dialog', { name: 'Festival app 20% merch discount' }).getByRole('button', { name: /^Copy code / });
    expect(await code.textContent()).toBe(before);
    expect(errors).toEqual([]);
  });
});

describe('my tickets in the dark theme, in Spanish', () => {
  it('has no accessibility violations on the list, a ticket and a benefit', async () => {
    await withPage(browser, { bypassCSP: true, colorScheme: 'dark', viewport: { width: 375, height: 812 } }, async ({ page, errors }) => {
      await signIn(page, baseUrl, 'alex@example.com', 'es');
      await page.getByRole('dialog', { name: 'Te damos la bienvenida' }).waitFor();
      await page.goto(hostUrl(baseUrl, `/es/?PANEL_TAB=MY_TICKET`));
      await page.getByRole('tab', { name: 'Próximas' }).waitFor();
      const cards = page.locator('ticket-wallet .tw-ticket-card:not(.tw-ticket-card--skeleton)');
      await cards.first().waitFor();
      expect(await cards.first().getByText('En directo').isVisible()).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);
      await cards.filter({ hasText: 'General Admission' }).first().click();
      await page.getByRole('button', { name: 'Regalar entrada' }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: /Free drink/ }).click();
      await page.locator('ticket-wallet .tw-modal').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
