// One site around every page (issue 22): the demo site's home, event and help pages and the pages the wallet sends a
// person to (the swap checkout, a resale share page) carry the same navigation, the same look (light and dark) and
// the same embed script tag a real site would use, in English and Spanish, and axe-core finds nothing on any of them.
// A server of its own: it lists one of alex's tickets for the share page, and runs the demo's signed-in site user
// (DEMO_SITE_SIGN_IN), whose sign-in control every page's header carries, with its script.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, listFirstTicket, useBrowser, withPage } from './page-helpers';
import { useServer } from './server';

const server = useServer(() => ({ env: { DEMO_SITE_SIGN_IN: 'true' } }));
const browser = useBrowser();

const words = {
  en: { nav: 'Site', events: 'Events', help: 'Help', signIn: 'Sign in as Alex (demo)', signOut: 'Sign out' },
  es: { nav: 'Sitio', events: 'Eventos', help: 'Ayuda', signIn: 'Entrar como Alex (demo)', signOut: 'Cerrar sesión' },
} as const;

let shareCode: string;
beforeAll(async () => {
  shareCode = new URL(await listFirstTicket(server.url, 'alex@example.com')).pathname.split('/resale/')[1]!;
});

const pages = (lang: 'en' | 'es') => [
  ['home', `/${lang}/`],
  ['event', `/${lang}/events/weekender-melbourne`],
  ['help', `/${lang}/help`],
  ['checkout', `/${lang}/weekender/checkout/SWAP-UNKNOWN-1`],
  ['share', `/resale/${shareCode}?lang=${lang}`],
];

/**
 * What every page of the site shares: the embed tag, the navigation's links, the header's demo sign-in control (its
 * buttons, shown or not) and its script, and the colours of the page and header.
 */
async function frameOf(page: Page, lang: 'en' | 'es') {
  const nav = page.getByRole('navigation', { name: words[lang].nav });
  await nav.waitFor();
  return {
    embedTag: await page.locator('script[src$="embed.js"]').evaluateAll((tags) => tags.map((tag) => tag.outerHTML)),
    // The brand and the sections; the language links lead to the same page in the other language, so they differ.
    links: await nav.locator('a:not([hreflang])').evaluateAll((links) => links.map((link) => [link.textContent?.trim(), link.getAttribute('href')])),
    account: await page.locator('.site-header [data-demo-sign-in] button').evaluateAll((buttons) => buttons.map((button) => [button.textContent?.trim(), (button as HTMLButtonElement).hidden])),
    accountScript: await page.locator('script[src="/site-account.js"]').count(),
    colours: await page.evaluate(() => {
      const header = document.querySelector('.site-header');
      return {
        page: getComputedStyle(document.body).backgroundColor,
        text: getComputedStyle(document.body).color,
        header: header ? getComputedStyle(header).backgroundColor : null,
      };
    }),
  };
}

describe.each(['en', 'es'] as const)('the site frame in %s', (lang) => {
  it.each(['light', 'dark'] as const)('is the same on the home, event, help, checkout and share pages (%s), with nothing for axe', async (colorScheme) => {
    await withPage(browser, { bypassCSP: true, colorScheme }, async ({ page }) => {
      const frames: Record<string, Awaited<ReturnType<typeof frameOf>>> = {};
      for (const [name, path] of pages(lang)) {
        await page.goto(`${server.url}${path}`);
        expect(await page.evaluate(() => document.documentElement.lang), name).toBe(lang);
        frames[name!] = await frameOf(page, lang);
        // The wallet is there, mounted by that tag.
        await page.locator('ticket-wallet').waitFor({ state: 'attached' });
        expect(await accessibilityViolations(page), `${name} ${path}`).toEqual([]);
      }
      const home = frames.home!;
      expect(home.embedTag).toHaveLength(1);
      expect(home.embedTag[0]).toContain('data-org-name="Harbour Lights Festival"');
      // Its wallet speaks the page's language, also on the share page, whose language is in ?lang= and not the path.
      expect(home.embedTag[0]).toContain(`data-locale="${lang}"`);
      expect(home.links).toEqual(expect.arrayContaining([[words[lang].events, `/${lang}/`], [words[lang].help, `/${lang}/help`]]));
      expect(home.account).toEqual([
        [words[lang].signIn, false],
        [words[lang].signOut, true],
      ]);
      expect(home.accountScript).toBe(1);
      for (const [name, frame] of Object.entries(frames)) expect(frame, name).toEqual(home);
    });
  });
});
