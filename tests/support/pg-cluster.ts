// A Postgres cluster a test owns: made with initdb in a temporary directory, on a free port, started and stopped with
// pg_ctl, removed at the end. For fault tests that stop the server or kill its backends; never the machine's shared
// server. Postgres refuses to run as root, so as root (CI) the binaries run as the `postgres` OS user.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

export interface PgCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:port/{database} */
  url(database?: string): string;
  /** pg_ctl stop -m fast (or another mode): waits until the server is down. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** pg_ctl start: waits until the server accepts connections. */
  start(): Promise<void>;
  /** Terminates every backend of `database` but the caller's (pg_terminate_backend); answers how many. */
  terminateBackends(database: string): Promise<number>;
  /** Stops the server (if up) and removes its directory. */
  destroy(): Promise<void>;
}

/** The newest installed Postgres' binaries (Debian: /usr/lib/postgresql/<version>/bin), or PG_BIN. */
export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((version) => join(root, version, 'bin')).find((dir) => existsSync(join(dir, 'pg_ctl')));
  if (!bin) throw new Error('no Postgres binaries found under /usr/lib/postgresql (set PG_BIN)');
  return bin;
}

const asRoot = process.getuid?.() === 0;

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const ids = { uid: id('-u'), gid: id('-g') };
  if (!Number.isInteger(ids.uid) || ids.uid <= 0) throw new Error('running as root needs a `postgres` OS user to run the test cluster');
  return ids;
}

/** Runs one of Postgres' programs (as the postgres user when we are root); resolves on its exit, rejects on failure. */
function run(program: string, args: string[]): Promise<void> {
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  return new Promise((resolve, reject) => {
    // pg_ctl start leaves the server running with the log file as its output: wait for pg_ctl's exit, not for
    // every holder of the pipes to close.
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} ${args.join(' ')} failed (${code}): ${output.trim()}`))));
  });
}


export async function startPgCluster(): Promise<PgCluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync('/tmp/tw-pgcluster-');
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const port = await freePort();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  await run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  // Its own socket directory and port, loopback only; durability is not what these tests are about.
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60`;
  let up = false;
  const start = async () => {
    await run(join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-t', '60', '-o', serverOptions, 'start']).catch((error: Error) => {
      throw new Error(`${error.message}\n${existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : ''}`);
    });
    up = true;
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await run(join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    up = false;
  };
  // Should the test process end without its afterAll, the server goes with it.
  const onExit = () => {
    if (!up) return;
    const args = ['-D', data, '-m', 'immediate', 'stop'];
    spawnSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args] : args);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  try {
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url,
    start,
    stop,
    async terminateBackends(database) {
      const admin = new pg.Client({ connectionString: url() });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ n: string }>(
          'select count(*) filter (where pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        );
        return Number(rows[0]!.n);
      } finally {
        await admin.end();
      }
    },
    async destroy() {
      process.removeListener('exit', onExit);
      if (up) await stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
