// `npm start`: the product first. Builds (or reuses) the wallet, the loader and the scanner, starts the server, and
// only once it listens builds (or reuses) the statechart visualiser and its test paths, which /visualizer shows as
// "being prepared" until then. Each part is reused when its key (scripts/build-cache.ts: a hash of its sources, the
// lock file and the build config) matches its last complete build. The log says what was reused and what was built,
// and, while a step runs, how long it has run and about how long is left (from that step's time last time).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildKey, needsBuild, readTimes, recordKey } from './build-cache';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const cacheDir = join(root, 'node_modules', '.cache', 'tw-start');
const keysFile = join(dist, '.build-keys.json');
const timesFile = join(cacheDir, 'times.json');
mkdirSync(cacheDir, { recursive: true });

const CONFIG = ['package.json', 'package-lock.json', '.parcelrc', 'tsconfig.json'];
const PRODUCT_INPUTS = ['src', 'machines', 'locales', 'index.html', 'scripts/finalize-dist.mjs', ...CONFIG];
const VISUALIZER_INPUTS = ['src', 'machines', 'locales', 'tests/machines', 'scripts/visualizer-paths.ts', 'scripts/macro-imports.mjs', ...CONFIG];
/** A first start's guesses (seconds, a quiet 2-core machine), until a step has a time of its own. */
const FIRST_GUESS: Record<string, number> = { wallet: 25, scanner: 8, visualiser: 35, paths: 60 };

const times = readTimes(timesFile);
const log = (line: string) => console.log(`[start] ${line}`);

function run(step: string, label: string, command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  const started = Date.now();
  const expected = times[step] ?? FIRST_GUESS[step] ?? 30;
  log(`${label}… (about ${Math.round(expected)} s${times[step] ? '' : ', a first guess'})`);
  return new Promise((done, fail) => {
    const child: ChildProcess = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    const progress = setInterval(() => {
      const elapsed = (Date.now() - started) / 1000;
      const left = expected - elapsed;
      log(`${label}: ${Math.round(elapsed)} s so far, ${left > 1 ? `about ${Math.round(left)} s left` : 'taking longer than last time'}`);
    }, 10_000);
    child.once('error', fail);
    child.once('exit', (code) => {
      clearInterval(progress);
      if (code !== 0) return fail(new Error(`${label} failed (exit ${code})`));
      const took = (Date.now() - started) / 1000;
      times[step] = took;
      writeFileSync(timesFile, `${JSON.stringify(times, null, 2)}\n`);
      log(`${label}: done in ${took.toFixed(1)} s`);
      done();
    });
  });
}

const parcel = join(root, 'node_modules', '.bin', 'parcel');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const production = { NODE_ENV: 'production' };

async function buildProduct(): Promise<void> {
  const key = buildKey(root, PRODUCT_INPUTS);
  const outputs = ['index.html', 'embed.js', 'scan/scan-client.js'].map((file) => join(dist, file));
  if (!needsBuild(keysFile, 'product', key, outputs)) {
    log(`wallet, loader and scanner: reused (sources, lock file and config unchanged, key ${key.slice(0, 12)})`);
    return;
  }
  log(`wallet, loader and scanner: building (key ${key.slice(0, 12)}, ${existsSync(keysFile) ? 'something changed' : 'no earlier build'})`);
  // Everything but the visualiser (its own part) goes, so no file of an earlier build is left to serve.
  mkdirSync(dist, { recursive: true });
  for (const name of readdirSync(dist)) if (name !== 'visualizer') rmSync(join(dist, name), { recursive: true, force: true });
  await run('wallet', 'building the wallet and the loader', parcel, ['build', '--no-cache', '--target', 'embed', '--target', 'app'], production);
  // Finishing the wallet (one Node process over dist/'s own files and dist/v1/) and the scanner's build (into
  // dist/scan/, which finishing does not read) side by side.
  await Promise.all([
    run('finalize', 'finishing the wallet (integrity, compressed copies)', 'sh', ['-c', 'cp index.html dist/index.html && node scripts/finalize-dist.mjs']),
    run('scanner', 'building the door scanner', parcel, ['build', '--no-cache', '--target', 'scan'], production),
  ]);
  recordKey(keysFile, 'product', key);
}

async function buildVisualizer(): Promise<void> {
  const key = buildKey(root, VISUALIZER_INPUTS);
  const outputs = ['index.html', 'ready'].map((file) => join(dist, 'visualizer', file));
  if (!needsBuild(keysFile, 'visualizer', key, outputs)) {
    log(`visualiser and its test paths: reused (key ${key.slice(0, 12)})`);
    return;
  }
  log(`visualiser and its test paths: building (key ${key.slice(0, 12)}); /visualizer says "being prepared" until they are ready`);
  rmSync(join(dist, 'visualizer'), { recursive: true, force: true });
  // The page and the paths side by side (the paths go to dist/visualizer/paths/, which the page's build does not
  // touch); `ready`, which the server waits for, only once both are complete.
  await Promise.all([
    run('visualiser', 'building the visualiser', parcel, ['build', '--no-cache', '--target', 'visualizer'], { ...production, TW_KEEP_DOCS: '1' }),
    run('paths', "replaying the machines' test paths for the visualiser", tsx, ['--import', './scripts/macro-imports.mjs', 'scripts/visualizer-paths.ts', 'dist/visualizer', '--no-ready']),
  ]);
  writeFileSync(join(dist, 'visualizer', 'ready'), `${new Date().toISOString()}\n`);
  recordKey(keysFile, 'visualizer', key);
}

const began = Date.now();
await buildProduct();
log(`starting the server (${((Date.now() - began) / 1000).toFixed(1)} s after npm start)`);
// The demo site's "signed-in site user" (docs/embedding.md): on for a laptop's npm start unless DEMO_SITE_SIGN_IN says
// otherwise, or an organisation's keys are configured; the server refuses it in production.
const demoSignIn = process.env.DEMO_SITE_SIGN_IN ?? (process.env.HOST_SIGN_IN_JWKS_URL || process.env.HOST_SIGN_IN_JWKS_FILE || process.env.NODE_ENV === 'production' ? 'false' : 'true');
const server = spawn(tsx, ['src/server/main.ts'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEMO_SITE_SIGN_IN: demoSignIn } });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** Until the server answers: then the visualiser may take the machine. */
const probe = `http://127.0.0.1:${process.env.PORT || 3000}/embed.js`;
while (server.exitCode === null) {
  const answered = await fetch(probe, { method: 'HEAD' }).then(
    (response) => response.ok,
    () => false,
  );
  if (answered) break;
  await new Promise((wait) => setTimeout(wait, 200));
}
log(`the server answers (${((Date.now() - began) / 1000).toFixed(1)} s after npm start)`);
buildVisualizer().then(
  () => log(`/visualizer ready (${((Date.now() - began) / 1000).toFixed(1)} s after npm start)`),
  (error: unknown) => log(`the visualiser did not build: ${(error as Error).message}; the server goes on without it`),
);
