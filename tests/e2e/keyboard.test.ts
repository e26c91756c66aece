// The wallet with the keyboard alone, in Chromium against the real server: open it from the launcher, sign in, move
// between the QR and the tickets, open and close the HUB, close the wallet. After every key the focus is inside the
// open dialog (never on the host page behind) and visibly marked; axe, with the wallet laid out in full, finds
// nothing on each screen, in light and in dark.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { latestCode } from './server';
import { accessibilityViolations, hostUrl, useBrowser, withPage } from './page-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

interface Focused {
  /** Inside the wallet's shadow root (or on the host page). */
  inWallet: boolean;
  /** The name of the innermost dialog around it ('' for none). */
  dialog: string;
  tag: string;
  text: string;
  /** The focus ring shows: an outline or a box-shadow drawn for :focus-visible. */
  visible: boolean;
}

/** The element that has the focus, looking into the wallet's shadow root. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    let inWallet = false;
    while (active?.shadowRoot?.activeElement) {
      inWallet = inWallet || active.tagName.toLowerCase() === 'ticket-wallet';
      active = active.shadowRoot.activeElement;
    }
    const element = active as HTMLElement | null;
    const style = element ? getComputedStyle(element) : null;
    const dialog = element?.closest('[role="dialog"], [role="alertdialog"]');
    return {
      inWallet,
      dialog:
        dialog?.getAttribute('aria-label') ??
        (dialog?.getAttribute('aria-labelledby')
          ? ((dialog.getRootNode() as Document | ShadowRoot).getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent ?? '')
          : ''),
      tag: element?.tagName.toLowerCase() ?? '',
      text: (element?.getAttribute('aria-label') || element?.textContent || '').trim().slice(0, 60),
      visible: Boolean(style && ((style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none')),
    };
  });
}

/** What the test is doing, for the failure messages. */
let stage = '';

/** Presses `key` and checks the focus stayed in the wallet's dialog, visibly. */
async function press(page: Page, key: string): Promise<Focused> {
  await page.keyboard.press(key);
  await page.waitForTimeout(60);
  const now = await focused(page);
  expect(now.inWallet, `${stage}: ${key} left the wallet: ${JSON.stringify(now)}`).toBe(true);
  expect(now.dialog, `${stage}: ${key}: focus outside a dialog`).not.toBe('');
  if (now.tag !== 'h1') expect(now.visible, `${stage}: ${key}: no visible focus on ${JSON.stringify(now)}`).toBe(true);
  return now;
}

/** Tabs (forwards) until the focused element's text matches, at most `limit` times, every step checked. */
async function tabTo(page: Page, text: RegExp, limit = 25, key = 'Tab'): Promise<Focused> {
  for (let step = 0; step < limit; step += 1) {
    const now = await press(page, key);
    if (text.test(now.text)) return now;
  }
  throw new Error(`${key} never reached ${text}`);
}

