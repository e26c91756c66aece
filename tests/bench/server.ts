// The server bench (`npm run bench:server`, or the server part of `npm run bench`): the hot routes at the gate, each
// measured next to its floor, a bare node:http server doing the same work and sending the same bytes, headers
// included (tests/bench/floor.ts), in pairs of rounds taken one right after the other (./paired.ts). Both run on a fresh
// Postgres database holding the scale data (`npm run seed:scale`) and on PGlite (the demo data). The server under
// test runs on core 0 and autocannon on core 1 (taskset); one after the other, never both at once. Writes the table
// into docs/performance.md and answers whether every budget held.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { writeDocBlock } from './doc-block';
import { medianRun, pairedRatio, type Run } from './paired';
import { signAccessToken } from '../../src/server/modules/auth/tokens';
import { createTicketService } from '../../src/server/modules/tickets/service';

const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/**
 * App and floor rounds per route: PAIRS pairs of SECONDS s each side, the floor's round right next to the app's, so a
 * machine whose speed drifts slows both sides of a pair alike; the median of the pairs' ratios is the figure.
 */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** The proxy runs (one instance against two): best of PROXY_ROUNDS runs of PROXY_SECONDS s. */
const PROXY_ROUNDS = 2;
const PROXY_SECONDS = 5;
const WARMUP_SECONDS = 2;
const CONNECTIONS = 50;
const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;
const SERVER_CORE = '0';
const LOAD_CORE = '1';
/**
 * Holders of the many-holders QR run: more than a run sends requests and than the cache holds, so every request
 * draws a code, as at the doors, where each holder asks once a window.
 */
const QR_HOLDERS = 100_000;

/** Budgets: the ratio to the floor each route must reach, and latency and memory ceilings. */
export const serverBudgets = {
  qrRatio: 0.5,
  noSqlRatio: 0.7,
  /** My tickets and one ticket, answered from the hot-read cache, against the floor sending the same fixed bytes. */
  hotReadRatio: 0.5,
  /** Postgres with the scale data, c=50. */
  ticketP99Ms: 25,
  pgliteIdleRssMb: 400,
  seedScaleSeconds: 120,
};

type Kind = 'postgres' | 'pglite';

interface Row {
  kind: Kind;
  route: string;
  /** Each side's rounds in one: the median of req/s, p50 and p99, the sum of requests, non-2xx and errors. */
  app: Run;
  floor: Run;
  /** The same bytes with a content type alone (no security, CORS or cache headers). */
  bare: Run;
  /** The median of the paired ratios (app round / the floor round next to it): checked against the budget. */
  ratio: number;
  /** The lowest and highest paired ratio. */
  ratioSpread: [number, number];
  bareRatio: number;
  bareRatioSpread: [number, number];
  target?: number;
  p99Budget?: number;
  ok: boolean;
}

interface KindResult {
  kind: Kind;
  rows: Row[];
  rssIdleMb: number;
  /** PGlite: idle right after the first start, which also created the data directory. */
  rssFirstStartMb: number;
  rssLoadedMb: number;
  floorRssIdleMb: number;
}

