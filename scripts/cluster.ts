// `npm run cluster`: CLUSTER_INSTANCES (default 2) server instances on this machine behind the round-robin proxy of
// src/proxy/proxy.ts on PORT (default 3000), sharing the Postgres of DATABASE_URL and, when set, the Redis of
// REDIS_URL. The database is migrated and the demo data written once, before the instances start. Each instance's
// log lines are prefixed with its name; Ctrl-C (or SIGTERM) shuts them down gracefully, then the proxy.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { type Config, ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedDemoData } from '../src/server/db/seed';
import { startProxy } from '../src/proxy/proxy';

if (!process.env.DATABASE_URL) {
  console.error(
    'npm run cluster needs DATABASE_URL: the instances share one Postgres database (PGlite is one process\'s).\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/tw npm run cluster',
  );
  process.exit(1);
}
const count = Number(process.env.CLUSTER_INSTANCES ?? 2);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('CLUSTER_INSTANCES must be a whole number from 1 to 16');
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const proxyPort = config.port;
if (config.database.kind !== 'postgres') throw new Error('unreachable: DATABASE_URL is set');

// Migrate and seed once, so the instances start on a ready database.
const database = await openDatabase(config.database);
if (config.seedDemo) {
  const { seeded } = await seedDemoData(database.db, { organizerKey: config.demoOrganizerKey });
  if (seeded) console.log('[cluster] demo data written (alex@example.com, sam@example.com)');
}
await database.close();

const instances = Array.from({ length: count }, (_, index) => ({ name: `i${index + 1}`, port: proxyPort + 1 + index }));
const children = new Map<string, ChildProcess>();
let stopping = false;

function startInstance(instance: { name: string; port: number }): void {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(instance.port),
      HOST: '127.0.0.1',
      // Links and avatar URLs point at the proxy, which every request comes through.
      PUBLIC_BASE_URL: config.publicBaseUrl,
      ASSET_BASE_URL: config.assetBaseUrl,
      TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(instance.name, child);
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${instance.name}] ${line}`));
  }
  child.once('exit', (code, signal) => {
    children.delete(instance.name);
    if (stopping) return;
    console.log(`[cluster] ${instance.name} exited (${signal ?? code}); starting it again in 1 s`);
    setTimeout(() => startInstance(instance), 1_000);
  });
}

for (const instance of instances) startInstance(instance);
const proxy = await startProxy({ port: proxyPort, upstreams: instances.map((instance) => `http://127.0.0.1:${instance.port}`) });
console.log(
  `[cluster] proxy on http://localhost:${proxyPort} → ${instances.map((instance) => `${instance.name} :${instance.port}`).join(', ')} ` +
    `(Postgres${config.redis ? ' and Redis' : ''} shared${config.redis ? '' : '; rate limits per instance without REDIS_URL'})`,
);

async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`[cluster] ${signal}: stopping the instances`);
  const exits = [...children.values()].map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children.values()) child.kill('SIGTERM');
  await Promise.all(exits);
  await proxy.close();
  process.exit(0);
}
process.once('SIGINT', (signal) => void stop(signal));
process.once('SIGTERM', (signal) => void stop(signal));
