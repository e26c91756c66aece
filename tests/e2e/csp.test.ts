// A host page with a strict, nonce-based Content-Security-Policy (no 'unsafe-inline' styles): the wallet's styles
// are constructable stylesheets adopted by its shadow root, which style-src does not govern, and where a browser
// lacks those, <style> elements carrying the embed script's nonce. Either way the wallet opens fully styled and the
// browser reports no violation, while an un-nonced <style> of the page itself is refused (the policy is in force).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { registerHostPage, useBrowser, withPage } from './page-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const nonce = 'XYZ';

let strictPage: string;

beforeAll(async () => {
  const policy = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'nonce-${nonce}'`,
    `connect-src ${baseUrl}`,
    `img-src ${baseUrl} data:`,
  ].join('; ');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict host</title>
    <style id="unnonced">body { background: rgb(1, 2, 3); }</style></head>
    <body><h1>Spring Fest</h1>
    <script nonce="${nonce}" src="${baseUrl}/embed.js" data-api-base="${baseUrl}" data-org-name="Strict Events"></script>
    </body></html>`;
  // On the host site: another origin than the wallet's, the one the server allows, as on a real site.
  strictPage = await registerHostPage(baseUrl, { html, headers: { 'content-security-policy': policy } }, '/en/events');
});

interface Violation {
  directive: string;
  blocked: string;
  /** The element the browser refused (its id, or its tag in the wallet's shadow root). */
  element: string;
}

/** Records every `securitypolicyviolation` (from the page and from the wallet's shadow root) and CSP console errors. */
async function watchViolations(page: Page): Promise<{ console: string[]; events: () => Promise<Violation[]> }> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { cspViolations: Violation[] }).cspViolations = seen;
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const element = event.composedPath()[0];
        const name = element instanceof Element ? element.id || element.localName : 'document';
        seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, element: name });
      },
      true,
    );
  });
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) messages.push(message.text());
  });
  return { console: messages, events: () => page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations) };
}

/** Computed styles inside the wallet, and the tokens they should resolve to (through a probe styled by script). */
function walletLook(page: Page) {
  return page.evaluate(() => {
    const shadow = document.querySelector('ticket-wallet')!.shadowRoot!;
    const root = shadow.querySelector<HTMLElement>('.tw-root')!;
    const token = (name: string) => {
      const probe = root.appendChild(document.createElement('span'));
      probe.style.backgroundColor = `var(${name})`; // CSSOM, which style-src does not govern
      const value = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return value;
    };
    const style = (selector: string) => {
      const element = shadow.querySelector(selector);
      if (!element) return null;
      const computed = getComputedStyle(element);
      return { background: computed.backgroundColor, color: computed.color, radius: computed.borderTopLeftRadius, fontSize: computed.fontSize };
    };
    const styles = [...shadow.querySelectorAll('style')];
    return {
      tokens: { bg: token('--tw-bg'), primary: token('--tw-primary'), primaryFg: token('--tw-primary-fg') },
      launcher: style('.tw-launcher'),
      panel: style('.tw-panel'),
      continueButton: style('.tw-button--primary'),
      card: style('.tw-card'),
      adopted: 'adoptedStyleSheets' in shadow ? shadow.adoptedStyleSheets.length : null,
      styleElements: styles.length,
      styleNonces: [...new Set(styles.map((element) => element.nonce))],
    };
  });
}

async function openFromLauncher(page: Page): Promise<void> {
  await page.goto(strictPage);
  await page.getByRole('button', { name: 'My tickets' }).waitFor();
}

async function expectStyledWallet(page: Page, sheets: 'adopted' | 'nonced <style>'): Promise<void> {
  const closed = await walletLook(page);
  // The loader's launcher: tokens and launcher sheets applied before the app exists.
  expect(closed.launcher).toMatchObject({ background: closed.tokens.primary, color: closed.tokens.primaryFg, radius: '999px' });

  await page.getByRole('button', { name: 'My tickets' }).click();
  await page.getByRole('heading', { name: 'Sign in or create an account' }).waitFor();
  // The loader's frame shows that heading at once; the app's own form follows when its chunk has loaded.
  await page.getByRole('button', { name: 'Continue' }).waitFor();
  expect(new URL(page.url()).searchParams.get('PANEL_TAB')).toBe('LOGIN');
  const open = await walletLook(page);
  expect(open.tokens.bg).toBe('rgb(245, 246, 250)');
  expect(open.panel).toMatchObject({ background: open.tokens.bg });
  expect(open.continueButton).toMatchObject({ background: open.tokens.primary, color: open.tokens.primaryFg, fontSize: '15px' });
  expect(open.card).toMatchObject({ radius: '18px' });
  if (sheets === 'adopted') {
    expect(open.adopted).toBeGreaterThan(5);
    expect(open.styleElements).toBe(0);
  } else {
    expect(open.adopted).toBeNull();
    expect(open.styleElements).toBeGreaterThan(5);
    expect(open.styleNonces).toEqual([nonce]);
  }
}

describe('a host page with a nonce-based style-src', () => {
  it('shows the wallet styled through adopted stylesheets, with no violation', async () => {
    await withPage(browser, {}, async ({ page, errors }) => {
      const violations = await watchViolations(page);
      await openFromLauncher(page);
      await expectStyledWallet(page, 'adopted');
      // The policy is in force: the page's own un-nonced <style> was refused, and only it.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(1, 2, 3)');
      expect(await violations.events()).toEqual([{ directive: 'style-src-elem', blocked: 'inline', element: 'unnonced' }]);
      expect(violations.console).toHaveLength(1);
      expect(errors).toEqual([]);
    });
  });

  it('shows the wallet styled through <style> elements carrying the nonce where constructable stylesheets are missing', async () => {
    await withPage(browser, {}, async ({ page, errors }) => {
      await page.addInitScript(() => {
        // A browser without constructable stylesheets in shadow roots.
        delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
        delete (Document.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
      });
      const violations = await watchViolations(page);
      await openFromLauncher(page);
      await expectStyledWallet(page, 'nonced <style>');
      expect(await violations.events()).toEqual([{ directive: 'style-src-elem', blocked: 'inline', element: 'unnonced' }]);
      expect(violations.console).toHaveLength(1);
      expect(errors).toEqual([]);
    });
  });
});
