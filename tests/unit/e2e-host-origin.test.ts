// Where the e2e tests open the wallet (docs/testing.md, "Every wallet flow on the host site"): every e2e file that
// table names exists and opens the wallet through the host site of a second origin (hostUrl, signIn,
// registerHostPage), and no e2e file opens a wallet page on the wallet's own origin, except the tests of the demo
// site's own pages, which are the server's.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = 'tests/e2e';
const files = readdirSync(dir).filter((file) => file.endsWith('.test.ts'));
const source = (file: string) => readFileSync(`${dir}/${file}`, 'utf8');

/** The tests of the demo site's own pages: its home page's wallet, the visualiser's live inspection, the site's sign-in. */
const demoSiteFiles = new Set(['site.test.ts', 'visualiser.test.ts', 'demo-site-sign-in.test.ts', 'fit.test.ts']);

/**
 * A navigation to a wallet page on the wallet server's own origin: `goto(`${server.url}/en/…`)` or `${baseUrl}`, with
 * the language as a literal or a variable, the page's root or panel parameters after it.
 */
const ownOriginWallet = /\.goto\(\s*`\$\{(?:server\.url|baseUrl)\}\/(?:en|es|\$\{\w+\})\/(?:\?[^`]*)?`/g;

/** How a file opens the wallet on the host site. */
const opensOnHost = /\b(?:hostUrl|signIn|registerHostPage)\(/;

const table = (() => {
  const testing = readFileSync('docs/testing.md', 'utf8');
  const section = testing.split('## Every wallet flow on the host site')[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Flow') && !line.startsWith('|---'))
    .map((line) => ({ flow: line.split('|')[1]!.trim(), files: [...new Set([...line.matchAll(/`([\w-]+\.test\.ts)`/g)].map((match) => match[1]!))] }));
})();

describe('the e2e tests open the wallet on the host site', () => {
  it('the pattern finds a wallet opened on the own origin, and not one opened on the host site or a demo page', () => {
    const found = (text: string) => text.match(ownOriginWallet) ?? [];
    // biome-ignore-start lint/suspicious/noTemplateCurlyInString: lines of e2e source, read as text
    expect(found('await page.goto(`${server.url}/en/?PANEL_TAB=GIFT`);')).toHaveLength(1);
    expect(found('await page.goto(`${baseUrl}/${lang}/`);')).toHaveLength(1);
    expect(found("await page.goto(hostUrl(server.url, '/en/?PANEL_TAB=GIFT'));")).toEqual([]);
    expect(found('await page.goto(`${server.url}/es/scan`);')).toEqual([]);
    // biome-ignore-end lint/suspicious/noTemplateCurlyInString: lines of e2e source, read as text
  });

  it('docs/testing.md names every flow of the wallet, each with the e2e files that run it', () => {
    expect(table.map((row) => row.flow.split(' (')[0])).toEqual([
      'Sign-in',
      'QR',
      'Tickets',
      'Gift',
      'Swap with checkout',
      'Resell with a buyer',
      'Redeem',
      'Settings',
      'Payouts',
      'Live updates',
      'Device code',
    ]);
    for (const row of table) expect(row.files.length, row.flow).toBeGreaterThan(0);
  });

  it.each(table.flatMap((row) => row.files.map((file) => [row.flow.split(' (')[0]!, file] as const)))('%s: %s exists and opens the wallet on the host site', (_flow, file) => {
    expect(files).toContain(file);
    expect(source(file)).toMatch(opensOnHost);
  });

  it.each(files.filter((file) => !demoSiteFiles.has(file)))('%s opens no wallet page on the wallet’s own origin', (file) => {
    expect(source(file).match(ownOriginWallet) ?? []).toEqual([]);
  });
});
