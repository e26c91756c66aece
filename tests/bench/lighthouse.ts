// Lighthouse on a phone (part of `npm run bench`, or alone: `npx tsx tests/bench/run.ts --lighthouse` after
// `npm run build`): the LOGIN deep link signed out and the QR deep link signed in, each with both throttling methods
// (`devtools`: slow 4G and a 4× slower CPU really applied while the page loads; `simulate`: loaded unthrottled, the
// slowdown modelled from the trace), three runs each, the median of each figure against the issue's targets.
//
// One Chromium with a debugging port serves both tools: playwright-core connects to it over CDP and prepares the
// default context's storage (a fresh sign-in's tokens in the demo site's localStorage for QR, nothing for LOGIN) and
// empties the HTTP cache; Lighthouse then loads the page in the same context without resetting storage
// (`disableStorageReset`), so QR opens signed in and every run starts with a cold cache. The server is the production
// build (dist/) on a fresh embedded database. The load average is written beside the figures: on a shared machine
// they move a lot.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { chromiumPath, chromiumSwitches } from '../e2e/browser';
import { writeDocBlock } from './doc-block';
import { freePort } from '../support/free-port';

/** The issue's targets, each a median of three runs. */
export const LIGHTHOUSE_TARGETS = { score: 95, lcpMs: 1800, tbtMs: 150 };
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const METHODS = ['devtools', 'simulate'] as const;
type Method = (typeof METHODS)[number];

interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
  warnings: string[];
}

