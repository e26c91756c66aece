// The wallet in headless Chromium against the real server and the built embed script: sign-in of a new user,
// a wrong code, a reload, a silent token refresh, Spanish, a hostile host page, and the loader fetching the app
// bundle from the wallet's origin only when the wallet opens.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { latestCode } from './server';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

// Host pages on another origin (a second local server), so the embed loads cross-origin as on a real site.
const hostPages = new Map<string, string>();
let hostServer: Server;
let hostOrigin: string;

beforeAll(async () => {
  hostServer = createServer((request, response) => {
    const page = hostPages.get(new URL(request.url ?? '/', 'http://host').searchParams.get('page') ?? '');
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://localhost:${(hostServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => hostServer?.close(resolve));
});

function hostPage(name: string, css: string, body = ''): string {
  hostPages.set(
    name,
    `<!doctype html><html><head><style>${css}</style></head><body>${body}
    <script src="${baseUrl}/embed.js" data-api-base="${baseUrl}" data-org-name="Host Events"></script></body></html>`,
  );
  return name;
}

/** Collects uncaught page errors: a production build that breaks at run time fails the test. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core (WCAG 2 A/AA and best practices) over the page, open shadow roots included. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  // Contrast is only meaningful once fades have ended: on a busy machine axe could run mid-animation.
  await page.evaluate(async () => {
    const shadow = document.querySelector('ticket-wallet')?.shadowRoot;
    const all = new Set([...document.getAnimations(), ...(shadow?.getAnimations() ?? [])]);
    const finite = [...all].filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] });
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl}/en/?PANEL_TAB=LOGIN`);
  await page.getByLabel('E-mail').fill(email);
  const requestedAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
  const code = await latestCode(baseUrl, email, requestedAt);
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('signing in', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    // bypassCSP only lets the test inject axe-core; the wallet itself runs under the server's CSP elsewhere.
    context = await browser.newContext({ bypassCSP: true });
    page = await context.newPage();
    errors = watchErrors(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('a new user signs in with the mailed code, gives a name and lands on QR with the HUB open', async () => {
    await page.goto(`${baseUrl}/en/?PANEL_TAB=LOGIN`);
    await page.getByLabel('E-mail').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await signIn(page, 'sam@example.com');
    await page.getByRole('heading', { name: "What's your name?" }).waitFor();
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Rivera');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('PANEL_TAB')).toBe('QR');
    expect(url.searchParams.get('PANEL_OVERLAY_TAB')).toBe('HUB');
    await page.getByText('sam@example.com').waitFor();
    expect(await page.title()).toBe('Welcome · Ticket Wallet');
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
    await page.goto(`${baseUrl}/en/?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB`);
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
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/en/?PANEL_TAB=LOGIN`);
      await page.getByLabel('E-mail').fill('alex@example.com');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      const code = await latestCode(baseUrl, 'alex@example.com');
      const wrong = code === '000000' ? '111111' : '000000';
      await page.getByLabel('One-time code').fill(wrong);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Wrong code. Please check the e-mail and try again.').waitFor();
      expect(new URL(page.url()).searchParams.get('PANEL_TAB')).toBe('OTP');
    } finally {
      await context.close();
    }
  });

  it('speaks Spanish on /es/', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/es/?PANEL_TAB=LOGIN`);
      await page.getByRole('heading', { name: 'Inicia sesión o crea una cuenta' }).waitFor();
      await page.getByLabel('Correo electrónico').waitFor();
      expect(await page.locator('.tw-root').getAttribute('lang')).toBe('es');
      expect(await page.title()).toBe('Iniciar sesión · Ticket Wallet');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
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

  async function openOnHost(context: BrowserContext, name: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${hostOrigin}/en/?page=${name}&PANEL_TAB=LOGIN`);
    await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
    return page;
  }

  it('keeps hostile host CSS out of the wallet', async () => {
    const context = await browser.newContext();
    try {
      const calm = await openOnHost(context, hostPage('calm', 'body { margin: 0 }'));
      const expected = await probeStyles(calm);
      const hostile = await openOnHost(
        await browser.newContext(),
        hostPage('hostile', '* { color: red !important; font-size: 40px !important; font-family: serif !important; padding: 9px !important } html { font-size: 40px }'),
      );
      try {
        expect(expected.title).not.toBeNull();
        expect(await probeStyles(hostile)).toEqual(expected);
      } finally {
        await hostile.context().close();
      }
    } finally {
      await context.close();
    }
  });

  it('keeps the wallet CSS inside its shadow root', async () => {
    const context = await browser.newContext();
    try {
      const page = await openOnHost(context, hostPage('probe', '', '<h1 class="tw-title tw-card tw-root" id="probe">Host heading</h1>'));
      const probe = await page.evaluate(() => {
        const style = getComputedStyle(document.getElementById('probe')!);
        return { radius: style.borderTopLeftRadius, border: style.borderTopWidth, letterSpacing: style.letterSpacing };
      });
      expect(probe).toEqual({ radius: '0px', border: '0px', letterSpacing: 'normal' });
      expect(await page.evaluate(() => document.head.querySelectorAll('style').length)).toBe(1);
    } finally {
      await context.close();
    }
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
  const appChunk = /^\/wallet-app\.[0-9a-f]+\.js$/;

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
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      const scripts = walletScripts(page);
      await page.goto(`${hostOrigin}/en/?page=${hostPage('plain', 'body { margin: 0 }', '<h1>Spring Fest</h1>')}`, { waitUntil: 'networkidle' });
      const launcher = page.getByRole('button', { name: 'My tickets' });
      await launcher.waitFor();
      expect(scripts).toEqual(['/embed.js']);
      // The loader carries none of the app's libraries and stays small.
      const loader = await (await fetch(`${baseUrl}/embed.js`)).text();
      expect(loader).not.toMatch(/react\.transitional\.element|\$ZodType|createActor/);
      expect(gzipSync(loader).length).toBeLessThan(8 * 1024);
      expect(await page.evaluate(() => typeof window.TicketWallet?.open)).toBe('function');
      const plainLook = await launcherLook(page);

      await launcher.click();
      await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
      expect(new URL(page.url()).searchParams.get('PANEL_TAB')).toBe('LOGIN');
      expect(scripts[0]).toBe('/embed.js');
      expect(scripts.slice(1).length).toBeGreaterThan(0);
      expect(scripts.slice(1).every((path) => appChunk.test(path))).toBe(true);
      // Mounted once, into the loader's shadow root: one host element, one style, one wallet root.
      expect(
        await page.evaluate(() => {
          const hosts = document.querySelectorAll('ticket-wallet');
          const shadow = hosts[0]?.shadowRoot;
          return [hosts.length, shadow?.querySelectorAll('style').length, shadow?.querySelectorAll('.tw-root').length];
        }),
      ).toEqual([1, 1, 1]);

      // Back closes the wallet: the app's own launcher looks exactly like the loader's.
      await page.goBack();
      await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor({ state: 'detached' });
      await launcher.waitFor();
      expect(await launcherLook(page)).toEqual(plainLook);
      expect(plainLook?.text).toBe('My tickets');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a message when the app cannot load, and loads it on the next click', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.route((url) => url.origin === new URL(baseUrl).origin && appChunk.test(url.pathname), (route) => route.abort());
      await page.goto(`${hostOrigin}/es/?page=${hostPage('offline', '')}`);
      const launcher = page.getByRole('button', { name: 'Mis entradas' });
      await launcher.click();
      await page.getByRole('alert').filter({ hasText: 'No se pudo cargar la cartera. Inténtalo de nuevo.' }).waitFor();
      expect(await launcher.getAttribute('aria-busy')).toBeNull();

      await page.unrouteAll();
      await launcher.click();
      await page.getByRole('heading', { name: 'Inicia sesión o crea una cuenta' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens a panel for the host page through window.TicketWallet.open', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${hostOrigin}/en/?page=${hostPage('scripted', '')}`);
      await page.getByRole('button', { name: 'My tickets' }).waitFor();
      await page.evaluate(() => window.TicketWallet!.open({ tab: 'login' }));
      await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
