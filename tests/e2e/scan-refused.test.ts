// e2e: the door scanner shows staff an admission the server refused at sync. alex's ticket has a device code; the
// scanner signs in (it copies the revocation list) and loses the network; then another phone takes the ticket over
// (a new device registered for it revokes the old certificate). The scanner, still offline and not knowing, admits the
// old phone's code — it verifies — and keeps it waiting. Back online its sync is answered with the admission refused
// (`door.revoked_before_admission`, stored refused by the server: tests/server/door.test.ts), and the scanner lists it
// under "Refused at sync" with the ticket, the time and what to do, kept after a reload and in Spanish too.
// Screenshots: screenshots/scan-refused-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { exportPublicKey, generateDeviceKeyPair, toBase64Url } from '../../src/door/code';
import { type Device, registerAlexDevices, signInToScan } from './door-devices';
import { api, openPage, useBrowser } from './page-helpers';
import { latestCode, useServer } from './server';

const browser = useBrowser();
const server = useServer();
const PHONE = { width: 375, height: 812 };

let weekender: Device[];
beforeAll(async () => {
  ({ weekender } = await registerAlexDevices(server.url));
}, 180_000);

async function alexToken(): Promise<string> {
  const started = Date.now();
  const session = (await api(server.url, 'POST', '/auth/signInOrRegisterAndSignIn', undefined, { email: 'alex@example.com' })).json.session;
  const otp = await latestCode(server.url, 'alex@example.com', started);
  return (await api(server.url, 'POST', '/auth/verifyLoginRequest', undefined, { email: 'alex@example.com', otp, session })).json.accessToken as string;
}

describe('the scanner and a code revoked before it got in', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  afterAll(() => context?.close());

  it('admits the old phone offline, then lists it refused at sync with the reason', async () => {
    const old = weekender[0]!;
    const ticket = old.signed.certificate.userTicketId;
    ({ context, page, errors } = await openPage(browser, { viewport: PHONE }));
    await signInToScan(page, server.url);
    await context.setOffline(true);
    await page.getByText('Offline: codes are still checked on this phone.').waitFor();

    // Another phone takes the ticket over: the old certificate is revoked from now on.
    const keys = await generateDeviceKeyPair();
    const moved = await api(server.url, 'POST', '/door/devices', await alexToken(), { userTicketId: ticket, publicKey: toBase64Url(await exportPublicKey(keys.publicKey)) });
    expect(moved.status).toBe(200);

    // The scanner has not heard of it: the old phone's code verifies and waits to sync.
    await page.locator('#scan-code').fill(await old.code());
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#scan-result').textContent(), { timeout: 10_000 }).toContain('Admitted');
    await page.getByText('1 waiting to sync').waitFor();
    const refusedRegion = page.getByRole('region', { name: 'Refused at sync' });
    expect(await refusedRegion.isVisible()).toBe(false);

    await context.setOffline(false);
    await refusedRegion.waitFor();
    await page.getByText('All admissions synced').waitFor();
    const text = (await refusedRegion.textContent()) ?? '';
    expect(text).toContain('The server refused these admissions from this scanner.');
    expect(text).toMatch(new RegExp(`Ticket #${ticket} at \\d`));
    expect(text).toContain('Its code was revoked before it got in (the ticket was passed on or moved to another phone). Find the holder and check.');
    expect(await refusedRegion.locator('li').count()).toBe(1);
    await page.screenshot({ path: 'screenshots/scan-refused-en-375.png', fullPage: true });

    // Kept after a reload, and told in Spanish on the Spanish page.
    await page.goto(`${server.url}/es/scan`);
    const spanish = page.getByRole('region', { name: 'Rechazadas al sincronizar' });
    await spanish.waitFor();
    expect(await spanish.textContent()).toContain(`Entrada #${ticket} a las`);
    expect(await spanish.textContent()).toContain('Su código se revocó antes de entrar');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: 'screenshots/scan-refused-es-dark-375.png', fullPage: true });
    expect(errors).toEqual([]);
  });
});
