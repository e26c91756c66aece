// Graceful shutdown of the real server process (src/server/main.ts) on SIGTERM: a request in flight still gets its
// answer, new connections are refused, and the process exits; one that cannot finish is cut off by the forced exit
// after SHUTDOWN_TIMEOUT_MS.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabases } from '../support/postgres';
import { TEST_SECRET } from './helper';
import { freePort } from '../support/free-port';

interface Server {
  child: ChildProcess;
  port: number;
  /** The JSON log lines so far. */
  lines: { msg?: string; reqId?: string }[];
  /** Resolves with the first log line that matches. */
  logged(match: (line: { msg?: string; reqId?: string }) => boolean): Promise<void>;
  exited: Promise<number | null>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});


async function startServer(env: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-shutdown-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const postgres = inject('postgresTemplate');
  let databaseUrl: string | undefined;
  if (postgres) {
    const name = `${postgres.prefix}_${randomBytes(4).toString('hex')}`;
    databaseUrl = await createDatabase(postgres.url, name, postgres.template);
    cleanups.push(() => dropDatabases(postgres.url, name));
  }
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: join(dataDir, 'no-dist'),
      PAYOUT_RELEASE_INTERVAL_MS: '0',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  const lines: Server['lines'] = [];
  const waiting: { match: (line: Server['lines'][number]) => boolean; resolve: () => void }[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop()!;
    for (const text of complete) {
      let line: Server['lines'][number];
      try {
        line = JSON.parse(text);
      } catch {
        line = { msg: text };
      }
      lines.push(line);
      for (const waiter of waiting.filter((entry) => entry.match(line))) waiter.resolve();
    }
  });
  const logged = (match: (line: Server['lines'][number]) => boolean) =>
    lines.some(match) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ match, resolve }));
  const server = { child, port, lines, logged, exited };
  await Promise.race([
    logged((line) => String(line.msg).startsWith('Ticket Wallet on')),
    exited.then((code) => Promise.reject(new Error(`the server exited with ${code} before listening`))),
  ]);
  return server;
}

/** A server process starts in seconds, or in a minute on a busy machine creating its PGlite data directory. */
const START_AND_STOP_MS = 240_000;

const BODY = JSON.stringify({ email: 'shutdown@example.com' });

/** Opens a connection and sends a request whose body is cut short: the server has it in flight until the rest comes. */
async function startRequest(port: number, requestId: string): Promise<{ socket: Socket; finish(): void; answer: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  const done = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.once('close', () => resolve(answer));
  });
  socket.write(
    `POST /v1/auth/signInOrRegisterAndSignIn HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\nX-Request-Id: ${requestId}\r\n\r\n${BODY.slice(0, 5)}`,
  );
  return { socket, finish: () => socket.write(BODY.slice(5)), answer: done };
}

async function connectionRefused(port: number): Promise<boolean> {
  for (let tries = 0; tries < 200; tries += 1) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

it('on SIGTERM finishes the request in flight, refuses new connections, and exits', async () => {
  const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '30000' });
  const request = await startRequest(server.port, 'in-flight-1');
  // The server has the request (its log line, with our request id) before it is told to stop.
  await server.logged((line) => line.reqId === 'in-flight-1' && line.msg === 'incoming request');
  server.child.kill('SIGTERM');
  await server.logged((line) => String(line.msg).startsWith('SIGTERM: closing'));
  expect(await connectionRefused(server.port)).toBe(true);
  request.finish();
  const answer = await request.answer;
  expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  expect(answer).toMatch(/\r\nx-request-id: in-flight-1\r\n/i);
  expect(answer).toMatch(/"session":"[^"]+"/);
  expect(await server.exited).toBe(0);
  expect(server.lines.some((line) => line.msg === 'SIGTERM: closed')).toBe(true);
}, START_AND_STOP_MS);

it('exits anyway after SHUTDOWN_TIMEOUT_MS when a request never finishes', async () => {
  const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '1000' });
  const request = await startRequest(server.port, 'never-finishes');
  await server.logged((line) => line.reqId === 'never-finishes' && line.msg === 'incoming request');
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(1);
  expect(server.lines.some((line) => String(line.msg).includes('exiting anyway'))).toBe(true);
  request.socket.destroy();
}, START_AND_STOP_MS);
