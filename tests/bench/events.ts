// The live-events bench (part of `npm run bench:server`, or alone: `tsx tests/bench/events.ts`): one server process on
// a fresh Postgres database holds 2,000 open streams of GET /v1/events (memory per stream from its RSS), then the
// latency of an event from its transaction to the client, p50/p99, by Postgres LISTEN/NOTIFY and, when Redis answers
// at BENCH_REDIS_URL, by Redis pub/sub. Writes its block into docs/performance.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest, Agent, type ClientRequest } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { writeDocBlock } from './doc-block';
import { signAccessToken } from '../../src/server/modules/auth/tokens';

const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;

export const eventsBudgets = { memoryPerStreamKb: 64, latencyP99Ms: 100 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const rssMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      RATE_LIMIT_PER_MINUTE: '1000000',
      MAX_CONNECTIONS_PER_IP: '0',
      EVENTS_MAX_STREAMS_PER_USER: '1000',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitReady(base: string): Promise<void> {
  const started = performance.now();
  while (!(await fetch(`${base}/v1/settings/qr`).then((r) => r.ok, () => false))) {
    if (performance.now() - started > 180_000) throw new Error('server did not start in 180 s');
    await sleep(200);
  }
}

/** Opens a stream and calls onEvent with each wallet event's data and its arrival time. */
function openStream(base: string, token: string, agent: Agent, onEvent?: (data: { at: string; id: string }, arrivedAt: number) => void): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/v1/events`, { agent, headers: { authorization: `Bearer ${token}` } });
    req.on('error', reject);
    req.on('response', (res) => {
      req.removeListener('error', reject);
      req.on('error', () => undefined);
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      // The bench ends its streams by destroying them: the reset that follows is expected.
      res.on('error', () => undefined);
      let buffer = '';
      let opened = false;
      res.on('data', (chunk: string) => {
        const arrivedAt = Date.now();
        buffer += chunk;
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          if (!opened) {
            opened = true;
            resolve(req);
          }
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data && block.includes('event: wallet')) onEvent?.(JSON.parse(data.slice(6)), arrivedAt);
        }
      });
    });
    req.end();
  });
}

async function signIn(base: string, email: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, string>>);
  const { session } = await post('/v1/auth/signInOrRegisterAndSignIn', { email });
  const outbox = (await (await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
  const otp = outbox.at(-1)!.text.match(/\d{6}/)![0];
  return (await post('/v1/auth/verifyLoginRequest', { email, otp, session })).accessToken!;
}

interface Latency {
  bus: string;
  p50: number;
  p99: number;
  count: number;
}

/** Profile changes one after the other; each event's latency from its transaction's time (`at`) to its arrival. */
async function measureLatency(base: string, bus: string): Promise<Latency> {
  const token = await signIn(base, `latency-${randomBytes(3).toString('hex')}@example.com`);
  const agent = new Agent({ keepAlive: true });
  const latencies: number[] = [];
  let arrived: () => void = () => undefined;
  const stream = await openStream(base, token, agent, (data, arrivedAt) => {
    latencies.push(arrivedAt - Date.parse(data.at));
    arrived();
  });
  for (let i = 0; i < EVENTS; i++) {
    const next = new Promise<void>((resolve) => (arrived = resolve));
    await fetch(`${base}/v1/auth/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ givenName: `Bench${i}` }),
    });
    await next;
  }
  stream.destroy();
  agent.destroy();
  return { bus, p50: percentile(latencies, 50), p99: percentile(latencies, 99), count: latencies.length };
}

async function withDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `tw_bench_events_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

export async function runEventsBench(): Promise<boolean> {
  const loadAtStart = loadavg()[0]!;
  const scratch = mkdtempSync(join(tmpdir(), 'tw-bench-events-'));
  const port = 3990 + Math.floor(Math.random() * 9);
  const base = `http://127.0.0.1:${port}`;
  let idleMb = 0;
  let heldMb = 0;
  const latencies: Latency[] = [];
  try {
    await withDatabase(async (url) => {
      const server = startServer({ PORT: String(port), DATA_DIR: scratch, DATABASE_URL: url, EVENTS_CHANNEL: `tw_bench_${randomBytes(4).toString('hex')}` });
      try {
        await waitReady(base);
        await sleep(1_000);
        idleMb = rssMb(server.pid!);
        // Streams of many holders (users that need not exist: a stream reads only their events).
        const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
        const secret = new TextEncoder().encode(JWT_SECRET);
        const streams: ClientRequest[] = [];
        for (let i = 0; i < STREAMS; i += 100) {
          const batch = await Promise.all(
            Array.from({ length: Math.min(100, STREAMS - i) }, async (_, j) =>
              openStream(base, await signAccessToken(secret, { userId: 2_000_000 + i + j, familyId: randomUUID() }, new Date(), 3600), agent),
            ),
          );
          streams.push(...batch);
        }
        await sleep(2_000);
        heldMb = rssMb(server.pid!);
        latencies.push(await measureLatency(base, `Postgres LISTEN/NOTIFY, ${STREAMS} streams open`));
        for (const stream of streams) stream.destroy();
        agent.destroy();
      } finally {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      const redisUp = await import('ioredis').then(async ({ Redis }) => {
        const probe = new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        try {
          await probe.connect();
          return (await probe.ping()) === 'PONG';
        } catch {
          return false;
        } finally {
          probe.disconnect();
        }
      });
      if (redisUp) {
        const redisServer = startServer({
          PORT: String(port),
          DATA_DIR: scratch,
          DATABASE_URL: url,
          REDIS_URL: REDIS,
          EVENTS_CHANNEL: `tw_bench_${randomBytes(4).toString('hex')}`,
        });
        try {
          await waitReady(base);
          latencies.push(await measureLatency(base, 'Redis pub/sub'));
        } finally {
          redisServer.kill('SIGTERM');
          await new Promise((resolve) => redisServer.once('exit', resolve));
        }
      }
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const perStreamKb = ((heldMb - idleMb) * 1024) / STREAMS;
  const ok = perStreamKb <= eventsBudgets.memoryPerStreamKb && latencies.every((latency) => latency.p99 <= eventsBudgets.latencyP99Ms);
  writeDocBlock('events', 'Live events: streams held and event latency (issue 20)', [
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:server\` (one server process on Postgres, the client in the bench process; no core pinning; load average ${loadAtStart.toFixed(1)} at the start).`,
    '',
    `| What | Figure | Budget |`,
    '|---|---|---|',
    `| RSS idle → with ${STREAMS} open streams | ${idleMb.toFixed(0)} MB → ${heldMb.toFixed(0)} MB | |`,
    `| Memory per open stream | ${perStreamKb.toFixed(1)} KB | ≤ ${eventsBudgets.memoryPerStreamKb} KB |`,
    ...latencies.map((latency) => `| Event latency, transaction → client, ${latency.bus} (${latency.count} events) | p50 ${latency.p50.toFixed(0)} ms, p99 ${latency.p99.toFixed(0)} ms | p99 ≤ ${eventsBudgets.latencyP99Ms} ms |`),
    '',
    'Latency is the client\'s arrival time less the event\'s `at` (the changing transaction\'s start, from the database clock on this machine): it includes the transaction itself, the commit, the fan-out and the stream\'s read of its row.',
  ]);
  console.info(`[events] ${STREAMS} streams: +${(heldMb - idleMb).toFixed(1)} MB (${perStreamKb.toFixed(1)} KB each); ${JSON.stringify(latencies)}`);
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) void runEventsBench().then((ok) => process.exit(ok ? 0 : 1));
