// Where a hot route's time goes, per request (`tsx tests/bench/profile.ts`): the throughput figures of the server
// bench move with whatever else the machine runs, a CPU profile's share of each part does not. Starts a server as the
// bench does (pinned to core 0, PGlite with the demo data, LOG_LEVEL=warn unless PROFILE_LOG_LEVEL says otherwise)
// under `node --cpu-prof`, drives one route with autocannon on core 1, and splits the samples taken during the load
// by the part of the request they were in (the deepest matching frame of each sample's stack), divided by the
// requests served: µs per request per part.
//
// PROFILE_TARGETS=app,fastify,floor (default all three): the app; a bare Fastify app (no plugin, no hook, the same
// fixed bytes with the same headers: the framework's own ceiling); the bench's floor (tests/bench/floor.ts, bare
// node:http). PROFILE_ROUTES=settings,list,detail,qr (default settings,detail). PROFILE_SECONDS (default 6).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn } from './server';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 6);
const JWT_SECRET = `profile-${randomBytes(24).toString('hex')}`;
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const routePaths: Record<string, string> = {
  settings: '/v1/settings/qr',
  list: '/v1/list/ticket_listing?status=UPCOMING',
  detail: '/v1/list/ticket_listing/',
  qr: '/v1/auth/access/qrCodeData',
};

/** The parts of a request, by the frames that mark them; the deepest matching frame of a sample decides. */
const parts: [string, (frame: { functionName: string; url: string }) => boolean][] = [
  ['promise jobs and ticks (async hooks, await)', (f) => f.url === 'node:internal/process/task_queues' || f.functionName === 'runMicrotasks'],
  ['timers (socket timeouts)', (f) => f.url === 'node:internal/timers' || f.functionName === 'setStreamTimeout'],
  ['node http: headers out (setHeader, writeHead)', (f) => /^(setHeader|writeHead|_storeHeader|processHeader|checkIsHttpToken|checkInvalidHeaderChar|validateHeaderName|validateHeaderValue)$/.test(f.functionName) || f.functionName.startsWith('RegExp: ')],
  ['node http (parse, write, socket)', (f) => /^node:(_http|http|net|stream|internal\/(http|stream|net|streams))/.test(f.url) || f.url.includes('_http_')],
  ['fastify core (routing, hooks runner, reply)', (f) => /\/node_modules\/(fastify|find-my-way|light-my-request|avvio|@fastify\/(error|fast-json-stringify-compiler|ajv-compiler))\//.test(f.url)],
  ['logging (pino, child loggers)', (f) => /\/node_modules\/(pino|pino-std-serializers|sonic-boom|fast-redact|quick-format-unescaped|on-exit-leak-free|safe-stable-stringify)\//.test(f.url)],
  ['request id (genReqId, x-request-id)', (f) => f.url.includes('/http/operations.ts') || f.functionName === 'requestIdOf' || /node:internal\/crypto\/random/.test(f.url)],
  ['security headers', (f) => f.url.includes('/http/security-headers.ts')],
  ['cors', (f) => f.url.includes('/@fastify/cors/')],
  ['rate limit', (f) => f.url.includes('/@fastify/rate-limit/') || f.url.includes('/toad-cache/')],
  ['under-pressure', (f) => f.url.includes('/@fastify/under-pressure/')],
  ['auth (JWT, revocations)', (f) => f.url.includes('/modules/auth/') || f.url.includes('/node_modules/jose/')],
  ['route wrapper (route.ts)', (f) => f.url.includes('/http/route.ts')],
  ['route work (handler, cache, ETag)', (f) => /\/modules\/(settings|tickets|access)\//.test(f.url) || f.url.includes('/http/errors.ts')],
  ['validation (zod params, query)', (f) => /\/node_modules\/(zod|fastify-type-provider-zod)\//.test(f.url)],
  ['serialization', (f) => f.url.includes('/fast-json-stringify/') || f.functionName === 'serializer'],
  ['web onSend (app.ts)', (f) => f.url.endsWith('/server/app.ts')],
  ['floor handler', (f) => f.url.includes('/tests/bench/floor.ts')],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['idle', (f) => f.functionName === '(idle)'],
];

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

function attribute(profilePath: string, windows: { from: number; to: number }[]) {
  const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };
  const parent = new Map<number, number>();
  const byId = new Map<number, Node>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const partOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = partOf.get(id);
    if (known) return known;
    // Deepest matching frame: from the leaf up, the first frame that names a part.
    let part = 'other';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const match = parts.find(([, test]) => test(frame));
      if (match) {
        part = match[0];
        break;
      }
      if (frame.functionName === '(program)') {
        part = 'v8 / program';
        break;
      }
    }
    partOf.set(id, part);
    return part;
  };
  const totals = new Map<string, number>();
  const frames = new Map<string, number>();
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]!;
    if (!windows.some((window) => time >= window.from && time <= window.to)) continue;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    const part = classify(profile.samples[i]!);
    totals.set(part, (totals.get(part) ?? 0) + delta);
    const { functionName, url } = byId.get(profile.samples[i]!)!.callFrame;
    const frame = `${part} · ${functionName || '(anonymous)'} ${url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/(src|tests)\//, '$1/')}`;
    frames.set(frame, (frames.get(frame) ?? 0) + delta);
  }
  return { totals, frames };
}

