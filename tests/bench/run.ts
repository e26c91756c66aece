// Benchmarks (npm run bench; not part of npm test): server start time and memory, sign-in and /auth/me
// latency against a real server process on a fresh embedded database, the loader's gzip size, and, in Chromium, the
// JavaScript a person downloads before the first panel shows (LOGIN signed out, QR signed in) with each library's
// share. The web figures are written into docs/performance.md (`npm run bench` builds first). Then the server bench
// (./server.ts): the hot routes next to a bare node:http floor, on Postgres with the scale data and on PGlite.
// `--server` runs the server bench alone (`npm run bench:server`); `--start` the start bench alone (./start.ts:
// `npm start` on fresh copies of the checkout, median of 3). `--web` measures only the web figures (the loader
// and the two first panels, with their shares, written into docs/performance.md) against a fresh server: sizes do not
// depend on the machine's load, so `npm run build && npx tsx tests/bench/run.ts --web` is valid on a busy machine.
// `--lighthouse` runs Lighthouse alone (./lighthouse.ts: the LOGIN and QR deep links on a phone, both throttling
// methods, median of 3, written into docs/performance.md; needs `npm run build` first and a machine as quiet as can be).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeDocBlock } from './doc-block';
import { measurePanelLoad, type PanelLoad } from './first-panel';
import { runDoorBench } from './door';
import { runEventsBench } from './events';
import { runLighthouseBench } from './lighthouse';
import { runServerBench } from './server';
import { runStartBench, START_TARGETS } from './start';

const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'tw-bench-'));

/** Budgets: a run over any of them exits non-zero. */
const budgets: Record<string, number> = {
  startSeconds: 10,
  rssMb: 1200,
  meP95Ms: 25,
  embedGzipKb: 6,
  firstPanelLoginGzipKb: 116,
  firstPanelQrGzipKb: 116,
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return response.json() as Promise<Record<string, string>>;
}

const webOnly = process.argv.includes('--web');

async function main() {
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', RATE_LIMIT_PER_MINUTE: '100000' },
    stdio: 'ignore',
  });
  const results: Record<string, number> = {};
  const panels: PanelLoad[] = [];
  try {
    for (;;) {
      // A web-only run does not time the start: a loaded machine may take longer.
      if (performance.now() - started > (webOnly ? 300_000 : 60_000)) throw new Error(`server did not start in ${webOnly ? 300 : 60} s`);
      const ok = await fetch(`${base}/v1/settings/qr`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    results.startSeconds = (performance.now() - started) / 1000;
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    results.rssMb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;

    const { session } = await post('/v1/auth/signInOrRegisterAndSignIn', { email: 'bench@example.com' });
    const outbox = (await (await fetch(`${base}/dev/outbox?to=bench@example.com`)).json()) as { text: string }[];
    const otp = outbox.at(-1)!.text.match(/\d{6}/)![0];
    const { accessToken, refreshToken } = await post('/v1/auth/verifyLoginRequest', { email: 'bench@example.com', otp, session });

    const timings: number[] = [];
    for (let i = 0; i < (webOnly ? 0 : 500); i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}/v1/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
      await response.arrayBuffer();
      timings.push(performance.now() - t0);
    }
    if (!webOnly) {
      results.meP50Ms = percentile(timings, 50);
      results.meP95Ms = percentile(timings, 95);
      results.meRequestsPerSecond = 1000 / (timings.reduce((a, b) => a + b, 0) / timings.length);
    }

    if (existsSync('dist/embed.js')) {
      results.embedGzipKb = gzipSync(readFileSync('dist/embed.js'), { level: 9 }).length / 1024;
      panels.push(
        await measurePanelLoad({ name: 'LOGIN (signed out)', baseUrl: base, distDir: 'dist', path: '/en/?PANEL_TAB=LOGIN', heading: 'Sign in or create an account' }),
        await measurePanelLoad({
          name: 'QR (signed in)',
          baseUrl: base,
          distDir: 'dist',
          path: '/en/?PANEL_TAB=QR',
          heading: 'My QR code',
          storage: { 'tw.accessToken': accessToken!, 'tw.refreshToken': refreshToken! },
        }),
      );
      results.firstPanelLoginGzipKb = panels[0]!.gzipKb;
      results.firstPanelQrGzipKb = panels[1]!.gzipKb;
    }
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }

  if (webOnly) {
    // Timings are not the point of a web-only run (and are meaningless on a shared machine).
    delete results.startSeconds;
    delete results.rssMb;
  }
  if (!existsSync('dist/embed.js')) console.log('(no dist/: run npm run build first for the web figures)');
  if (panels.length) writeWebFigures(panels, results.embedGzipKb!);

  let failed = false;
  for (const [name, value] of Object.entries(results)) {
    const budget = budgets[name as keyof typeof budgets];
    const over = budget !== undefined && value > budget;
    failed ||= over;
    console.log(`${name.padEnd(22)} ${value.toFixed(2).padStart(10)}${budget !== undefined ? `   budget ${budget}${over ? '  OVER' : ''}` : ''}`);
  }
  for (const panel of panels) {
    console.log(`\n${panel.name}: ${panel.gzipKb.toFixed(1)} KB gzip (${panel.transferredKb.toFixed(1)} KB transferred) in ${panel.scripts.length} scripts`);
    if (webOnly) for (const script of panel.scripts) console.log(`  file ${script.file.padEnd(40)} ${(script.gzipBytes / 1024).toFixed(2).padStart(7)} KB`);
    for (const share of panel.shares.slice(0, webOnly ? 40 : 12)) console.log(`  ${share.source.padEnd(28)} ${share.gzipKb.toFixed(1).padStart(6)} KB`);
  }
  if (webOnly) process.exit(failed || panels.length === 0 ? 1 : 0);
  // The door bench (a few seconds, no server): signing and drawing a code in Chromium, scanner verifications per second.
  const doorOk = await runDoorBench();
  const serverOk = await runServerBench();
  const startOk = await startBench();
  // Lighthouse on a phone (./lighthouse.ts): LOGIN and QR, both throttling methods, median of 3, against its targets.
  const lighthouseOk = await runLighthouseBench();
  process.exit(failed || !serverOk || !doorOk || !startOk || !lighthouseOk ? 1 : 0);
}