/** Headers every HTTP server writes for itself: not copied to the floor. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** The node process under `taskset … node`: taskset execs node, so the pid is node's own. */
function startPinned(script: string, env: Record<string, string>): ChildProcess {
  return spawn('taskset', ['-c', SERVER_CORE, process.execPath, '--import', 'tsx', script], {
    env: { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', JWT_SECRET, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitReady(base: string, path: string): Promise<void> {
  const started = performance.now();
  for (;;) {
    if (performance.now() - started > 180_000) throw new Error(`${base}${path} did not answer in 180 s`);
    const ok = await fetch(base + path).then((r) => r.status < 500, () => false);
    if (ok) return;
    await sleep(100);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

function load(options: { url: string; seconds: number; token?: string; tokensFile?: string }): Run {
  const output = execFileSync(
    'taskset',
    ['-c', LOAD_CORE, process.execPath, 'tests/bench/load.mjs', JSON.stringify({ ...options, connections: CONNECTIONS })],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(output) as Run;
}

function measure(options: { url: string; token?: string; tokensFile?: string }, warmUp: boolean, seconds = SECONDS): Run {
  if (warmUp) load({ ...options, seconds: WARMUP_SECONDS });
  return load({ ...options, seconds });
}

/** Signs a user in over HTTP through the dev outbox's one-time code, as a person would; their access token. */
export async function signIn(base: string, email: string): Promise<string> {
  const post = async (path: string, body: unknown) =>
    (await (await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as Record<string, string>;
  const { session } = await post('/v1/auth/signInOrRegisterAndSignIn', { email });
  const outbox = (await (await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
  const otp = outbox.at(-1)!.text.match(/\d{6}/)![0];
  const { accessToken } = await post('/v1/auth/verifyLoginRequest', { email, otp, session });
  if (!accessToken) throw new Error(`could not sign in ${email}`);
  return accessToken;
}

const routes = [
  { key: 'qr', name: 'Entry QR, one holder (GET /auth/access/qrCodeData)', path: '/v1/auth/access/qrCodeData', target: serverBudgets.qrRatio },
  { key: 'qrMany', name: `Entry QR, ${QR_HOLDERS.toLocaleString('en')} holders (every request draws a code)`, path: '/v1/auth/access/qrCodeData' },
  { key: 'settings', name: 'QR settings, no SQL (GET /settings/qr)', path: '/v1/settings/qr', target: serverBudgets.noSqlRatio },
  { key: 'me', name: 'Who am I, SQL on every request (GET /auth/me)', path: '/v1/auth/me' },
  { key: 'list', name: 'Ticket listing (GET /list/ticket_listing?status=UPCOMING)', path: '/v1/list/ticket_listing?status=UPCOMING', target: serverBudgets.hotReadRatio, p99: true },
  { key: 'detail', name: 'Ticket detail (GET /list/ticket_listing/:id)', path: '/v1/list/ticket_listing/', target: serverBudgets.hotReadRatio, p99: true },
] as const;

/** BENCH_ONLY=qr,list runs only those routes (while working on one; the full run writes the table). */
function selectedRoutes() {
  const only = process.env.BENCH_ONLY?.split(',');
  return routes.filter((route) => !only || only.includes(route.key) || (route.key === 'qr' && only.includes('qrMany')));
}

async function benchKind(kind: Kind, databaseUrl: string, dataDir: string, email: string, tokensFile: string): Promise<KindResult> {
  const port = 3900 + Math.floor(Math.random() * 50);
  const floorPort = port + 50;
  const base = `http://127.0.0.1:${port}`;
  const floorBase = `http://127.0.0.1:${floorPort}`;
  const env = { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  let app = startPinned('src/server/main.ts', env);
  let floor: ChildProcess | undefined;
  const appRounds: Record<string, Run[]> = {};
  const floorRounds: Record<string, Run[]> = {};
  const bareRounds: Record<string, Run[]> = {};
  let rssIdleMb = 0;
  let rssFirstStartMb = 0;
  let rssLoadedMb = 0;
  let floorRssIdleMb = 0;
  try {
    await waitReady(base, '/v1/settings/qr');
    await sleep(1_000);
    rssIdleMb = rssMb(app.pid!);
    const token = await signIn(base, email);
    const userId = Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub);
    const list = (await (await fetch(`${base}/v1/list/ticket_listing?status=UPCOMING`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      userTicketId: number;
    }[];
    if (!list.length) throw new Error(`${email} has no upcoming ticket`);
    const ticketId = list[0]!.userTicketId;
    let floorEnv: Record<string, string> = { ...env, PORT: String(floorPort), USER_ID: String(userId), TICKET_ID: String(ticketId) };
    if (kind === 'pglite') {
      // One process per PGlite directory: the floor gets a copy. The app starts again on its own, now existing,
      // directory, which is how a server usually starts (the first start also creates the directory).
      rssFirstStartMb = rssIdleMb;
      await stop(app);
      cpSync(dataDir, `${dataDir}-floor`, { recursive: true });
      floorEnv = { ...floorEnv, DATA_DIR: `${dataDir}-floor` };
      app = startPinned('src/server/main.ts', env);
      await waitReady(base, '/v1/settings/qr');
      await sleep(1_000);
      rssIdleMb = rssMb(app.pid!);
    }
    // The floor answers each path with the headers the app sends on it (same bytes out).
    const headersFile = join(dirname(dataDir), `${kind}-floor-headers.json`);
    const headers: Record<string, Record<string, string>> = {};
    for (const route of selectedRoutes()) {
      const path = route.path + (route.key === 'detail' ? ticketId : '');
      const answer = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
      await answer.arrayBuffer();
      headers[path] = Object.fromEntries([...answer.headers].filter(([name]) => !OWN_HEADERS.has(name)));
    }
    writeFileSync(headersFile, JSON.stringify(headers));
    floorEnv = { ...floorEnv, FLOOR_HEADERS: headersFile };
    floor = startPinned('tests/bench/floor.ts', floorEnv);
    await waitReady(floorBase, '/v1/settings/qr');
    await sleep(1_000);
    floorRssIdleMb = rssMb(floor.pid!);
    // App and floor take turns route by route in PAIRS pairs of rounds, each app round right next to its floor round
    // (and the bare floor's): a machine whose speed drifts (other work, clocks, the scheduler) slows both rounds of a
    // pair alike, so each pair's ratio holds even when the absolute figures move between pairs. The order turns
    // around every other pair (app, floor, bare; then bare, floor, app) so a steady drift favours neither side.
    for (const route of selectedRoutes()) {
      const path = route.path + (route.key === 'detail' ? ticketId : '');
      const app: Run[] = [];
      const floor: Run[] = [];
      const bare: Run[] = [];
      for (let round = 0; round < PAIRS; round++) {
        const first = round === 0;
        const sides: (() => void)[] = [
          () => app.push(route.key === 'qrMany' ? measure({ url: base + path, tokensFile }, first) : measure({ url: base + path, token }, first)),
        ];
        // The many-holders run has no floor of its own: it is set against the one-holder route's floor rounds.
        if (route.key !== 'qrMany') {
          sides.push(
            () => floor.push(measure({ url: floorBase + path }, first)),
            () => bare.push(measure({ url: `${floorBase}/bare${path}` }, first)),
          );
        }
        for (const side of round % 2 ? sides.reverse() : sides) side();
      }
      appRounds[route.key] = app;
      if (floor.length) floorRounds[route.key] = floor;
      if (bare.length) bareRounds[route.key] = bare;
      const floorOf = floorRounds[route.key === 'qrMany' ? 'qr' : route.key];
      const paired = floorOf ? pairedRatio(app, floorOf) : undefined;
      const figures = paired ? `, ratio ${paired.ratio.toFixed(2)} (pairs ${paired.spread.map((r) => r.toFixed(2)).join('–')})` : '';
      console.log(
        `[bench:server] ${kind} ${route.key.padEnd(8)} app ${app.map((run) => run.requestsPerSecond.toFixed(0)).join(' ')} req/s` +
          (floor.length ? `; floor ${floor.map((run) => run.requestsPerSecond.toFixed(0)).join(' ')}` : '') +
          figures,
      );
    }
    rssLoadedMb = rssMb(app.pid!);
  } finally {
    await stop(app);
    if (floor) await stop(floor);
  }

  const rows = selectedRoutes().map((route): Row => {
    const app = appRounds[route.key]!;
    const floor = floorRounds[route.key === 'qrMany' ? 'qr' : route.key]!;
    const bare = bareRounds[route.key === 'qrMany' ? 'qr' : route.key]!;
    const [appRun, floorRun, bareRun] = [medianRun(app), medianRun(floor), medianRun(bare)];
    const { ratio, spread: ratioSpread } = pairedRatio(app, floor);
    const { ratio: bareRatio, spread: bareRatioSpread } = pairedRatio(app, bare);
    const target = 'target' in route ? route.target : undefined;
    const p99Budget = 'p99' in route && kind === 'postgres' ? serverBudgets.ticketP99Ms : undefined;
    const clean = [appRun, floorRun, bareRun].every((run) => run.non2xx === 0 && run.errors === 0);
    const ok = clean && (target === undefined || ratio >= target) && (p99Budget === undefined || appRun.p99 < p99Budget);
    return { kind, route: route.name, app: appRun, floor: floorRun, bare: bareRun, ratio, ratioSpread, bareRatio, bareRatioSpread, target, p99Budget, ok };
  });
  return { kind, rows, rssIdleMb, rssFirstStartMb, rssLoadedMb, floorRssIdleMb };
}

interface ProxyRow {
  route: string;
  one: Run;
  two: Run;
}

const proxyRoutes = routes.filter((route) => route.key === 'settings' || route.key === 'list' || route.key === 'detail');

/**
 * The hot routes through the proxy of `npm run cluster` (scripts/cluster.ts, src/proxy/) with one instance and with
 * two, on the scale data. The cluster (proxy and instances) is pinned to core 0 like the single server above, and
 * autocannon to core 1: on this 2-core machine two instances share the one core, so the figures show what the
 * proxy hop and the split cost, not how far more cores would carry. The token is signed with the cluster's secret
 * (the sign-in codes are in each instance's own outbox).
 */
async function benchProxy(databaseUrl: string, email: string, scratch: string): Promise<ProxyRow[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  await client.end();
  const token = await signAccessToken(new TextEncoder().encode(JWT_SECRET), { userId: rows[0]!.id, familyId: randomUUID() }, new Date(), 3600);
  const runs: Record<string, Partial<Record<'one' | 'two', Run>>> = {};
  for (const [count, side] of [
    [1, 'one'],
    [2, 'two'],
  ] as const) {
    const port = 4100 + Math.floor(Math.random() * 80);
    const base = `http://127.0.0.1:${port}`;
    const cluster = spawn('taskset', ['-c', SERVER_CORE, process.execPath, '--import', 'tsx', 'scripts/cluster.ts'], {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000',
        JWT_SECRET,
        NODE_ENV: 'development',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        DATA_DIR: join(scratch, `cluster-${count}`),
        CLUSTER_INSTANCES: String(count),
        SEED_DEMO: 'false',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      await waitReady(base, '/v1/settings/qr');
      // Every instance answers before the load starts (round-robin: a few requests reach each).
      for (let i = 0; i < 4 * count; i++) await fetch(`${base}/v1/settings/qr`).then((r) => r.arrayBuffer());
      const list = (await (await fetch(`${base}/v1/list/ticket_listing?status=UPCOMING`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        userTicketId: number;
      }[];
      const ticketId = list[0]!.userTicketId;
      for (const route of proxyRoutes) {
        const url = base + route.path + (route.key === 'detail' ? ticketId : '');
        const best = Array.from({ length: PROXY_ROUNDS }, (_, round) => measure({ url, token }, round === 0, PROXY_SECONDS)).reduce((a, b) =>
          b.requestsPerSecond > a.requestsPerSecond ? b : a,
        );
        runs[route.key] = { ...runs[route.key], [side]: best };
        console.log(`[bench:server] proxy, ${count} instance(s) ${route.key.padEnd(8)} ${best.requestsPerSecond.toFixed(0)} req/s, p99 ${best.p99} ms`);
      }
    } finally {
      await stop(cluster);
    }
  }
  return proxyRoutes.map((route) => ({ route: route.name, one: runs[route.key]!.one!, two: runs[route.key]!.two! }));
}

/** EXPLAIN ANALYZE of every SELECT the ticket listing and detail run for the bench user, on the scale data. */
async function explainTicketQueries(url: string, email: string): Promise<string> {
  const queries: [string, unknown[]][] = [];
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1, logQuery: (query, params) => queries.push([query, params]) });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    const tickets = createTicketService({ db: database.db, now: () => new Date() });
    queries.length = 0;
    const list = await tickets.list(rows[0]!.id, 'UPCOMING');
    const listCount = queries.length;
    await tickets.detail(rows[0]!.id, list[0]!.userTicketId);
    const parts: string[] = [];
    for (const [index, [query, params]] of queries.entries()) {
      const plan = await client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${query}`, params as unknown[]);
      const lines = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN'] ?? '');
      parts.push(`-- ${index < listCount ? 'listing' : 'detail'}, query ${index + 1}:`, `-- ${query}`, ...lines, '');
    }
    return parts.join('\n');
  } finally {
    await client.end();
    await database.close();
  }
}

function machine(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const [one, five] = loadavg();
  return `${model}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average at start ${one!.toFixed(2)} (1 min) / ${five!.toFixed(2)} (5 min)`;
}

export async function runServerBench(): Promise<boolean> {
  const loadAtStart = machine();
  const scratch = mkdtempSync(join(tmpdir(), 'tw-bench-server-'));
  const name = `tw_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  const results: KindResult[] = [];
  let seedSeconds = 0;
  let plans = '';
  let proxyRows: ProxyRow[] = [];
  try {
    // Tokens of many holders for the cold QR run: signed like the server's, for users who need not exist (the QR
    // route reads no table).
    const tokensFile = join(scratch, 'tokens.txt');
    const tokens = await Promise.all(
      Array.from({ length: QR_HOLDERS }, (_, i) => signAccessToken(new TextEncoder().encode(JWT_SECRET), { userId: 1_000_000 + i, familyId: randomUUID() }, new Date(), 3600)),
    );
    writeFileSync(tokensFile, tokens.join('\n'));

    const kinds = process.env.BENCH_KINDS?.split(',') ?? ['postgres', 'pglite'];
    if (kinds.includes('postgres')) {
      const seedStarted = performance.now();
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/seed-scale.ts'], { env: { ...process.env, DATABASE_URL: url.toString() }, stdio: 'inherit' });
      seedSeconds = (performance.now() - seedStarted) / 1000;
      plans = await explainTicketQueries(url.toString(), 'scale-1@example.com');
    }
    if (kinds.includes('postgres')) results.push(await benchKind('postgres', url.toString(), join(scratch, 'pg'), 'scale-1@example.com', tokensFile));
    if (kinds.includes('postgres') && process.env.BENCH_PROXY !== '0') proxyRows = await benchProxy(url.toString(), 'scale-1@example.com', scratch);
    if (kinds.includes('pglite')) results.push(await benchKind('pglite', '', join(scratch, 'pglite'), 'alex@example.com', tokensFile));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(scratch, { recursive: true, force: true });
  }

  const pglite = results.find((result) => result.kind === 'pglite');
  const memoryOk = !pglite || pglite.rssIdleMb <= serverBudgets.pgliteIdleRssMb;
  const seedOk = seedSeconds <= serverBudgets.seedScaleSeconds;
  const rows = results.flatMap((result) => result.rows);
  const partial = process.env.BENCH_ONLY !== undefined || process.env.BENCH_KINDS !== undefined;
  if (!partial) writeServerFigures({ results, seedSeconds, plans, machine: loadAtStart });
  if (proxyRows.length && process.env.BENCH_ONLY === undefined) writeProxyFigures(proxyRows);

  for (const row of rows) {
    console.log(
      `${row.kind.padEnd(8)} ${row.route.slice(0, 48).padEnd(48)} ${row.app.requestsPerSecond.toFixed(0).padStart(6)} / ${row.floor.requestsPerSecond.toFixed(0).padStart(6)} ≈ ${row.ratio.toFixed(2)} [${row.ratioSpread.map((r) => r.toFixed(2)).join('–')}] (bare ${row.bareRatio.toFixed(2)})  p99 ${row.app.p99} ms${row.ok ? '' : '  OVER'}`,
    );
  }
  for (const result of results) console.log(`${result.kind}: RSS idle ${result.rssIdleMb.toFixed(0)} MB, after load ${result.rssLoadedMb.toFixed(0)} MB`);
  console.log(`seed:scale ${seedSeconds.toFixed(1)} s${seedOk ? '' : '  OVER'}; PGlite idle RSS ${pglite?.rssIdleMb.toFixed(0)} MB${memoryOk ? '' : '  OVER'}`);
  return rows.every((row) => row.ok) && memoryOk && seedOk;
}

function writeProxyFigures(rows: ProxyRow[]): void {
  const errors = (run: Run) => (run.non2xx || run.errors ? ` (**${run.non2xx} non-2xx, ${run.errors} errors**)` : '');
  writeDocBlock('proxy', 'Server: the hot routes through the proxy, one instance against two', [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench:server\`, on the same Postgres database with the scale data, right after the table above.`,
    '',
    `\`npm run cluster\` (the round-robin proxy of src/proxy/ and its instances, no Redis) pinned to core ${SERVER_CORE}, autocannon on core ${LOAD_CORE}, ${CONNECTIONS}`,
    `connections, best of ${PROXY_ROUNDS} runs of ${PROXY_SECONDS} s. On this 2-core machine the two instances share the proxy's core: the figures show the cost`,
    'of the proxy hop and of splitting the load, not the gain of more cores (each instance keeps its own hot-read cache,',
    'so with two the cache is filled twice).',
    '',
    '| Route | 1 instance: req/s | p50 / p99 | 2 instances: req/s | p50 / p99 | 2 against 1 |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.route} | ${row.one.requestsPerSecond.toFixed(0)}${errors(row.one)} | ${row.one.p50} / ${row.one.p99} ms | ${row.two.requestsPerSecond.toFixed(0)}${errors(row.two)} | ${row.two.p50} / ${row.two.p99} ms | ${(row.two.requestsPerSecond / row.one.requestsPerSecond).toFixed(2)}× |`,
    ),
  ]);
}

function writeServerFigures({ results, seedSeconds, plans, machine }: { results: KindResult[]; seedSeconds: number; plans: string; machine: string }): void {
  const fixed = (value: number, digits = 0) => value.toFixed(digits);
  const verdict = (row: Row) => (row.target === undefined && row.p99Budget === undefined ? (row.ok ? 'no errors' : '**errors**') : row.ok ? 'met' : '**not met**');
  const budget = (row: Row) =>
    [row.target !== undefined ? `≥ ${row.target}×` : '', row.p99Budget !== undefined ? `p99 < ${row.p99Budget} ms` : ''].filter(Boolean).join(', ') || '—';
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench:server\` (also part of \`npm run bench\`).`,
    '',
    `Machine: ${machine}. The server under test is pinned to core ${SERVER_CORE} and autocannon to core ${LOAD_CORE}`,
    `(\`taskset\`); ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up of each side, then ${PAIRS} pairs of rounds of ${SECONDS} s per route: each`,
    'app round right next to a round of each floor (app, floor, bare; the next pair bare, floor, app), so a drift of the',
    "machine's speed slows both rounds of a pair alike. The ratio checked against the budget is the **median of the",
    'paired ratios** (app round / the floor round of its pair), with their lowest and highest beside it; the req/s,',
    'p50 and p99 columns are the median of each side\'s rounds (the p99 budget is checked against the app\'s median p99).',
    'Two floors, both a bare `node:http` server sending fixed bytes (each body read once at its start, no SQL, no',
    'token check): "same headers" sends the headers the app sent on that path (security headers, CORS, Cache-Control,',
    'ETag), so its ratio is the cost of the framework, its hooks, the token check and any SQL, not of the header set;',
    '"bare" sends the body with a content type alone. The budgets are ratios to the same-headers floor. Absolute',
    'figures move with whatever else the machine runs: compare the ratios, each taken against the floors measured in',
    'the same pairs.',
    '',
    '| Database | Route | app req/s | app p50 / p99 | floor, same headers: req/s | p50 / p99 | ratio (median of pairs) | pairs, lowest–highest | floor, bare: req/s | ratio | budget | |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.flatMap((result) =>
      result.rows.map(
        (row) =>
          `| ${row.kind} | ${row.route} | ${fixed(row.app.requestsPerSecond)} | ${row.app.p50} / ${row.app.p99} ms | ${fixed(row.floor.requestsPerSecond)} | ${row.floor.p50} / ${row.floor.p99} ms | ${fixed(row.ratio, 2)}× | ${row.ratioSpread.map((r) => fixed(r, 2)).join('–')} | ${fixed(row.bare.requestsPerSecond)} | ${fixed(row.bareRatio, 2)}× | ${budget(row)} | ${verdict(row)} |`,
      ),
    ),
    '',
    '| Database | server RSS idle | idle right after creating the data directory | after the load above | floor RSS idle | budget |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (result) =>
        `| ${result.kind} | ${fixed(result.rssIdleMb)} MB | ${result.rssFirstStartMb ? `${fixed(result.rssFirstStartMb)} MB` : '—'} | ${fixed(result.rssLoadedMb)} MB | ${fixed(result.floorRssIdleMb)} MB | ${result.kind === 'pglite' ? `idle ≤ ${serverBudgets.pgliteIdleRssMb} MB` : '—'} |`,
    ),
    '',
    `\`npm run seed:scale\` (100,000 users, 1,000,000 tickets) took ${fixed(seedSeconds, 1)} s (budget ${serverBudgets.seedScaleSeconds} s).`,
    '',
    'Commands: `taskset -c 0 node --import tsx src/server/main.ts` (and `tests/bench/floor.ts`), loaded by',
    '`taskset -c 1 node tests/bench/load.mjs \'{"url":…,"connections":50,"seconds":5}\'` (autocannon).',
    '',
    '<details><summary>EXPLAIN ANALYZE of the ticket listing and detail queries on the scale data</summary>',
    '',
    '```',
    plans.trim(),
    '```',
    '',
    '</details>',
  ];
  writeDocBlock('server', 'Server: the hot routes at the gate, next to their floor', lines);
}
