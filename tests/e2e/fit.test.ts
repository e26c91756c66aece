// Every page at 320, 375 and 1280 px, in English and Spanish, in Chromium against a server of its own (it lists one of
// alex's tickets and starts a swap, which the other files must not see): the site's pages, the swap checkout, the
// resale share page and every wallet panel never scroll sideways (the document is no wider than the window), and on
// the pages the wallet's launcher is shown on, its box covers no button, link or field, at the top of the page, at
// the bottom and at every window's height between. The server runs the demo's signed-in site user (DEMO_SITE_SIGN_IN),
// so every site page's header, the share page's and the checkout's included, carries its sign-in control too: it is
// there, inside the window, and overlaps none of the page's controls.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSignInControl, hostUrl, type Lang, listFirstTicket, type OpenPage, openPage, signIn, signInOnSharePage, useBrowser, walletToken, withPage } from './page-helpers';
import { useServer } from './server';

const server = useServer(() => ({ env: { DEMO_SITE_SIGN_IN: 'true' } }));
const browser = useBrowser();

const widths = [320, 375, 1280] as const;
const langs: Lang[] = ['en', 'es'];

/** How far the document is wider than the window, and what sticks out past its right edge (for the message). */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const width = innerWidth;
    const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    // The open wallet scrolls inside its panel: the panel is no wider inside than its box.
    const panel = document.querySelector('ticket-wallet')?.shadowRoot?.querySelector<HTMLElement>('.tw-panel');
    const walletScroll = panel ? Math.max(0, panel.scrollWidth - panel.clientWidth) : 0;
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} right=${Math.round(element.getBoundingClientRect().right)}`);
    return { over: Math.max(0, scrollWidth - width), culprits, walletScroll };
  });

/**
 * The controls the launcher covers, at every scroll position a window's height apart down to the bottom of the page:
 * the launcher's box against each visible button, link, field and select of the page.
 */
const coveredByLauncher = (page: Page) =>
  page.evaluate(async () => {
    const launcher = document.querySelector('ticket-wallet')?.shadowRoot?.querySelector('.tw-launcher');
    if (!launcher) return ['no launcher'];
    const covered = new Set<string>();
    const bottom = document.documentElement.scrollHeight - innerHeight;
    for (let y = 0; ; y = Math.min(bottom, y + innerHeight / 2)) {
      scrollTo(0, y);
      await new Promise(requestAnimationFrame);
      const box = launcher.getBoundingClientRect();
      for (const control of document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="button"], [tabindex="0"]')) {
        const rect = control.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0 || control.closest('[hidden]')) continue;
        const overlaps = rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top;
        if (overlaps) covered.add(`${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 40)}" at y=${y}`);
      }
      if (y >= bottom) break;
    }
    scrollTo(0, 0);
    return [...covered];
  });

/** Loads `url` at each width and checks it never scrolls sideways, and (`launcher`) that the launcher covers nothing. */
async function checkPage(page: Page, url: string, { launcher, ready }: { launcher: boolean; ready: (page: Page) => Promise<unknown> }) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 720 });
    await page.goto(url);
    await ready(page);
    const fit = await sideways(page);
    expect(fit, `${url} at ${width}px`).toMatchObject({ over: 0, walletScroll: 0 });
    if (launcher) {
      await page.locator('ticket-wallet .tw-launcher').waitFor();
      expect(await coveredByLauncher(page), `${url} at ${width}px`).toEqual([]);
      // A site page (the launcher is in its header): the demo's sign-in control is there too, covering nothing.
      expect(await demoSignInControl(page), `${url} at ${width}px`).toEqual({ present: true, problems: [] });
    }
  }
}

const launcherShown = (page: Page) => page.locator('ticket-wallet .tw-launcher').waitFor();
/** The open wallet's panel with its heading. */
const panelShown = (page: Page) => page.locator('ticket-wallet .tw-panel h1').first().waitFor();

