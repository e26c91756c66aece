// The demo ticket site in headless Chromium against the real server: the home page with the events, an event page,
// the help centre and the not-found page, in English and Spanish (lang attribute), reached by keyboard alone; a page
// in a language the site does not have (/fr/…) is a real page; the pages follow the wallet's theme setting (stored,
// and changed in the wallet on the page); a broken organisation logo falls back to the initials, on the site and in
// the wallet. axe-core finds nothing on any page, light and dark.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, useBrowser, withPage } from './page-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const pageTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** What has the keyboard focus: its text, or its accessible name. */
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement?.textContent ?? '').trim());

/** Presses Tab until the focused element's text is `text` (at most `limit` times); fails if it never gets there. */
async function tabTo(page: Page, text: string, limit = 25): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedText(page)) === text) return;
  }
  throw new Error(`Tab never reached "${text}"`);
}

describe('pages and languages', () => {
  it.each(['light', 'dark'] as const)('shows the upcoming events on the English home page (%s), with nothing for axe', async (colorScheme) => {
    await withPage(browser, { bypassCSP: true, colorScheme }, async ({ page, errors }) => {
      const response = await page.goto(`${baseUrl}/en/`);
      expect(response?.status()).toBe(200);
      expect(await htmlLang(page)).toBe('en');
      await page.getByRole('heading', { level: 1, name: 'Upcoming events' }).waitFor();
      await page.getByRole('link', { name: 'Harbour Lights Weekender' }).waitFor();
      expect(await pageTheme(page)).toBe(colorScheme);
      // The wallet is mounted from the site's own embed tag, with the organisation's name.
      await page.locator('ticket-wallet').waitFor({ state: 'attached' });
      expect(await page.locator('script[src="/embed.js"]').getAttribute('data-org-name')).toBe('Harbour Lights Festival');
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it('loads the first event card\'s image at once and first (the largest paint), the others when scrolled near', async () => {
    await withPage(browser, {}, async ({ page }) => {
      await page.goto(`${baseUrl}/en/`);
      const images = await page.locator('.site-events:not(.site-events--past) .site-event__image').evaluateAll((all) =>
        all.map((image) => ({ loading: image.getAttribute('loading'), priority: image.getAttribute('fetchpriority') })),
      );
      expect(images.length).toBeGreaterThan(1);
      expect(images[0]).toEqual({ loading: null, priority: 'high' });
      for (const image of images.slice(1)) expect(image).toEqual({ loading: 'lazy', priority: null });
    });
  });

  it('is Spanish on /es/, with lang="es", and the language switch leads to the same page in English', async () => {
    await withPage(browser, { bypassCSP: true }, async ({ page, errors }) => {
      await page.goto(`${baseUrl}/es/help`);
      expect(await htmlLang(page)).toBe('es');
      await page.getByRole('heading', { level: 1, name: 'Centro de ayuda' }).waitFor();
      expect(await page.getByRole('link', { name: 'Eventos' }).isVisible()).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'English' }).click();
      await page.getByRole('heading', { level: 1, name: 'Help centre' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/en/help');
      expect(await htmlLang(page)).toBe('en');
      expect(errors).toEqual([]);
    });
  });

  it('answers /fr/… with a real page in English that says so and offers en and es, not raw JSON', async () => {
    await withPage(browser, { bypassCSP: true }, async ({ page, errors }) => {
      const response = await page.goto(`${baseUrl}/fr/help`);
      expect(response?.status()).toBe(404);
      expect(response?.headers()['content-type']).toContain('text/html');
      expect(await htmlLang(page)).toBe('en');
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await page.getByText('“fr” is not one of its languages', { exact: false }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole('main').getByRole('link', { name: 'Español' }).click();
      await page.getByRole('heading', { level: 1, name: 'Centro de ayuda' }).waitFor();
      expect(errors).toEqual([]);
    });
  });
});

describe('keyboard only', () => {
  it('skips to the content, opens an event from the home page, and shows its tickets and prices', async () => {
    await withPage(browser, { bypassCSP: true }, async ({ page, errors }) => {
      await page.goto(`${baseUrl}/en/`);
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('Skip to content');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');
      await tabTo(page, 'Harbour Lights Weekender');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Harbour Lights Weekender' }).waitFor();
      const tickets = page.getByRole('region', { name: 'Tickets' });
      await tickets.getByRole('heading', { name: 'VIP' }).waitFor();
      expect(await tickets.getByText('$289.00').isVisible()).toBe(true);
      expect(await tickets.getByText('Sold out.').count()).toBeGreaterThan(0);
      // The organiser's description keeps its paragraphs and list items apart (issue 22).
      const description = tickets.locator('.site-ticket', { has: page.getByRole('heading', { name: 'General Admission', exact: true }) }).locator('.site-ticket__description');
      expect(await description.locator('p').allTextContents()).toEqual([
        'Two-day access to the festival grounds, both stages and the food village.',
        'Gates open at 11 am on both days; the last set ends at 11 pm.',
      ]);
      expect(await description.getByRole('listitem').allTextContents()).toEqual([
        'Lawn area, standing and picnic rugs',
        'Re-entry allowed with your entry QR code',
        '18+ after 8 pm',
      ]);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it('reaches the help centre from the navigation, and its button opens the wallet', async () => {
    await withPage(browser, { bypassCSP: true }, async ({ page, errors }) => {
      await page.goto(`${baseUrl}/en/`);
      await tabTo(page, 'Help');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Help centre' }).waitFor();
      for (const topic of ['Sign in', 'Entry QR code', 'Gift a ticket', 'Swap a ticket', 'Resell a ticket', 'Redeem a ticket']) {
        await page.getByRole('heading', { level: 2, name: topic, exact: true }).waitFor();
      }
      expect(await page.getByRole('link', { name: 'Help' }).getAttribute('aria-current')).toBe('page');
      expect(await accessibilityViolations(page)).toEqual([]);
      await tabTo(page, 'Open my wallet', 40);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
      expect(errors).toEqual([]);
    });
  });
});

describe('theme', () => {
  it('starts in the theme the wallet stored, whatever the system prefers', async () => {
    await withPage(browser, { bypassCSP: true, colorScheme: 'light' }, async ({ page, context }) => {
      await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
      await page.goto(`${baseUrl}/en/events/weekender-melbourne`);
      expect(await pageTheme(page)).toBe('dark');
      expect(await background(page)).toBe('rgb(17, 19, 24)');
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  });

  it('follows a theme chosen in the wallet on the page, at once', async () => {
    await withPage(browser, { bypassCSP: true, colorScheme: 'light' }, async ({ page, errors }) => {
      await page.goto(`${baseUrl}/en/?PANEL_TAB=LOGIN`);
      await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
      expect(await pageTheme(page)).toBe('light');
      await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).click();
      await expect.poll(() => pageTheme(page)).toBe('dark');
      expect(await background(page)).toBe('rgb(17, 19, 24)');
      await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Light' }).click();
      await expect.poll(() => pageTheme(page)).toBe('light');
      expect(errors).toEqual([]);
    });
  });
});

describe('a broken organisation logo', () => {
  it('gives way to the initials, in the site header and in the wallet', async () => {
    await withPage(browser, { bypassCSP: true }, async ({ page, errors }) => {
      await page.route('**/harbour-lights-logo.svg', (route) => route.fulfill({ status: 404, body: 'gone' }));
      await page.goto(`${baseUrl}/en/?PANEL_TAB=LOGIN`);
      await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
      const siteMark = page.locator('.site-brand__mark');
      await expect.poll(() => siteMark.locator('img').count()).toBe(0);
      expect(await siteMark.innerText()).toBe('HL');
      const walletMark = page.locator('ticket-wallet .tw-brand [data-initials]');
      await walletMark.waitFor();
      expect(await walletMark.innerText()).toBe('HL');
      expect(await page.locator('ticket-wallet .tw-brand img').count()).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
