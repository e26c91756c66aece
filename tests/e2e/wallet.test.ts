// The wallet in headless Chromium against the real server and the built embed script: sign-in of a new user,
// a wrong code, a reload, a silent token refresh, Spanish, a hostile host page, and the loader fetching the app
// bundle from the wallet's origin only when the wallet opens.
import type { TicketWalletApi } from '../../src/embed/loader';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, hostUrl, openPage, registerHostPage, requestCode, signIn, useBrowser, withPage } from './page-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/**
 * A page of the test's own on the host site (the second origin the server allows), so the embed loads cross-origin
 * as on a real site; answers its address (`path` is its language).
 */
function hostPage(name: string, css: string, body = '', path = '/en/'): Promise<string> {
  const html = `<!doctype html><html><head><title>${name}</title><style>${css}</style></head><body>${body}
    <script src="${baseUrl}/embed.js" data-api-base="${baseUrl}" data-org-name="Host Events"></script></body></html>`;
  return registerHostPage(baseUrl, { html }, path);
}

describe('signing in', () => {
  let context: BrowserContext, page: Page, errors: string[];
  // bypassCSP only lets the test inject axe-core; the wallet itself runs under the server's CSP elsewhere.
  beforeAll(async () => void ({ context, page, errors } = await openPage(browser, { bypassCSP: true })));
  afterAll(() => context?.close());

  it('a new user signs in with the mailed code, gives a name and lands on QR with the HUB open', async () => {
    await page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=LOGIN`));
    await page.getByLabel('E-mail').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await signIn(page, baseUrl, 'sam@example.com');
    await page.getByRole('heading', { name: "What's your name?" }).waitFor();
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Rivera');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('PANEL_TAB')).toBe('QR');
    expect(url.searchParams.get('PANEL_OVERLAY_TAB')).toBe('HUB');
    await page.getByText('sam@example.com').waitFor();
    expect(await page.title()).toBe('Welcome · Harbour Lights Festival');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('keeps the session over a reload', async () => {
    await page.reload();
    await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
    await page.getByText('sam@example.com').waitFor();
    await page.getByRole('button', { name: 'Close the menu' }).click();
    await page.getByRole('dialog', { name: 'Welcome' }).waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.tw-header .tw-avatar').textContent()).toBe('SR');
  });

  it('refreshes an expired access token silently and still shows the user', async () => {
    const refreshTokenBefore = await page.evaluate(() => localStorage.getItem('tw.refreshToken'));
    await page.evaluate(() => localStorage.setItem('tw.accessToken', 'expired.garbage.token'));
    await page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB`));
    await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
    await page.getByText('sam@example.com').waitFor();
    const tokens = await page.evaluate(() => [localStorage.getItem('tw.accessToken'), localStorage.getItem('tw.refreshToken')]);
    expect(tokens[0]).not.toBe('expired.garbage.token');
    expect(tokens[1]).not.toBe(refreshTokenBefore);
    expect(errors).toEqual([]);
  });

  it('logs out after confirming', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    const modal = page.getByRole('alertdialog', { name: 'Logout?' });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('tw.accessToken'))).toBeNull();
  });
});

describe('the wallet', () => {
  it('shows an error toast for a wrong code', async () => {
    await withPage(browser, {}, async ({ page }) => {
      await page.goto(hostUrl(baseUrl, `/en/?PANEL_TAB=LOGIN`));
      const code = await requestCode(page, baseUrl, 'alex@example.com');
      const wrong = code === '000000' ? '111111' : '000000';
      // Typed digit by digit, the code goes off at the sixth.
      await page.getByLabel('One-time code').pressSequentially(wrong);
      await page.getByText('Wrong code. Please check the e-mail and try again.').waitFor();
      expect(new URL(page.url()).searchParams.get('PANEL_TAB')).toBe('OTP');
    });
  });

  it('speaks Spanish on /es/', async () => {
    await withPage(browser, {}, async ({ page, errors }) => {
      await page.goto(hostUrl(baseUrl, `/es/?PANEL_TAB=LOGIN`));
      await page.getByRole('heading', { name: 'Inicia sesión o crea una cuenta' }).waitFor();
      await page.getByLabel('Correo electrónico').waitFor();
      expect(await page.locator('.tw-root').getAttribute('lang')).toBe('es');
      expect(await page.title()).toBe('Iniciar sesión · Harbour Lights Festival');
      expect(errors).toEqual([]);
    });
  });
});

describe('style isolation', () => {
  const probeStyles = (page: Page) =>
    page.evaluate(() => {
      const shadow = document.querySelector('ticket-wallet')?.shadowRoot;
      const pick = (selector: string) => {
        const element = shadow?.querySelector(selector);
        if (!element) return null;
        const style = getComputedStyle(element);
        return { color: style.color, fontSize: style.fontSize, fontFamily: style.fontFamily, padding: style.padding, background: style.backgroundColor };
      };
      return { title: pick('.tw-title'), input: pick('.tw-input'), button: pick('.tw-button--primary'), footer: pick('.tw-footnote') };
    });

  async function openOnHost(page: Page, address: Promise<string>): Promise<void> {
    await page.goto(`${await address}&PANEL_TAB=LOGIN`);
    await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
  }

  it('keeps hostile host CSS out of the wallet', async () => {
    await withPage(browser, {}, async ({ page: calm }) => {
      await openOnHost(calm, hostPage('calm', 'body { margin: 0 }'));
      const expected = await probeStyles(calm);
      await withPage(browser, {}, async ({ page: hostile }) => {
        await openOnHost(
          hostile,
          hostPage('hostile', '* { color: red !important; font-size: 40px !important; font-family: serif !important; padding: 9px !important } html { font-size: 40px }'),
        );
        expect(expected.title).not.toBeNull();
        expect(await probeStyles(hostile)).toEqual(expected);
      });
    });
  });

  it('keeps the wallet CSS inside its shadow root', async () => {
    await withPage(browser, {}, async ({ page }) => {
      await openOnHost(page, hostPage('probe', '', '<h1 class="tw-title tw-card tw-root" id="probe">Host heading</h1>'));
      const probe = await page.evaluate(() => {
        const style = getComputedStyle(document.getElementById('probe')!);
        return { radius: style.borderTopLeftRadius, border: style.borderTopWidth, letterSpacing: style.letterSpacing };
      });
      expect(probe).toEqual({ radius: '0px', border: '0px', letterSpacing: 'normal' });
      expect(await page.evaluate(() => document.head.querySelectorAll('style').length)).toBe(1);
    });
  });
});

