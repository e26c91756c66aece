// /visualizer while `npm start` is still building the visualiser and its test paths (scripts/start.ts builds them
// after the server listens): the page says, in the reader's language, that they are being prepared — never a 404
// or a blank chart — and opens the charts by itself once the build writes dist/visualizer/ready.
//
// The server here serves a copy of the built dist/ (hard links) without the `ready` marker, as a start that has not
// finished the visualiser yet; the test then writes the marker as the build does.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import { openPage, useBrowser } from './page-helpers';
import { useServer } from './server';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const copy = mkdtempSync(join(tmpdir(), 'tw-vz-preparing-'));
cpSync(dist, copy, { recursive: true, filter: (source) => !source.endsWith(join('visualizer', 'ready')) });

const server = useServer(() => ({ env: { WEB_DIST_DIR: copy } }));
const browser = useBrowser();

describe('/visualizer before its paths exist', () => {
  let context: BrowserContext, page: Page, errors: string[];
  beforeAll(async () => void ({ context, page, errors } = await openPage(browser, { viewport: { width: 1280, height: 800 } })));
  afterAll(async () => {
    await context?.close();
    rmSync(copy, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After and a status in the reader’s language', async () => {
    expect(existsSync(join(copy, 'visualizer', 'ready'))).toBe(false);
    const english = await fetch(`${server.url}/visualizer`, { headers: { 'accept-language': 'en' } });
    expect(english.status).toBe(503);
    expect(english.headers.get('retry-after')).toBe('3');
    expect(await english.text()).toContain(en['visualizer.preparing']);
    const spanish = await fetch(`${server.url}/visualizer?lang=es`);
    expect(spanish.status).toBe(503);
    expect(spanish.headers.get('content-language')).toBe('es');
    expect(await spanish.text()).toContain(es['visualizer.preparing']);
  });

  it('shows "being prepared", then the charts by itself once the build is ready', async () => {
    await page.goto(`${server.url}/visualizer`);
    const status = page.getByRole('status');
    await expect.poll(() => status.textContent()).toBe(en['visualizer.preparing']);
    expect(await page.locator('[data-machine-button]').count()).toBe(0);
    expect(await page.title()).toContain(en['visualizer.preparing_title']);

    // The build's last step: the marker. The page asks every 3 s and reloads itself into the visualiser.
    writeFileSync(join(copy, 'visualizer', 'ready'), '');
    await page.locator('[data-machine-button]').first().waitFor({ timeout: 20_000 });
    await page.locator('.vz-canvas svg[data-machine-name]').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-machine-button]').count()).toBeGreaterThan(5);
    expect(errors).toEqual([]);
  });
});
