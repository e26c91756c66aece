// Test layers (docs/architecture.md): machines and server in Node, web screens in happy-dom, e2e in Chromium.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';

const BUNDLE_TEXT = 'bundle-text:';
// The virtual module's id must not end in `.css`: Vite's and vitest's CSS plugins would take it for a stylesheet.
const VIRTUAL = `\0${BUNDLE_TEXT}`;
const VIRTUAL_SUFFIX = '.text.js';

/**
 * `import css from 'bundle-text:./button.css'`: Parcel inlines the file's processed (minified) text; under vitest
 * the import is the file's text as written.
 */
function bundleText(): Plugin {
  return {
    name: 'bundle-text',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!source.startsWith(BUNDLE_TEXT) || !importer) return null;
      const file = resolve(dirname(importer.replace(/[?#].*$/, '')), source.slice(BUNDLE_TEXT.length));
      return `${VIRTUAL}${file}${VIRTUAL_SUFFIX}`;
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL) || !id.endsWith(VIRTUAL_SUFFIX)) return null;
      const file = id.slice(VIRTUAL.length, -VIRTUAL_SUFFIX.length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(await readFile(file, 'utf8'))};`;
    },
  };
}

// Inline projects do not inherit the root's plugins, so each one names them.
const plugins = [bundleText()];

export default defineConfig({
  test: {
    projects: [
      {
        plugins,
        test: {
          name: 'unit',
          environment: 'node',
          sequence: { groupOrder: 0 },
          // A hang guard, not a verdict: the heaviest cases (every transition of the wallet machine, 16 QR decodes)
          // take 1–4 s on a quiet 2-core machine and passed the 5 s default only when nothing ran beside them.
          testTimeout: 30_000,
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          setupFiles: ['tests/machines/setup.ts'],
        },
      },
      {
        plugins,
        test: {
          name: 'server',
          environment: 'node',
          sequence: { groupOrder: 1 },
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins,
        test: {
          name: 'web',
          environment: 'happy-dom',
          sequence: { groupOrder: 2 },
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          // The same hang guard as the unit layer's: a screen's longest path runs for seconds beside another worker.
          testTimeout: 30_000,
        },
      },
      {
        plugins,
        test: {
          name: 'e2e',
          environment: 'node',
          // Last, alone: it builds the web app and runs a real server and Chromium.
          sequence: { groupOrder: 3 },
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