describe('the loader', () => {
  /** Every script the page requests from the wallet's origin, in order. */
  function walletScripts(page: Page): string[] {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().startsWith(baseUrl)) scripts.push(new URL(request.url()).pathname);
    });
    return scripts;
  }
  /** The app's entry and the screens' chunks, every one content-hashed. */
  const appChunk = /^\/[a-z-]+\.[0-9a-f]{8}\.js$/;

  /** How the launcher looks: box, icon box, text and the computed styles that make its appearance. */
  const launcherLook = (page: Page) =>
    page.evaluate(() => {
      const button = document.querySelector('ticket-wallet')?.shadowRoot?.querySelector('.tw-launcher');
      if (!button) return null;
      const style = getComputedStyle(button);
      const box = (element: Element | null) => {
        const rect = element?.getBoundingClientRect();
        return rect ? [rect.x, rect.y, rect.width, rect.height] : null;
      };
      const properties = ['background-color', 'color', 'font', 'padding', 'border-radius', 'box-shadow', 'gap', 'cursor', 'z-index'];
      return { box: box(button), icon: box(button.querySelector('svg')), text: button.textContent, style: properties.map((name) => style.getPropertyValue(name)) };
    });

  it('loads only the loader on a page without panel parameters, and the app (from its own origin) on a click', async () => {
    await withPage(browser, {}, async ({ page, errors }) => {
      const scripts = walletScripts(page);
      await page.goto(await hostPage('plain', 'body { margin: 0 }', '<h1>Spring Fest</h1>'), { waitUntil: 'networkidle' });
      const launcher = page.getByRole('button', { name: 'My tickets' });
      await launcher.waitFor();
      expect(scripts).toEqual(['/embed.js']);
      // The loader carries none of the app's libraries and stays small.
      const loader = await (await fetch(`${baseUrl}/embed.js`)).text();
      expect(loader).not.toMatch(/react\.transitional\.element|\$ZodType|createActor/);
      expect(gzipSync(loader).length).toBeLessThan(8 * 1024);
      expect(await page.evaluate(() => typeof (window.TicketWallet as TicketWalletApi | undefined)?.open)).toBe('function');
      const plainLook = await launcherLook(page);

      await launcher.click();
      await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
      // The loader's frame shows that heading at once; the app's own form follows when its chunk has loaded.
      await page.getByRole('button', { name: 'Continue' }).waitFor();
      expect(new URL(page.url()).searchParams.get('PANEL_TAB')).toBe('LOGIN');
      expect(scripts[0]).toBe('/embed.js');
      expect(scripts.slice(1).length).toBeGreaterThan(0);
      expect(scripts.slice(1).every((path) => appChunk.test(path))).toBe(true);
      // Mounted once, into the loader's shadow root: one host element, one wallet root, the styles adopted as
      // constructable stylesheets (no <style> element the host page's CSP could refuse).
      expect(
        await page.evaluate(() => {
          const hosts = document.querySelectorAll('ticket-wallet');
          const shadow = hosts[0]?.shadowRoot;
          return [hosts.length, shadow?.querySelectorAll('style').length, shadow?.querySelectorAll('.tw-root').length, (shadow?.adoptedStyleSheets.length ?? 0) > 0];
        }),
      ).toEqual([1, 0, 1, true]);

      // Back closes the wallet: the app's own launcher looks exactly like the loader's.
      await page.goBack();
      await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor({ state: 'detached' });
      await launcher.waitFor();
      expect(await launcherLook(page)).toEqual(plainLook);
      expect(plainLook?.text).toBe('My tickets');
      expect(errors).toEqual([]);
    });
  });

  it('shows a message when the app cannot load, and loads it on the next click', async () => {
    await withPage(browser, {}, async ({ page, errors }) => {
      await page.route((url) => url.origin === new URL(baseUrl).origin && /^\/wallet-app\.[0-9a-f]{8}\.js$/.test(url.pathname), (route) => route.abort());
      await page.goto(await hostPage('offline', '', '', '/es/'));
      const launcher = page.getByRole('button', { name: 'Mis entradas' });
      await launcher.click();
      await page.getByRole('alert').filter({ hasText: 'No se pudo cargar la cartera. Inténtalo de nuevo.' }).waitFor();
      expect(await launcher.getAttribute('aria-busy')).toBeNull();

      await page.unrouteAll();
      await launcher.click();
      await page.getByRole('heading', { name: 'Inicia sesión o crea una cuenta' }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('opens a panel for the host page through window.TicketWallet.open', async () => {
    await withPage(browser, {}, async ({ page }) => {
      await page.goto(await hostPage('scripted', ''));
      await page.getByRole('button', { name: 'My tickets' }).waitFor();
      await page.evaluate(() => (window.TicketWallet as TicketWalletApi).open({ tab: 'login' }));
      await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
    });
  });
});
