// The stylesheet of one of the demo site's pages: the site's common colours and type (site.css), then the page's own.
import { readFileSync } from 'node:fs';

export function siteStylesheet(pageCss: string): string {
  return ['site.css', pageCss].map((file) => readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')).join('\n');
}