export interface LighthouseRow {
  panel: string;
  method: Method;
  runs: Run[];
  median: { score: number; fcpMs: number; lcpMs: number; tbtMs: number };
  load: [number, number];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;


/** Sends SIGTERM and waits for the process to exit (at once when it already has). */
function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, limitMs: number): Promise<void> {
  const began = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - began > limitMs) throw new Error(`${what} did not come up within ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function post(base: string, path: string, body: unknown): Promise<Record<string, string>> {
  const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return response.json() as Promise<Record<string, string>>;
}

/** A fresh sign-in through the API (the code from the dev outbox): the tokens as the wallet stores them. */
async function signedIn(base: string): Promise<Record<string, string>> {
  const email = 'lighthouse@example.com';
  const { session } = await post(base, '/v1/auth/signInOrRegisterAndSignIn', { email });
  const outbox = (await (await fetch(`${base}/dev/outbox?to=${email}`)).json()) as Array<{ text: string }>;
  const otp = outbox.at(-1)!.text.match(/\d{6}/)![0];
  const { accessToken, refreshToken } = await post(base, '/v1/auth/verifyLoginRequest', { email, otp, session });
  if (!accessToken || !refreshToken) throw new Error('lighthouse bench: the sign-in gave no tokens');
  return { 'tw.accessToken': accessToken, 'tw.refreshToken': refreshToken };
}

/** The default context's storage for `origin` emptied (and `storage` put in), and the HTTP cache emptied. */
async function prepare(browser: Browser, origin: string, storage: Record<string, string>): Promise<void> {
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await page.goto(`${origin}/favicon-none`);
    await page.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, storage);
  } finally {
    await page.close();
  }
}

/**
 * One Lighthouse run. `proof`: a request the page must have made with a 2xx answer, else the run did not load what it
 * was meant to (QR's code image is only fetched signed in).
 */
async function lighthouseRun(url: string, port: number, method: Method, proof?: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: method,
    disableStorageReset: true,
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRuntimeError(`lighthouse: ${lhr.runtimeError.code}`);
  if (proof) {
    const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; statusCode: number }> } | undefined)?.items ?? [];
    if (!requests.some((request) => request.url.includes(proof) && request.statusCode >= 200 && request.statusCode < 300)) {
      throw new Error(`lighthouse bench: ${url} made no successful request to ${proof} (signed out?)`);
    }
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { selector?: string } }> }> } | undefined)?.items;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.selector ?? '',
    warnings: lhr.runWarnings,
  };
}

/** Lighthouse's own failures (NO_NAVSTART: the trace lost its navigation, on a loaded machine) are tried again, twice. */
let retries = 0;
async function measured(url: string, port: number, method: Method, proof?: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, port, method, proof);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof LighthouseRuntimeError)) throw error;
      retries++;
      console.log(`${url} ${method}: ${error.message}; again`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      OTP_MAX_SENDS_PER_EMAIL: '1000',
      OTP_MAX_SENDS_PER_EMAIL_ALL_CLIENTS: '1000',
      OTP_MAX_SENDS_PER_EMAIL_OWNER: '1000',
      OTP_MAX_SENDS_PER_IP: '1000',
    },
    stdio: 'ignore',
  });
}

function startChromium(port: number, profile: string): ChildProcess {
  return spawn(
    chromiumPath(),
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      ...chromiumSwitches,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
}

/** Measures, prints and writes docs/performance.md's block; false when a median misses a target. */
export async function runLighthouseBench(): Promise<boolean> {
  const serverPort = await freePort();
  const chromePort = await freePort();
  const base = `http://127.0.0.1:${serverPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-lighthouse-'));
  const profile = mkdtempSync(join(tmpdir(), 'tw-lighthouse-chrome-'));
  const server = startServer(serverPort, dataDir);
  const chrome = startChromium(chromePort, profile);
  const rows: LighthouseRow[] = [];
  let browser: Browser | undefined;
  try {
    await waitFor('the server', () => fetch(`${base}/v1/settings/qr`).then((response) => response.ok), 300_000);
    await waitFor('Chromium', () => fetch(`http://127.0.0.1:${chromePort}/json/version`).then((response) => response.ok), 30_000);
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
    const panels = [
      { panel: 'LOGIN (signed out)', path: '/en/?PANEL_TAB=LOGIN', storage: async () => ({}), proof: undefined },
      { panel: 'QR (signed in)', path: '/en/?PANEL_TAB=QR', storage: () => signedIn(base), proof: '/v1/auth/access/qrCodeData' },
    ];
    for (const { panel, path, storage, proof } of panels) {
      for (const method of METHODS) {
        const loadBefore = loadavg()[0]!;
        // A warm-up run (not counted): the server's first answers and Chromium's first compile of the build.
        await prepare(browser, base, await storage());
        await measured(base + path, chromePort, method, proof);
        const runs: Run[] = [];
        for (let run = 0; run < RUNS; run++) {
          await prepare(browser, base, await storage());
          runs.push(await measured(base + path, chromePort, method, proof));
          const last = runs.at(-1)!;
          console.log(`${panel} ${method} run ${run + 1}: ${last.score}, LCP ${last.lcpMs.toFixed(0)} ms, TBT ${last.tbtMs.toFixed(0)} ms (${last.lcpElement})`);
        }
        rows.push({
          panel,
          method,
          runs,
          median: {
            score: median(runs.map((run) => run.score)),
            fcpMs: median(runs.map((run) => run.fcpMs)),
            lcpMs: median(runs.map((run) => run.lcpMs)),
            tbtMs: median(runs.map((run) => run.tbtMs)),
          },
          load: [loadBefore, loadavg()[0]!],
        });
      }
    }
  } finally {
    await browser?.close().catch(() => {});
    // The profile and the data directory are removed once both processes have let go of them.
    await Promise.all([chrome, server].map((child) => stopped(child)));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
  return report(rows);
}

function report(rows: LighthouseRow[]): boolean {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const misses = (row: LighthouseRow) => [
    ...(row.median.score < LIGHTHOUSE_TARGETS.score ? ['score'] : []),
    ...(row.median.lcpMs > LIGHTHOUSE_TARGETS.lcpMs ? ['LCP'] : []),
    ...(row.median.tbtMs > LIGHTHOUSE_TARGETS.tbtMs ? ['TBT'] : []),
  ];
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npx tsx tests/bench/run.ts --lighthouse\` (also part of \`npm run bench\`):`,
    `Lighthouse ${lighthouseVersion()} (the \`lighthouse\` dev dependency, run programmatically), mobile form factor, Chromium ${chromiumPath()}`,
    `headless, production build, local server on a fresh embedded database; a warm-up run, then ${RUNS} runs per row, each with a cold`,
    'HTTP cache; the median of each column on its own. Targets (issue): score ≥ 95, LCP ≤ 1.8 s, TBT ≤ 150 ms.',
    '',
    '| Deep link | Method | Score | FCP | LCP | TBT | runs (score / LCP / TBT) | load average (1 min) | misses |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.panel} | ${row.method === 'devtools' ? 'devtools (applied)' : 'simulate'} | ${row.median.score} | ${s(row.median.fcpMs)} | ${s(row.median.lcpMs)} | ${ms(row.median.tbtMs)} | ` +
        `${row.runs.map((run) => run.score).join('/')} · ${row.runs.map((run) => s(run.lcpMs)).join('/')} · ${row.runs.map((run) => ms(run.tbtMs)).join('/')} | ` +
        `${row.load[0].toFixed(1)} → ${row.load[1].toFixed(1)} | ${misses(row).join(', ') || 'none'} |`,
    ),
    '',
    `LCP elements: ${[...new Set(rows.flatMap((row) => row.runs.map((run) => `${row.panel.split(' ')[0]} \`${run.lcpElement || '?'}\``)))].join(', ')}.`,
    ...(retries ? ['', `${retries} run(s) failed inside Lighthouse (NO_NAVSTART and the like) and were run again.`] : []),
    ...(rows.some((row) => row.runs.some((run) => run.warnings.length))
      ? ['', `Lighthouse warned: ${[...new Set(rows.flatMap((row) => row.runs.flatMap((run) => run.warnings)))].join(' ')}`]
      : []),
  ];
  writeDocBlock('lighthouse', 'Lighthouse: LOGIN and QR on a phone, both throttling methods', lines);
  let ok = true;
  for (const row of rows) {
    const missed = misses(row);
    ok &&= missed.length === 0;
    console.log(
      `${row.panel.padEnd(20)} ${row.method.padEnd(9)} score ${String(row.median.score).padStart(3)}  LCP ${s(row.median.lcpMs)}  TBT ${ms(row.median.tbtMs)}  load ${row.load[0].toFixed(1)}→${row.load[1].toFixed(1)}${missed.length ? `  MISSES ${missed.join(', ')}` : ''}`,
    );
  }
  return ok;
}

function lighthouseVersion(): string {
  return (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
}
