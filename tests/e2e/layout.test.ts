// Layout checks of issue 23 in Chromium against the real server, measured rather than looked at: at 320 px the header
// and the QR / My tickets tabs fit (nothing overflows, nothing is cut off, every tap target at least 24 px) in English
// and Spanish, and the Spanish ticket menu keeps "Revender entrada" on one line; a listing's Share and Unlist sit inside
// its card; "Gift more tickets" keeps to one line at 1280 px; a heading the script focuses on page load shows no focus
// ring, one focused after a key press does. Screenshots of the same screens: tests/e2e/layout-screenshots.ts.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { examples } from '../../src/contract/examples';
import { giftFirstTicket, giftWords, hostUrl, type Lang, signIn, useBrowser, withPage } from './page-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** Runs `measure` on the wallet's shadow root (passed as its argument) in the page. */
function inWallet<T, A>(page: Page, measure: (root: ShadowRoot, arg: A) => T, arg: A): Promise<T> {
  return page.evaluate(
    ({ source, arg }) => {
      const root = document.querySelector('ticket-wallet')!.shadowRoot!;
      return new Function('root', 'arg', `return (${source})(root, arg);`)(root, arg) as T;
    },
    { source: measure.toString(), arg },
  );
}

/** The lines each element's text takes (the line boxes of its text), by the element's selector. */
function textLines(page: Page, selector: string): Promise<Array<{ text: string; lines: number }>> {
  return inWallet(
    page,
    (root, selector: string) =>
      [...root.querySelectorAll(selector)].map((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        return { text: (element.textContent ?? '').trim(), lines: tops.size };
      }),
    selector,
  );
}

/** Runs `use` signed in as alex (the HUB closed again by the next page) at `width`; the page raises no error. */
async function asAlex(width: number, use: (page: Page) => Promise<void>): Promise<void> {
  await withPage(browser, { bypassCSP: true, viewport: { width, height: 760 } }, async ({ page, errors }) => {
    await signIn(page, baseUrl, 'alex@example.com');
    await page.locator('ticket-wallet .tw-hub').waitFor();
    await use(page);
    expect(errors).toEqual([]);
  });
}

/** Takes the focus off the panel's <h1> and gives it back by script, as the wallet does on a step change. */
const refocusHeading = (page: Page) =>
  inWallet(
    page,
    (root) => {
      const heading = root.querySelector<HTMLElement>('h1')!;
      heading.blur();
      heading.focus();
    },
    null,
  );

describe('at 320 px', () => {
  it('the header and the QR / My tickets tabs fit, in English and Spanish, and the Spanish ticket menu keeps its items on one line', async () => {
    await asAlex(320, async (page) => {
      for (const lang of ['en', 'es'] as Lang[]) {
        await page.goto(hostUrl(baseUrl, `/${lang}/?PANEL_TAB=QR`));
        await page.locator('ticket-wallet .tw-pass-nav').waitFor();
        await page.locator('ticket-wallet .tw-avatar-button .tw-avatar').waitFor();
        const fit = await inWallet(
          page,
          (root) => {
            // Wider than their box: none of these; taller than their box (cut off): the clamped name, a tab's label.
            const boxes = ['.tw-panel', '.tw-header__inner', '.tw-header__actions', '.tw-pass-nav', '.tw-pass-nav__item', '.tw-brand', '.tw-brand__name'];
            const clipping = ['.tw-pass-nav__item', '.tw-brand__name'];
            const overflowing = boxes.flatMap((selector) =>
              [...root.querySelectorAll<HTMLElement>(selector)]
                .filter((element) => element.scrollWidth > element.clientWidth || (clipping.includes(selector) && element.scrollHeight > element.clientHeight + 1))
                .map((element) => `${selector} ${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight}`),
            );
            const small = [...root.querySelectorAll<HTMLElement>('.tw-header button, .tw-header a, .tw-pass-nav button')]
              .map((element) => ({ name: element.getAttribute('aria-label') ?? element.textContent, box: element.getBoundingClientRect() }))
              .filter(({ box }) => box.width < 24 || box.height < 24 || box.left < 0 || box.right > innerWidth)
              .map(({ name, box }) => `${name}: ${box.width}×${box.height} at ${box.left}`);
            return { overflowing, small };
          },
          null,
        );
        expect(fit, lang).toEqual({ overflowing: [], small: [] });
        expect(await textLines(page, '.tw-pass-nav__item'), lang).toEqual([
          { text: lang === 'en' ? 'QR code' : 'Código QR', lines: 1 },
          { text: lang === 'en' ? 'My tickets' : 'Mis entradas', lines: 1 },
        ]);
      }
      await page.goto(hostUrl(baseUrl, `/es/?PANEL_TAB=MY_TICKET`));
      await page.locator('ticket-wallet .tw-ticket-card', { hasText: 'Weekender' }).first().click();
      await page.getByRole('button', { name: 'Más acciones' }).click();
      await page.locator('ticket-wallet .tw-menu__item').first().waitFor();
      const items = await textLines(page, '.tw-menu__item');
      expect(items.map((item) => item.text)).toContain('Revender entrada');
      expect(items.filter((item) => item.lines !== 1)).toEqual([]);
      const menu = await page.locator('ticket-wallet .tw-menu__list').boundingBox();
      expect(menu!.x).toBeGreaterThanOrEqual(0);
      expect(menu!.x + menu!.width).toBeLessThanOrEqual(320);
    });
  });
});