describe('the wallet with the keyboard alone', () => {
  it('opens from the launcher, signs in, moves between the passes, opens and closes the HUB and closes, focus always inside', async () => {
    await withPage(browser, { bypassCSP: true, viewport: { width: 390, height: 740 } }, async ({ page, errors }) => {
      await page.goto(hostUrl(baseUrl, '/en/'));
      // Tab through the host site's page to the launcher, then Enter.
      let onLauncher = false;
      for (let step = 0; step < 20 && !onLauncher; step += 1) {
        await page.keyboard.press('Tab');
        const now = await focused(page);
        onLauncher = now.inWallet && /My tickets/.test(now.text);
      }
      expect(onLauncher).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByLabel('E-mail').waitFor();
      await expect.poll(async () => (await focused(page)).tag, { timeout: 5000 }).toBe('input');
      expect(await focused(page)).toMatchObject({ inWallet: true, dialog: 'Harbour Lights Festival' });
      expect(await accessibilityViolations(page)).toEqual([]);

      stage = 'round';
      // Tab all the way round and back: it wraps inside the dialog, never reaching the host page.
      for (let step = 0; step < 14; step += 1) await press(page, 'Tab');
      for (let step = 0; step < 14; step += 1) await press(page, 'Shift+Tab');
      expect((await focused(page)).tag).toBe('input');

      stage = 'sign in';
      // Sign in with the keyboard: e-mail, Enter, the mailed code typed digit by digit.
      const requestedAt = Date.now() - 1000;
      await page.keyboard.type('alex@example.com');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      expect(await focused(page)).toMatchObject({ inWallet: true, tag: 'input' });
      const code = await latestCode(baseUrl, 'alex@example.com', requestedAt);
      await page.keyboard.type(code);
      await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
      await expect.poll(async () => (await focused(page)).dialog).toBe('Welcome');
      expect(await accessibilityViolations(page)).toEqual([]);

      stage = 'hub';
      // The HUB keeps Tab inside itself; Escape closes it and the focus goes to the panel's heading.
      for (let step = 0; step < 15; step += 1) expect((await press(page, 'Tab')).dialog).toBe('Welcome');
      await press(page, 'Escape');
      await page.getByRole('dialog', { name: 'Welcome' }).waitFor({ state: 'detached' });
      await expect.poll(async () => (await focused(page)).tag).toBe('h1');
      expect((await focused(page)).text).toBe('My QR code');

      stage = 'passes';
      // To My tickets with the pass switch: the focus stays on the switch.
      await tabTo(page, /^My tickets$/);
      await press(page, 'Enter');
      await page.getByRole('heading', { level: 1, name: 'My tickets' }).waitFor();
      expect((await focused(page)).text).toBe('My tickets');
      expect(await accessibilityViolations(page)).toEqual([]);
      await press(page, 'Shift+Tab');
      expect((await press(page, 'Enter')).text).toBe('QR code');
      await page.getByRole('heading', { level: 1, name: 'My QR code' }).waitFor();

      stage = 'avatar';
      // The avatar opens the HUB; a tile opens a panel and the focus lands on its heading.
      await tabTo(page, /open your account menu/, 25, 'Shift+Tab');
      await press(page, 'Enter');
      await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
      await tabTo(page, /^Settings/);
      await press(page, 'Enter');
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await expect.poll(async () => (await focused(page)).text).toBe('Settings');

      stage = 'close';
      // Escape closes the wallet and the focus is back on the launcher.
      await page.keyboard.press('Escape');
      await expect.poll(async () => (await focused(page)).text).toBe('My tickets');
      expect(new URL(page.url()).searchParams.get('PANEL_TAB')).toBeNull();
      expect(errors).toEqual([]);
    });
  });

  it('leaves the e-mail empty after a logout: nothing remembered that the person did not ask for', async () => {
    await withPage(browser, {}, async ({ page }) => {
      await page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=LOGIN`));
      const requestedAt = Date.now() - 1000;
      await page.getByLabel('E-mail').fill('jordan@example.com');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('One-time code').fill(await latestCode(baseUrl, 'jordan@example.com', requestedAt).catch(async () => {
        await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
        return latestCode(baseUrl, 'jordan@example.com', requestedAt);
      }));
      const hub = page.getByRole('dialog', { name: 'Welcome' });
      await hub.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Logout' }).click();
      await page.getByLabel('E-mail').waitFor();
      expect(await page.getByLabel('E-mail').inputValue()).toBe('');
    });
  });

  it('passes axe with every screen laid out in full, in dark as in light', async () => {
    await withPage(browser, { bypassCSP: true, colorScheme: 'dark', viewport: { width: 1280, height: 600 } }, async ({ page }) => {
      await page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=LOGIN`));
      await page.getByLabel('E-mail').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      const requestedAt = Date.now() - 1000;
      await page.getByLabel('E-mail').fill('alex@example.com');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByLabel('One-time code').fill(await latestCode(baseUrl, 'alex@example.com', requestedAt));
      await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      for (const [tab, heading] of [
        ['QR', 'My QR code'],
        ['MY_TICKET', 'My tickets'],
        ['SETTINGS', 'Settings'],
        ['REDEEM', 'Redeem a ticket'],
      ] as const) {
        await page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=${tab}`));
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(await accessibilityViolations(page), tab).toEqual([]);
      }
    });
  });
});
