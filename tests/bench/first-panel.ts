// The JavaScript a person downloads before the first panel shows, measured in Chromium against the real server and
// the production build: the bytes transferred for every script until the first panel has rendered, their gzip size
// (the budget's unit, independent of what the browser negotiated: the build's gzip copy of each file), and each library's share of them, read from
// the production source maps.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { launchChromium } from '../e2e/browser';
import { FIRST_PANEL_MARK } from '../../src/web/first-panel-mark';

export interface PanelLoad {
  name: string;
  /** Script files fetched before the panel showed, in order (transferred: the encoded body the browser received). */
  scripts: Array<{ file: string; transferredBytes: number; gzipBytes: number }>;
  transferredKb: number;
  gzipKb: number;
  /** Each package's (or our own folder's) share of the gzip bytes, biggest first. */
  shares: Array<{ source: string; gzipKb: number }>;
}

/** The size of what a browser that asks for gzip receives: the build's .gz copy, else zlib's best. */
function gzipSizeOf(path: string): number {
  return existsSync(`${path}.gz`) ? statSync(`${path}.gz`).size : gzipSync(readFileSync(path), { level: 9 }).length;
}

/** Who wrote a piece of the bundle: an npm package, or a folder of ours. */
function ownerOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  const ours = /(?:^|\/)(machines|src\/[a-z]+(?:\/[a-z]+)?|locales)\//.exec(source);
  return ours ? ours[1]! : 'other';
}

/** Splits a minified file by the owner of each mapped piece and shares its gzip size out in proportion. */
function sharesOf(distDir: string, file: string): Map<string, number> {
  const code = readFileSync(join(distDir, file), 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(distDir, `${file}.map`), 'utf8')));
  const lines = code.split('\n');
  const mappings: Array<{ line: number; column: number; source: string | null }> = [];
  map.eachMapping((mapping) => mappings.push({ line: mapping.generatedLine, column: mapping.generatedColumn, source: mapping.source }));
  mappings.sort((a, b) => a.line - b.line || a.column - b.column);
  const pieces = new Map<string, string[]>();
  mappings.forEach((mapping, index) => {
    const next = mappings[index + 1];
    const line = lines[mapping.line - 1] ?? '';
    const end = next && next.line === mapping.line ? next.column : line.length;
    const owner = mapping.source ? ownerOf(mapping.source) : 'other';
    const texts = pieces.get(owner) ?? [];
    texts.push(line.slice(mapping.column, end));
    pieces.set(owner, texts);
  });
  const separately = new Map([...pieces].map(([owner, texts]) => [owner, gzipSync(texts.join('')).length]));
  const sum = [...separately.values()].reduce((a, b) => a + b, 0);
  const total = gzipSizeOf(join(distDir, file));
  return new Map([...separately].map(([owner, bytes]) => [owner, (bytes / sum) * total]));
}

/**
 * Opens `path` in a fresh Chromium context (with `storage` in localStorage first) and waits until a heading named
 * `heading` is visible in the wallet.
 */
export async function measurePanelLoad(options: {
  name: string;
  baseUrl: string;
  distDir: string;
  path: string;
  heading: string;
  storage?: Record<string, string>;
}): Promise<PanelLoad> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (options.storage) {
      await page.goto(`${options.baseUrl}/favicon-none`);
      await page.evaluate((items) => Object.entries(items).forEach(([key, value]) => localStorage.setItem(key, value)), options.storage);
    }
    await page.goto(`${options.baseUrl}${options.path}`);
    await page.getByRole('heading', { name: options.heading }).first().waitFor({ state: 'visible' });
    // The wallet marks the moment its first panel rendered; the scripts that had arrived by then are what it cost
    // (Parcel fetches chunks through <link rel=preload>, so every .js resource counts, whatever its initiator).
    const loaded = await page.evaluate((mark) => {
      const shownAt = performance.getEntriesByName(mark)[0]?.startTime ?? performance.now();
      return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => /\.js(\?|$)/.test(entry.name) && entry.responseEnd <= shownAt)
        .map((entry) => ({ url: entry.name, bytes: entry.encodedBodySize }));
    }, FIRST_PANEL_MARK);
    // Only the wallet's own files count: the host page's scripts (the demo site's /site-theme.js) are not in the build.
    const rows = loaded
      .filter((script) => script.url.startsWith(options.baseUrl))
      .map((script) => ({ file: new URL(script.url).pathname.slice(1), transferredBytes: script.bytes }))
      .filter((script) => existsSync(join(options.distDir, script.file)))
      .map((script) => ({ ...script, gzipBytes: gzipSizeOf(join(options.distDir, script.file)) }));
    const shares = new Map<string, number>();
    for (const row of rows) {
      for (const [owner, bytes] of sharesOf(options.distDir, row.file)) shares.set(owner, (shares.get(owner) ?? 0) + bytes);
    }
    return {
      name: options.name,
      scripts: rows,
      transferredKb: rows.reduce((sum, row) => sum + row.transferredBytes, 0) / 1024,
      gzipKb: rows.reduce((sum, row) => sum + row.gzipBytes, 0) / 1024,
      shares: [...shares]
        .map(([source, bytes]) => ({ source, gzipKb: bytes / 1024 }))
        .sort((a, b) => b.gzipKb - a.gzipKb),
    };
  } finally {
    await browser.close();
  }
}