describe('a listing', () => {
  it('has its Share and Unlist inside its card, at 320 px and at 1280 px', async () => {
    await asAlex(320, async (page) => {
      // The overview as the API documents it (one ticket on sale), whatever alex has listed: the layout is the point.
      await page.route('**/v1/resell', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...examples.resellOverview!.response, sold: [] }) }));
      for (const width of [320, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=RESELL`));
        const entry = page.locator('ticket-wallet .tw-resell__entry').first();
        await entry.getByRole('button', { name: 'Unlist' }).waitFor();
        const card = (await entry.locator('.tw-event-tile').boundingBox())!;
        for (const name of ['Share', 'Unlist']) {
          const button = (await entry.getByRole('button', { name }).boundingBox())!;
          expect(button.x, `${name} at ${width}`).toBeGreaterThanOrEqual(card.x);
          expect(button.y, `${name} at ${width}`).toBeGreaterThanOrEqual(card.y);
          expect(button.x + button.width, `${name} at ${width}`).toBeLessThanOrEqual(card.x + card.width);
          expect(button.y + button.height, `${name} at ${width}`).toBeLessThanOrEqual(card.y + card.height);
        }
      }
    });
  });
});

describe('the gift success', () => {
  it('keeps "Gift more tickets" and its Spanish on one line at 1280 px', async () => {
    await asAlex(1280, async (page) => {
      // The gift itself is answered as the API documents it: alex keeps the ticket for the other tests.
      await page.route('**/v1/mobile/giftTicket', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(examples.giftTicket!.response) }));
      for (const lang of ['en', 'es'] as Lang[]) {
        await giftFirstTicket(page, baseUrl, lang, 'sam@example.com');
        const labels = await textLines(page, '.tw-gift__actions .tw-button');
        expect(labels.find((label) => label.text === giftWords[lang].more), lang).toEqual({ text: giftWords[lang].more, lines: 1 });
      }
    });
  });
});

describe('a heading the script focuses', () => {
  it('shows no focus ring after a page load, and shows one once a key was pressed', async () => {
    await asAlex(390, async (page) => {
      await page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=MY_TICKET`));
      const ring = () =>
        inWallet(
          page,
          (root) => {
            const active = root.activeElement as HTMLElement | null;
            return { tag: active?.tagName.toLowerCase() ?? '', outline: active ? getComputedStyle(active).outlineStyle : '' };
          },
          null,
        );
      await expect.poll(async () => (await ring()).tag).toBe('h1');
      expect(await ring()).toEqual({ tag: 'h1', outline: 'none' });
      await page.keyboard.press('Shift');
      await refocusHeading(page);
      expect(await ring()).toEqual({ tag: 'h1', outline: 'solid' });
      // A pointer press takes it away again: the next heading the script focuses shows none.
      await page.locator('ticket-wallet h1').click();
      await refocusHeading(page);
      expect(await ring()).toEqual({ tag: 'h1', outline: 'none' });
    });
  });
});