/** `npm start` three times over on fresh copies (./start.ts), its medians checked against their targets. */
async function startBench(): Promise<boolean> {
  const figures = await runStartBench();
  let ok = true;
  for (const [name, target] of Object.entries(START_TARGETS)) {
    const value = figures[name as keyof typeof START_TARGETS];
    const over = value > target;
    ok &&= !over;
    console.log(`${name.padEnd(34)} ${value.toFixed(1).padStart(7)} s   target ${target} s${over ? '  OVER' : ''}`);
  }
  console.log(`${'floorSeconds (server alone)'.padEnd(34)} ${figures.floorSeconds.toFixed(1).padStart(7)} s`);
  return ok;
}

/** Replaces the generated block of docs/performance.md with this run's web figures. */
function writeWebFigures(panels: PanelLoad[], embedGzipKb: number): void {
  const kb = (value: number) => value.toFixed(1);
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} by \`${webOnly ? 'npx tsx tests/bench/run.ts --web' : 'npm run bench'}\` (Chromium ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}, production build, local server).`,
    '',
    '| What | gzip | transferred | budget |',
    '|---|---|---|---|',
    `| Loader (dist/embed.js), on every host page | ${kb(embedGzipKb)} KB | | ≤ ${budgets.embedGzipKb} KB |`,
    ...panels.map((panel) => `| JavaScript before the first panel: ${panel.name} | ${kb(panel.gzipKb)} KB | ${kb(panel.transferredKb)} KB | ≤ ${budgets.firstPanelLoginGzipKb} KB |`),
    '',
    ...panels.flatMap((panel) => [
      `Shares of ${panel.name} (gzip): ` + panel.shares.filter((share) => share.gzipKb >= 0.5).map((share) => `${share.source} ${kb(share.gzipKb)} KB`).join(', ') + '.',
      '',
    ]),
  ];
  writeDocBlock('first-panel', 'Web app: JavaScript before the first panel', lines);
}

if (process.argv.includes('--lighthouse')) {
  void runLighthouseBench().then((ok) => process.exit(ok ? 0 : 1));
} else if (process.argv.includes('--start')) {
  void startBench().then((ok) => process.exit(ok ? 0 : 1));
} else if (process.argv.includes('--server')) {
  // BENCH_ONLY (a subset of the hot routes, while working on them) leaves the events bench out.
  void runServerBench()
    .then(async (ok) => (process.env.BENCH_ONLY === undefined ? await runEventsBench() : true) && ok)
    .then((ok) => process.exit(ok ? 0 : 1));
} else {
  void main();
}