describe('no page scrolls sideways, and the launcher covers no control', () => {
  it('the site pages: events, an event, the help centre, a page not found', async () => {
    await withPage(browser, { bypassCSP: true }, async ({ page, errors }) => {
      await page.goto(`${server.url}/en/`);
      const eventPath = new URL((await page.locator('.site-event__name a').first().getAttribute('href'))!, server.url).pathname;
      for (const lang of langs) {
        for (const path of [`/${lang}/`, eventPath.replace(/^\/en\//, `/${lang}/`), `/${lang}/help`, `/${lang}/no-such-page`]) {
          await checkPage(page, `${server.url}${path}`, { launcher: true, ready: launcherShown });
        }
      }
      expect(errors).toEqual([]);
    });
  });

  it('the resale share page, signed out and signed in (the price column and the payment choice in view)', async () => {
    const link = await listFirstTicket(server.url, 'alex@example.com');
    await withPage(browser, { bypassCSP: true }, async ({ page }) => {
      const check = async (ready: string) => {
        for (const lang of langs) {
          await checkPage(page, `${link}?lang=${lang}`, { launcher: true, ready: (page) => page.locator(ready).waitFor() });
          // Every line of the price column is inside the window.
          for (const width of widths) {
            await page.setViewportSize({ width, height: 720 });
            const right = await page.locator('.share__facts dd, .share__buy select, .share__buy button').evaluateAll((cells) => Math.max(...cells.map((cell) => cell.getBoundingClientRect().right)));
            expect(right, `${lang} at ${width}px`).toBeLessThanOrEqual(width);
          }
        }
      };
      await check('#share-sign-in:not([hidden])');
      await signInOnSharePage(page, server.url, link, 'jordan@example.com');
      await check('#share-buy:not([hidden])');
    });
  });

  it('the swap checkout', async () => {
    await withPage(browser, { bypassCSP: true, viewport: { width: 1280, height: 900 } }, async ({ page }) => {
      await signIn(page, server.url, 'alex@example.com');
      await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
      await page.goto(hostUrl(server.url, '/en/?PANEL_TAB=SWAP'));
      await page.locator('section[aria-labelledby="tw-swap-base-step"] .tw-event-tile', { hasText: 'General Admission' }).getByRole('button', { name: 'Choose General Admission' }).click();
      await page.locator('section[aria-labelledby="tw-swap-target-step"]').getByRole('button', { name: 'Choose VIP' }).click();
      await page.locator('.tw-modal').getByRole('button', { name: 'Go to checkout' }).click();
      await page.waitForURL(/\/checkout\//);
      await page.getByRole('button', { name: /^Pay/ }).waitFor();
      const checkout = new URL(page.url());
      checkout.hash = '';
      for (const lang of langs) {
        const url = checkout.href.replace(/^(https?:\/\/[^/]+\/)en\//, `$1${lang}/`);
        await checkPage(page, url, { launcher: true, ready: (page) => page.locator('.checkout__actions .checkout__button').first().waitFor() });
      }
    });
  });

  it.each(langs)('every sign-in panel, signed out (%s)', async (lang) => {
    await withPage(browser, { bypassCSP: true }, async ({ page, errors }) => {
      await checkPage(page, hostUrl(server.url, `/${lang}/?PANEL_TAB=LOGIN`), { launcher: false, ready: panelShown });
      expect(errors).toEqual([]);
    });
  });

  describe('every wallet panel, signed in', () => {
    let opened: OpenPage;
    let userTicketId = 0;
    beforeAll(async () => {
      opened = await openPage(browser, { bypassCSP: true });
      await signIn(opened.page, server.url, 'alex@example.com');
      await opened.page.getByRole('dialog', { name: 'Welcome' }).waitFor();
      const token = await walletToken(opened.page, server.url);
      const [ticket] = (await (await fetch(`${server.url}/v1/list/ticket_listing?status=UPCOMING`, { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{ userTicketId: number }>;
      userTicketId = ticket!.userTicketId;
    });
    afterAll(() => opened?.context.close());

    it.each([
      'PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB',
      'PANEL_TAB=QR',
      'PANEL_TAB=MY_TICKET',
      'PANEL_TAB=MY_TICKET&TICKETS_TAB=PAST',
      'PANEL_TAB=TICKET&USER_TICKET_ID={id}',
      'PANEL_TAB=GIFT',
      'PANEL_TAB=SWAP',
      'PANEL_TAB=RESELL',
      'PANEL_TAB=REDEEM',
      'PANEL_TAB=SETTINGS',
      'PANEL_TAB=SETTINGS&SETTINGS_TAB=ACCOUNT_VERIFICATION',
    ])('%s, in English and Spanish', async (query) => {
      for (const lang of langs) {
        await checkPage(opened.page, hostUrl(server.url, `/${lang}/?${query.replace('{id}', String(userTicketId))}`), { launcher: false, ready: panelShown });
      }
      expect(opened.errors).toEqual([]);
    });
  });
});
