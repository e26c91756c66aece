// The demo site's "signed-in site user" (DEMO_SITE_SIGN_IN, docs/embedding.md): the visitor signs in on the site
// ("Sign in as Alex (demo)" in its header), the site hands them to the wallet with a token signed by its demo-only key,
// and the wallet opens signed in without a code; Sign out on the site signs the wallet out, on the server too. The
// share page and the swap checkout carry the same header control as the site's other pages, and it works there the
// same: by keyboard, in both languages, at 320 px, covering none of the page's controls.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TicketWalletApi } from '../../src/embed/loader';
import { api, demoSignInControl, hasFocus, type Lang, listFirstTicket, tabUntilFocused, tokenOf, useBrowser, withPage } from './page-helpers';
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

/** The header's sign-in control and its words in both languages. */
const accountWords = {
  en: { signIn: 'Sign in as Alex (demo)', signedIn: 'Signed in as Alex Rivera (demo)', signOut: 'Sign out' },
  es: { signIn: 'Entrar como Alex (demo)', signedIn: 'Sesión iniciada como Alex Rivera (demo)', signOut: 'Cerrar sesión' },
} as const;

/** Whether the document is no wider than the window (nothing scrolls sideways). */
const fits = (page: Page) => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) <= window.innerWidth);

/**
 * On a page already open: signs in with the header's control by keyboard alone (Tab to it, Enter), checks where the
 * focus went and that the page fits and nothing is covered, signed in and (`signOut`) out again.
 */
async function signInByHeader(page: Page, lang: Lang) {
  const words = accountWords[lang];
  const header = page.locator('.site-header');
  const signIn = header.getByRole('button', { name: words.signIn });
  await signIn.waitFor();
  await page.locator('ticket-wallet .tw-launcher').waitFor();
  expect(await fits(page)).toBe(true);
  expect(await demoSignInControl(page)).toEqual({ present: true, problems: [] });
  await tabUntilFocused(page, signIn);
  await page.keyboard.press('Enter');
  await header.getByText(words.signedIn).waitFor();
  await expect.poll(() => state(page)).toMatchObject({ signedIn: true });
  // The pressed button is gone: the focus is on the one in its place, not lost to the page.
  const signOut = header.getByRole('button', { name: words.signOut });
  await expect.poll(() => hasFocus(signOut)).toBe(true);
  expect(await fits(page)).toBe(true);
  expect(await demoSignInControl(page)).toEqual({ present: true, problems: [] });
  return {
    signOut: async () => {
      await page.keyboard.press('Enter');
      await expect.poll(() => hasFocus(signIn)).toBe(true);
      await expect.poll(() => state(page)).toMatchObject({ signedIn: false });
    },
  };
}