/** The process's CPU time so far (user and system, from /proc): divided by the requests, its cost of one. */
function cpuSeconds(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const tick = 100; // USER_HZ (getconf CLK_TCK) on Linux
  return { user: Number(fields[11]) / tick, system: Number(fields[12]) / tick };
}

function start(script: string, env: Record<string, string>, profileDir?: string): ChildProcess {
  const node = [process.execPath, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', script];
  return spawn('taskset', ['-c', '0', ...node], {
    env: { ...process.env, LOG_LEVEL: process.env.PROFILE_LOG_LEVEL ?? 'warn', RATE_LIMIT_PER_MINUTE: '100000000', JWT_SECRET, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitReady(url: string): Promise<void> {
  for (let tries = 0; tries < 1800; tries++) {
    if (await fetch(url).then((r) => r.status < 500, () => false)) return;
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
}

function load(url: string, seconds: number, token?: string): { requestsPerSecond: number; total: number; p99: number; non2xx: number } {
  const output = execFileSync('taskset', ['-c', '1', process.execPath, 'tests/bench/load.mjs', JSON.stringify({ url, connections: 50, seconds, token })], {
    encoding: 'utf8',
  });
  return JSON.parse(output);
}


interface Target {
  name: string;
  child: ChildProcess;
  base: string;
  profileDir: string;
  token?: string;
  /** Per route: the load windows (µs, monotonic), requests and CPU seconds of each round. */
  rounds: Map<string, { from: number; to: number; requests: number; cpuUs: number; requestsPerSecond: number }[]>;
}

const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 3);
const names = (process.env.PROFILE_TARGETS ?? 'app,fastify,floor').split(',');
const routes = (process.env.PROFILE_ROUTES ?? 'settings,detail').split(',');
/** PROFILE_BEFORE=dir: a copy of an earlier src/ (git archive) run as the target "before", next to "app". */
const before = process.env.PROFILE_BEFORE;
const profiled = process.env.PROFILE_CPU_PROF !== '0';
const scratch = mkdtempSync(join(tmpdir(), 'tw-profile-'));
const targets: Target[] = [];
try {
  const dataDir = join(scratch, 'data');
  const port = 3700 + Math.floor(Math.random() * 50) * 5;
  const base = `http://127.0.0.1:${port}`;
  // A first start makes the PGlite directory and the demo data; a token and the headers of each path are read from it.
  const first = start('src/server/main.ts', { PORT: String(port), DATA_DIR: dataDir });
  await waitReady(`${base}/v1/settings/qr`);
  const token = await signIn(base, 'alex@example.com');
  const list = (await (await fetch(`${base}${routePaths.list}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { userTicketId: number }[];
  const pathOf = (route: string) => routePaths[route]! + (route === 'detail' ? list[0]!.userTicketId : '');
  const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  const headers: Record<string, Record<string, string>> = {};
  for (const route of routes) {
    const answer = await fetch(base + pathOf(route), { headers: { authorization: `Bearer ${token}` } });
    await answer.arrayBuffer();
    headers[pathOf(route)] = Object.fromEntries([...answer.headers].filter(([name]) => !OWN_HEADERS.has(name)));
  }
  await stop(first);
  const headersFile = join(scratch, 'headers.json');
  writeFileSync(headersFile, JSON.stringify(headers));

  // Every target at once, each on its own port and its own copy of the PGlite directory; they take turns under load.
  const all = [...names, ...(before ? ['before'] : [])];
  for (const [index, name] of all.entries()) {
    const ownDir = `${dataDir}-${name}`;
    cpSync(dataDir, ownDir, { recursive: true });
    const env = { PORT: String(port + 1 + index), DATA_DIR: ownDir, USER_ID: userId, TICKET_ID: String(list[0]!.userTicketId), FLOOR_HEADERS: headersFile };
    const profileDir = join(scratch, `profile-${name}`);
    const script = name === 'app' ? 'src/server/main.ts' : name === 'before' ? join(before!, 'src/server/main.ts') : 'tests/bench/floor.ts';
    const child = start(script, name === 'fastify' ? { ...env, FLOOR_FRAMEWORK: 'fastify' } : env, profiled ? profileDir : undefined);
    const own = `http://127.0.0.1:${port + 1 + index}`;
    targets.push({ name, child, base: own, profileDir, token: name === 'app' || name === 'before' ? token : undefined, rounds: new Map() });
  }
  for (const target of targets) await waitReady(`${target.base}/v1/settings/qr`);

  for (const route of routes) {
    for (const target of targets) load(target.base + pathOf(route), 2, target.token);
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        const cpuBefore = cpuSeconds(target.child.pid!);
        const from = Number(process.hrtime.bigint() / 1000n);
        const run = load(target.base + pathOf(route), SECONDS, target.token);
        const to = Number(process.hrtime.bigint() / 1000n);
        const cpu = cpuSeconds(target.child.pid!);
        if (run.non2xx) throw new Error(`${target.name} ${route}: ${run.non2xx} non-2xx answers`);
        const cpuUs = (cpu.user + cpu.system - cpuBefore.user - cpuBefore.system) * 1e6;
        target.rounds.set(route, [...(target.rounds.get(route) ?? []), { from, to, requests: run.total, cpuUs, requestsPerSecond: run.requestsPerSecond }]);
      }
    }
  }
  for (const target of targets) await stop(target.child);

  // Per route: CPU µs per request (the least of the rounds: other work on the machine only adds) and req/s (the
  // best), then each target's profile over its windows of that route, in µs per request.
  const top = Number(process.env.PROFILE_TOP ?? 0);
  for (const route of routes) {
    console.log(`\n== ${route} (${pathOf(route)}): ${ROUNDS} rounds of ${SECONDS} s, c=50`);
    for (const target of targets) {
      const rounds = target.rounds.get(route)!;
      const cpu = rounds.map((r) => r.cpuUs / r.requests);
      const rps = Math.max(...rounds.map((r) => r.requestsPerSecond));
      console.log(`${target.name.padEnd(8)} CPU/request: least ${Math.min(...cpu).toFixed(1)} µs (rounds ${cpu.map((c) => c.toFixed(0)).join(', ')}); best ${rps.toFixed(0)} req/s`);
    }
    if (!profiled) continue;
    for (const target of targets) {
      const file = readdirSync(target.profileDir).find((name) => name.endsWith('.cpuprofile'))!;
      const rounds = target.rounds.get(route)!;
      const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
      const { totals, frames } = attribute(join(target.profileDir, file), rounds);
      const busy = [...totals].filter(([part]) => part !== 'idle').reduce((sum, [, us]) => sum + us, 0);
      console.log(`  ${target.name}: profiled busy ${(busy / requests).toFixed(1)} µs/request`);
      for (const [part, us] of [...totals].sort((a, b) => b[1] - a[1])) if (part !== 'idle') console.log(`    ${(us / requests).toFixed(1).padStart(6)} µs  ${part}`);
      if (top) {
        console.log('    top frames (self time):');
        for (const [frame, us] of [...frames].filter(([frame]) => !frame.startsWith('idle')).sort((a, b) => b[1] - a[1]).slice(0, top)) {
          console.log(`    ${(us / requests).toFixed(2).padStart(6)} µs  ${frame}`);
        }
      }
    }
  }
} finally {
  for (const target of targets) if (target.child.exitCode === null) target.child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
}
