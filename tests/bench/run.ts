// Benchmarks (npm run bench; not part of npm test): server start time and memory, sign-in and /auth/me
// latency against a real server process on a fresh embedded database, and the gzip sizes of the two web bundles:
// the loader every host page includes (dist/embed.js) and the app it fetches when the wallet opens.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'tw-bench-'));

/** Budgets: a run over any of them exits non-zero. */
const budgets = { startSeconds: 10, rssMb: 1200, meP95Ms: 25, embedGzipKb: 8, appGzipKb: 190 };

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

async function main() {
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', RATE_LIMIT_PER_MINUTE: '100000' },
    stdio: 'ignore',
  });
  const results: Record<string, number> = {};
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('server did not start in 60 s');
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
    const { accessToken } = await post('/v1/auth/verifyLoginRequest', { email: 'bench@example.com', otp, session });

    const timings: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}/v1/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
      await response.arrayBuffer();
      timings.push(performance.now() - t0);
    }
    results.meP50Ms = percentile(timings, 50);
    results.meP95Ms = percentile(timings, 95);
    results.meRequestsPerSecond = 1000 / (timings.reduce((a, b) => a + b, 0) / timings.length);
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }

  const built = existsSync('dist') ? readdirSync('dist') : [];
  const gzipKb = (file: string) => gzipSync(readFileSync(join('dist', file))).length / 1024;
  const bundles = {
    embedGzipKb: built.find((file) => file === 'embed.js'),
    appGzipKb: built.find((file) => /^wallet-app\.[0-9a-f]+\.js$/.test(file)),
  };
  for (const [name, file] of Object.entries(bundles)) if (file) results[name] = gzipKb(file);

  let failed = false;
  for (const [name, value] of Object.entries(results)) {
    const budget = budgets[name as keyof typeof budgets];
    const over = budget !== undefined && value > budget;
    failed ||= over;
    console.log(`${name.padEnd(22)} ${value.toFixed(2).padStart(10)}${budget !== undefined ? `   budget ${budget}${over ? '  OVER' : ''}` : ''}`);
  }
  for (const [name, file] of Object.entries(bundles)) {
    if (!file) console.log(`${name.padEnd(22)} (not in dist/: run npm run build first)`);
  }
  process.exit(failed ? 1 : 0);
}

void main();
