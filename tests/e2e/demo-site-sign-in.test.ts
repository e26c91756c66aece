// The demo site's "signed-in site user" (DEMO_SITE_SIGN_IN, docs/embedding.md): the visitor signs in on the site
// ("Sign in as Alex (demo)" in its header), the site hands them to the wallet with a token signed by its demo-only key,
// and the wallet opens signed in without a code; Sign out on the site signs the wallet out, on the server too.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TicketWalletApi } from '../../src/embed/loader';
import { useBrowser, withPage } from './page-helpers';
import { useServer } from './server';

const browser = useBrowser();
const server = useServer(() => ({ env: { DEMO_SITE_SIGN_IN: 'true' } }));

const wallet = (page: Page) => page.locator('ticket-wallet');
const state = (page: Page) => page.evaluate(() => (window.TicketWallet as TicketWalletApi).getState());
const outboxFor = async (email: string) => (await (await fetch(`${server.url}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as unknown[];

describe('the demo site’s signed-in user', () => {
  it('signs the visitor in to the wallet through the site, and out again', async () => {
    await withPage(browser, { viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
      await page.goto(`${server.url}/en/`);
      const header = page.locator('.site-header');
      await header.getByRole('button', { name: 'Sign in as Alex (demo)' }).click();
      await header.getByText('Signed in as Alex Rivera (demo)').waitFor();
      await expect.poll(() => state(page)).toMatchObject({ signedIn: true });

      // The wallet opens signed in: the menu with Alex's address, no code asked for or mailed.
      await wallet(page).getByRole('button', { name: 'My tickets' }).click();
      const hub = wallet(page).getByRole('dialog', { name: 'Welcome' });
      await hub.getByText('alex@example.com').waitFor();
      expect(await outboxFor('alex@example.com')).toEqual([]);
      const access = await page.evaluate(() => localStorage.getItem('tw.accessToken'));

      // The next page view: still signed in on the site and in the wallet.
      await page.evaluate(() => (window.TicketWallet as TicketWalletApi).close());
      await page.reload();
      await header.getByText('Signed in as Alex Rivera (demo)').waitFor();
      expect(await state(page)).toMatchObject({ signedIn: true });

      // Sign out on the site: the wallet signs out too, and its session is over on the server.
      await header.getByRole('button', { name: 'Sign out' }).click();
      await header.getByRole('button', { name: 'Sign in as Alex (demo)' }).waitFor();
      await expect.poll(() => state(page)).toMatchObject({ signedIn: false });
      expect((await fetch(`${server.url}/v1/auth/me`, { headers: { authorization: `Bearer ${access}` } })).status).toBe(401);
      expect(errors).toEqual([]);
    });
  });

  it('speaks the page’s language, and fits a 320 px phone signed in and out (nothing scrolls sideways)', async () => {
    await withPage(browser, { viewport: { width: 320, height: 700 } }, async ({ page }) => {
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      await page.goto(`${server.url}/es/`);
      const header = page.locator('.site-header');
      await header.getByRole('button', { name: 'Entrar como Alex (demo)' }).waitFor();
      expect(await fits()).toBe(true);
      await header.getByRole('button', { name: 'Entrar como Alex (demo)' }).click();
      const signOut = header.getByRole('button', { name: 'Cerrar sesión' });
      await signOut.waitFor();
      expect(await fits()).toBe(true);
      // The whole control is on screen, not cut at the edge.
      const box = (await signOut.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    });
  });
});
