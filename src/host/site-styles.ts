// The stylesheet of one of the demo site's pages: the site's common colours and type (site.css), then the page's own
// (one file, or more in order: the scanner page builds on the site pages' styles).
import { readFileSync } from 'node:fs';

export function siteStylesheet(...pageCss: string[]): string {
  return ['site.css', ...pageCss].map((file) => readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')).join('\n');
}
