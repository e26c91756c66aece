// Builds the web app and starts the real server on a free port with a fresh data directory (new PGlite
// database with the demo data), for the e2e tests and the screenshot script.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { createDatabase, dropDatabases } from '../support/postgres';
import { startHostSite } from './host-site';
import { freePort } from '../support/free-port';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningServer {
  url: string;
  /** The ticket site on a second origin where the tests open the wallet (tests/e2e/host-site.ts). */
  hostOrigin: string;
  stop: () => Promise<void>;
}

/** `npm run build`: parcel (dist/embed.js) plus the plain host page (dist/index.html). */
export function buildWeb(): void {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}


async function waitForServer(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/embed.js`, { method: 'HEAD' });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/** `env` adds to (or overrides) the server's environment, e.g. Stripe keys pointing at a local stub. */
export async function startServer({ env = {} }: { env?: Record<string, string> } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-e2e-'));
  // On Postgres (DATABASE_URL) the server gets a database of its own, dropped again when it stops, so every run
  // starts from fresh demo data like the embedded database does.
  const adminUrl = process.env.DATABASE_URL || undefined;
  const databaseName = `tw_e2e_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = adminUrl ? await createDatabase(adminUrl, databaseName) : '';
  // `node --import tsx` keeps the server in one process, so stopping it needs no process-group tricks.
  const url = `http://127.0.0.1:${port}`;
  // The host site on a second origin, the one origin besides its own that the server allows (as ALLOWED_ORIGINS
  // names an organiser's sites in production).
  const host = await startHostSite();
  host.setWallet(url);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The demo site is where the browser finds it: share links, the checkout's default page and CORS name it.
      PUBLIC_BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      // The e2e files sign the demo people in over and over from one address and fresh browsers (no device token).
      OTP_MAX_SENDS_PER_EMAIL: '100',
      OTP_MAX_SENDS_PER_EMAIL_ALL_CLIENTS: '1000',
      OTP_MAX_SENDS_PER_EMAIL_OWNER: '1000',
      OTP_MAX_SENDS_PER_IP: '1000',
      ALLOWED_ORIGINS: host.origin,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(forced);
    }
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) await dropDatabases(adminUrl, databaseName);
  };
  try {
    await waitForServer(url, child, () => log, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, hostOrigin: host.origin, stop };
}

/**
 * A server of the test file's own (fresh demo data), started before its tests and stopped after them. `options` is
 * read when it starts, so it may name what earlier hooks made (a stub's address).
 */
export function useServer(options: () => Parameters<typeof startServer>[0] = () => ({})): { readonly url: string; readonly hostOrigin: string } {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(options());
  }, 180_000);
  afterAll(() => server?.stop());
  return {
    get url() {
      if (!server) throw new Error('the server is not running yet: use it in tests and hooks only');
      return server.url;
    },
    get hostOrigin() {
      if (!server) throw new Error('the server is not running yet: use it in tests and hooks only');
      return server.hostOrigin;
    },
  };
}

/** The newest six-digit sign-in code mailed to `email` (the dev outbox, development mode only). */
export async function latestCode(baseUrl: string, email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(email)}`);
    // A refusal (the server briefly overloaded on a busy machine: 503) is asked again, within the deadline.
    if (!response.ok) {
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    const messages = (await response.json()) as Array<{ text: string; sentAt: string }>;
    const fresh = messages.filter((message) => Date.parse(message.sentAt) >= after);
    const code = fresh.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code for ${email} in the outbox`);
}
