// e2e: the entry QR pass in headless Chromium against the real server: a signed-in attendee sees a real PNG (under
// the server's own CSP), it rotates after the ttl, the learn-more panel works with the keyboard, and both screens
// pass axe in light and dark.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, hostUrl, openPage, signIn, useBrowser, withPage } from './page-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const qrImage = (page: Page) => page.getByRole('img', { name: 'Your personal entry QR code' });

/** The decoded size of the QR image once it has loaded (0 while broken or loading). */
const naturalSize = (page: Page) =>
  qrImage(page).evaluate((image: HTMLImageElement) => (image.complete ? [image.naturalWidth, image.naturalHeight] : [0, 0]));

describe('the entry QR pass', () => {
  let context: BrowserContext, page: Page, errors: string[];

  beforeAll(async () => {
    ({ context, page, errors } = await openPage(browser));
    await signIn(page, baseUrl, 'alex@example.com');
    await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
  });

  afterAll(() => context?.close());

  it('shows alex a real QR PNG on /en/?PANEL_TAB=QR', async () => {
    await page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=QR`));
    await page.getByRole('heading', { name: 'My QR code' }).waitFor();
    await qrImage(page).waitFor();
    expect(await qrImage(page).getAttribute('src')).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    await expect.poll(() => naturalSize(page)).not.toEqual([0, 0]);
    const [width, height] = await naturalSize(page);
    expect(width).toBeGreaterThan(0);
    expect(width).toBe(height);
    expect(await qrImage(page).evaluate((image) => getComputedStyle(image).imageRendering)).toBe('pixelated');
    await page.getByText(/Updates automatically every \d+ seconds/).waitFor();
    expect(errors).toEqual([]);
  });

  it('replaces the image with the next one after the ttl', async () => {
    const { ttl } = (await (await fetch(`${baseUrl}/v1/settings/qr`)).json()) as { ttl: number };
    const first = await qrImage(page).getAttribute('src');
    await expect.poll(() => qrImage(page).getAttribute('src'), { timeout: ttl + 10_000, interval: 500 }).not.toBe(first);
    await expect.poll(() => naturalSize(page)).not.toEqual([0, 0]);
  });

  it('opens learn-more with the keyboard and closes it with Escape, focus back on the link', async () => {
    const learnMore = page.getByRole('button', { name: 'How does it work?' });
    await learnMore.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'One code for your whole event' });
    await panel.waitFor();
    for (const benefit of ['Secure entry', 'Gift tickets', 'Ticket add-ons']) {
      await panel.getByRole('heading', { name: benefit }).waitFor();
    }
    expect(await panel.getByRole('link', { name: /Visit the help centre/ }).getAttribute('href')).toBe(`${baseUrl}/en/help`);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await learnMore.evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement)).toBe(true);
  });
});

describe('QR accessibility', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the QR screen and learn-more pass axe (${colorScheme})`, async () => {
      // bypassCSP only lets the test inject axe-core.
      await withPage(browser, { bypassCSP: true, colorScheme }, async ({ page }) => {
        await signIn(page, baseUrl, 'alex@example.com');
        await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
        await page.getByRole('button', { name: 'Close the menu' }).click();
        await page.getByRole('dialog', { name: 'Welcome' }).waitFor({ state: 'detached' });
        await qrImage(page).waitFor();
        // The quiet zone stays white in the dark theme too.
        expect(await page.locator('.tw-qr__frame').evaluate((frame) => getComputedStyle(frame).backgroundColor)).toBe('rgb(255, 255, 255)');
        expect(await accessibilityViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'How does it work?' }).click();
        await page.getByRole('dialog', { name: 'One code for your whole event' }).waitFor();
        expect(await accessibilityViolations(page)).toEqual([]);
      });
    });
  }
});