describe('the same header control on the share page and the swap checkout', () => {
  it('the share page: signed in from the header by keyboard, the Buy form shows; signed out, "Sign in to buy" is back (Spanish, 320 px)', async () => {
    // Jordan's listing: the demo's signed-in user, Alex, may buy it.
    const link = await listFirstTicket(server.url, 'jordan@example.com');
    await withPage(browser, { viewport: { width: 320, height: 700 } }, async ({ page, errors }) => {
      await page.goto(`${link}?lang=es`);
      await page.getByRole('button', { name: 'Inicia sesión para comprar' }).waitFor();
      const session = await signInByHeader(page, 'es');
      await page.locator('#share-buy:not([hidden])').waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Inicia sesión para comprar' }).isHidden()).toBe(true);
      // Signed in on the site, the form is in view and still nothing is covered or sticks out.
      expect(await fits(page)).toBe(true);
      expect(await demoSignInControl(page)).toEqual({ present: true, problems: [] });
      await session.signOut();
      await page.getByRole('button', { name: 'Inicia sesión para comprar' }).waitFor();
      expect(await page.locator('#share-buy').isHidden()).toBe(true);
      expect(errors).toEqual([]);
    });
    // English at 1280 px: the same control, in English.
    await withPage(browser, { viewport: { width: 1280, height: 800 } }, async ({ page, errors }) => {
      await page.goto(`${link}?lang=en`);
      await signInByHeader(page, 'en');
      await page.locator('#share-buy:not([hidden])').waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('the swap checkout: signed out it asks to sign in; the header control signs Alex in by keyboard and the order loads (English and Spanish, 320 px)', async () => {
    const alex = await tokenOf(server.url, 'alex@example.com');
    const bases = (await api(server.url, 'GET', '/ticket_swap/tickets', alex)).json as unknown as Array<{ id: number; name: string }>;
    const ga = bases.find((base) => base.name === 'General Admission')!;
    const targets = (await api(server.url, 'GET', `/ticket_swap/tickets/${ga.id}`, alex)).json as unknown as Array<{ id: number; name: string }>;
    const vip = targets.find((target) => target.name === 'VIP')!;
    const started = await api(server.url, 'POST', '/ticket_swap/start_swap', alex, { baseTicketId: ga.id, swapPairId: vip.id, swapQuantity: 1 });
    expect(started.status).toBe(200);
    const order = started.json.orderIdentifier as string;
    const words = { en: { signIn: 'Sign in', pay: /^Pay / }, es: { signIn: 'Iniciar sesión', pay: /^Pagar / } } as const;
    for (const lang of ['es', 'en'] as const) {
      await withPage(browser, { viewport: { width: 320, height: 700 } }, async ({ page, errors }) => {
        await page.goto(`${server.url}/${lang}/harbour-lights-weekender/checkout/${encodeURIComponent(order)}`);
        await page.locator('#checkout-body').getByRole('button', { name: words[lang].signIn, exact: true }).waitFor();
        await signInByHeader(page, lang);
        // The checkout notices the wallet's token and loads the order: its Pay button, inside the window.
        const pay = page.getByRole('button', { name: words[lang].pay });
        await pay.waitFor();
        const box = (await pay.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(320);
        expect(await fits(page)).toBe(true);
        expect(await demoSignInControl(page)).toEqual({ present: true, problems: [] });
        expect(errors).toEqual([]);
      });
    }
  });
});

describe('the header at 1280 px with the sign-in control', () => {
  it('keeps the launcher on the navigation’s line; the control follows it, on a line of its own at the right where the line is full', async () => {
    await withPage(browser, { viewport: { width: 1280, height: 800 } }, async ({ page }) => {
      /** The launcher's and the control's boxes against the navigation's line. */
      const boxes = () =>
        page.evaluate(() => {
          const box = (element: Element) => element.getBoundingClientRect();
          const nav = box(document.querySelector('.site-header__nav')!);
          const launcher = box(document.querySelector('ticket-wallet')!.shadowRoot!.querySelector('.tw-launcher')!);
          const inner = box(document.querySelector('.site-header__inner')!);
          const account = [...document.querySelectorAll('.site-account > *')].map(box).filter((part) => part.width > 0);
          return {
            launcherBesideNav: launcher.top < nav.bottom && launcher.bottom > nav.top && launcher.left >= nav.right,
            accountAfterLauncher: account.every((part) => part.left >= launcher.right || part.top >= launcher.bottom),
            accountAtRight: Math.round(Math.max(...account.map((part) => part.right))) === Math.round(inner.right - 20),
          };
        });
      for (const lang of ['en', 'es'] as const) {
        await page.goto(`${server.url}/${lang}/`);
        await page.locator('ticket-wallet .tw-launcher').waitFor();
        expect(await boxes(), `${lang}, signed out`).toEqual({ launcherBesideNav: true, accountAfterLauncher: true, accountAtRight: true });
        await page.locator('.site-header').getByRole('button', { name: accountWords[lang].signIn }).click();
        await page.locator('.site-header').getByText(accountWords[lang].signedIn).waitFor();
        expect(await boxes(), `${lang}, signed in`).toEqual({ launcherBesideNav: true, accountAfterLauncher: true, accountAtRight: true });
        await page.locator('.site-header').getByRole('button', { name: accountWords[lang].signOut }).click();
        await page.locator('.site-header').getByRole('button', { name: accountWords[lang].signIn }).waitFor();
      }
    });
  });
});
