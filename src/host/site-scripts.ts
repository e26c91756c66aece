// The script of one of the demo site's pages: what they share (site.client.js, `site`), then the page's own.
import { readFileSync } from 'node:fs';

export function siteScript(pageScript: string): string {
  return ['site.client.js', pageScript].map((file) => readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')).join('\n');
}
