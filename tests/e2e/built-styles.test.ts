// The production build (dist/, built by the e2e global setup): every component's stylesheet is in it, minified by
// Parcel; a screen's rules travel in that screen's chunk, not in the app's entry; the loader carries only the tokens
// and the launcher.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'dist');
const bundles = new Map(
  readdirSync(dist)
    .filter((name) => name.endsWith('.js'))
    .map((name) => [name, readFileSync(join(dist, name), 'utf8')] as const),
);
const chunk = (prefix: string) => [...bundles].filter(([name]) => name.startsWith(`${prefix}.`)).map(([, text]) => text).join('\n');

function cssSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssSources(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** The first class selector a stylesheet styles, e.g. `.tw-card`. */
function firstClass(path: string): string {
  const css = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const match = css.match(/^\s*(\.tw-[\w-]+)/m);
  if (!match?.[1]) throw new Error(`no class selector in ${path}`);
  return match[1];
}

describe('the built styles', () => {
  it('carry every stylesheet, minified (no line breaks, indentation or comments inside the CSS)', () => {
    const all = [...bundles.values()].join('\n');
    // src/host/ holds the demo site's own pages (share, checkout), served by the server, and src/visualizer/ the
    // visualiser's page (its own build target): neither is bundled into the wallet.
    for (const path of cssSources(join(root, 'src')).filter((path) => !path.includes('/src/host/') && !path.includes('/src/visualizer/'))) {
      if (path.endsWith('tokens.css')) continue; // starts with :host, checked below
      const selector = firstClass(path);
      expect(all, `${path} (${selector})`).toMatch(new RegExp(`${selector.replace('.', '\\.')}[{:,\\[. ]`));
    }
    expect(all).toContain(':host{all:initial;display:block}');
    // A stylesheet as written would reach the bundle as a string with escaped line breaks and indented declarations.
    expect(all).not.toMatch(/[{;](\\n|\n) {2}[a-z-]+: /);
    expect(all).not.toMatch(/\/\* [A-Z][^*]*\*\/\\n\.tw-/);
  });

  it('put a screen’s rules in its own chunk, not in the app’s entry', () => {
    const entry = chunk('wallet-app'); // content-hashed by scripts/finalize-dist.mjs
    expect(entry).not.toBe('');
    expect(chunk('qr-screen')).toContain('.tw-qr__frame{');
    expect(entry).not.toContain('.tw-qr__frame');
    expect(chunk('ticket-screen')).toContain('.tw-event-card{');
    expect(entry).not.toContain('.tw-event-card');
    // The frame, shared components and the card are the entry's.
    expect(entry).toContain('.tw-panel{');
    expect(entry).toContain('.tw-card{');
    // The launcher's sheet is the loader's, handed over when the wallet mounts: not a second copy in the entry.
    expect(entry).not.toContain('.tw-launcher{');
  });

  it('give the loader the tokens and the launcher only', () => {
    const loader = bundles.get('embed.js') ?? '';
    expect(loader).toContain(':host{');
    expect(loader).toContain('.tw-launcher{');
    expect(loader).toContain('.tw-launcher-error{');
    expect(loader).not.toMatch(/\.tw-(card|button|panel)\b/);
  });
});
