// The scripts of the demo site's pages, read beside this module (src/host/, or build/server/ where the compiled
// server's build copies them): what the pages share (site.client.js, `site`) then a page's own, and the theme script.
import { readFileSync } from 'node:fs';

const besideThis = (file: string) => readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');

export function siteScript(pageScript: string): string {
  return ['site.client.js', pageScript].map(besideThis).join('\n');
}

/** /site-account.js: the demo's "signed-in site user" control (DEMO_SITE_SIGN_IN). */
export function siteAccountScript(): string {
  return besideThis('site-account.client.js');
}

/** /site-theme.js: the theme before first paint (a blocking script in every page's head). */
export function siteThemeScript(): string {
  return besideThis('site-theme.client.js');
}
