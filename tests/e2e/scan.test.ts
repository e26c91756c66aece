// e2e: the door scanner page (/en/scan, /es/scan) in Chromium against the real server, driven by the keyboard through
// the code field (what a hand-held reader types into). Device codes are drawn here in Node for alex's tickets, with
// keys registered through the API as the wallet does. A wrong organiser key is refused; with the demo key and the
// Weekender chosen, a code is admitted and the same code refused as already admitted; with the network cut a code of
// another ticket is still verified and waits to sync, and a TW1 code says it needs the network; back online it is
// synced. A second scanner, offline since before, admits a ticket the first already let in: after its sync both
// scanners show the ticket flagged. axe finds nothing on the page, light and dark, in both languages.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Device, registerAlexDevices, signInToScan as signInToScanAt } from './door-devices';
import { accessibilityViolations, openPage, useBrowser, withPage } from './page-helpers';
import { useServer } from './server';

const browser = useBrowser();
const server = useServer();
const PHONE = { width: 390, height: 844 };

let weekender: Device[];
let otherEvent: Device;

beforeAll(async () => {
  ({ weekender, otherEvent } = await registerAlexDevices(server.url));
}, 180_000);

const result = (page: Page) => page.locator('#scan-result');
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

/** Types a code into the field and presses Enter, as a hand-held reader does. */
async function scan(page: Page, code: string) {
  await page.locator('#scan-code').fill(code);
  await page.keyboard.press('Enter');
}

async function expectResult(page: Page, texts: string[]) {
  for (const text of texts) await expect.poll(() => result(page).textContent(), { timeout: 10_000 }).toContain(text);
}

/** Signs in with the demo key and picks the Weekender, by keyboard. */
const signInToScan = (page: Page, lang: 'en' | 'es' = 'en') => signInToScanAt(page, server.url, lang);

describe('the door scanner page', () => {
  let contextA: BrowserContext;
  let pageA: Page;
  let errorsA: string[];
  let contextB: BrowserContext;
  let pageB: Page;
  afterAll(async () => {
    await contextA?.close();
    await contextB?.close();
  });

  it('refuses a wrong organiser key, then admits a code once and refuses it again as already admitted', async () => {
    // The second scanner signs in first and loses the network before the first one's admissions reach the server.
    ({ context: contextB, page: pageB } = await openPage(browser, { viewport: PHONE }));
    await signInToScan(pageB);
    await contextB.setOffline(true);
    ({ context: contextA, page: pageA, errors: errorsA } = await openPage(browser, { viewport: PHONE }));
    await pageA.goto(`${server.url}/en/scan`);
    expect(await pageA.evaluate(() => document.documentElement.lang)).toBe('en');
    await pageA.getByRole('heading', { level: 1, name: 'Door scanner' }).waitFor();
    // A staff page: no attendee wallet button over the result.
    expect(await pageA.locator('script[src="/embed.js"]').count()).toBe(0);
    await pageA.getByLabel('Organiser key').fill('not-the-key');
    await pageA.keyboard.press('Enter');
    await pageA.getByRole('alert').filter({ hasText: 'This organiser key is not valid.' }).waitFor();
    expect(await focusedId(pageA)).toBe('scan-key');

    await signInToScan(pageA);
    expect(await focusedId(pageA)).toBe('scan-code');
    await scan(pageA, await weekender[0]!.code());
    await expectResult(pageA, ['Admitted', `Ticket #${weekender[0]!.signed.certificate.userTicketId}`]);
    expect(await focusedId(pageA)).toBe('scan-code');
    expect(await pageA.locator('#scan-result').getAttribute('aria-live')).toBe('assertive');
    // Admitted while online: synced at once.
    await pageA.getByText('All admissions synced').waitFor();

    await scan(pageA, await weekender[0]!.code());
    await expectResult(pageA, ['Refused', 'Already admitted here']);
    await scan(pageA, await otherEvent.code());
    await expectResult(pageA, ['Refused', 'This ticket is for another event.']);
    expect(errorsA).toEqual([]);
  });

  it('verifies a code with the network cut, keeps it waiting, says a TW1 code needs the network, and syncs when back', async () => {
    await contextA.setOffline(true);
    await pageA.getByText('Offline: codes are still checked on this phone.').waitFor();
    await scan(pageA, await weekender[1]!.code());
    await expectResult(pageA, ['Admitted', `Ticket #${weekender[1]!.signed.certificate.userTicketId}`]);
    await pageA.getByText('1 waiting to sync').waitFor();
    await scan(pageA, 'TW1.7.1764235800.abc');
    await expectResult(pageA, ['Refused', 'This code needs the network.']);
    await contextA.setOffline(false);
    await pageA.getByText('All admissions synced').waitFor();
    expect(await pageA.getByText('waiting to sync').count()).toBe(0);
    expect(errorsA).toEqual([]);
  });

  it('flags a ticket the second scanner admitted offline after the first had', async () => {
    const twice = weekender[0]!.signed.certificate.userTicketId;
    await scan(pageB, await weekender[0]!.code());
    await expectResult(pageB, ['Admitted', `Ticket #${twice}`]);
    await pageB.getByText('1 waiting to sync').waitFor();
    await contextB.setOffline(false);
    const flagged = pageB.getByRole('region', { name: 'Admitted more than once' });
    await flagged.waitFor();
    expect(await flagged.textContent()).toContain(`Ticket #${twice}`);
    expect(await flagged.textContent()).toContain('this scanner');
    // The first scanner learns it on its next sync.
    await pageA.getByRole('button', { name: 'Sync now' }).click();
    const flaggedA = pageA.getByRole('region', { name: 'Admitted more than once' });
    await flaggedA.waitFor();
    expect(await flaggedA.locator('li li').count()).toBe(2);
    // A reload keeps the scanner signed in, its flags and its log: the same code is still refused here.
    await pageA.reload();
    await flaggedA.waitFor();
    await scan(pageA, await weekender[0]!.code());
    await expectResult(pageA, ['Refused']);
  });

  it('signs out, forgetting the key', async () => {
    await pageA.getByRole('button', { name: 'Sign out' }).click();
    await pageA.getByRole('heading', { level: 2, name: 'Sign in to scan' }).waitFor();
    expect(await focusedId(pageA)).toBe('scan-sign-in-title');
    expect(await pageA.evaluate(() => localStorage.getItem('tw.scan'))).toBeNull();
  });

  it.each([
    ['light', 'en'],
    ['dark', 'es'],
  ] as const)('has nothing for axe (%s, %s), signed out and scanning', async (colorScheme, lang) => {
    await withPage(browser, { bypassCSP: true, colorScheme, viewport: PHONE }, async ({ page, errors }) => {
      await page.goto(`${server.url}/${lang}/scan`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await accessibilityViolations(page)).toEqual([]);
      await signInToScan(page, lang);
      // Admitted on the first page, then refused (already admitted; on the second page, used: on the revocation list).
      await scan(page, await weekender[2]!.code());
      await expect.poll(() => result(page).textContent()).not.toBe('');
      await scan(page, await weekender[2]!.code());
      await expectResult(page, [lang === 'en' ? 'Refused' : 'Rechazada']);
      await page.locator('#scan-flagged:not([hidden])').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
