// compose.yaml and the Dockerfile checked without a Docker daemon (docs/deploy.md, "What was verified"): compose
// parses, every setting it gives an instance is one the server reads and accepts, its addresses name its own services
// with their credentials and ports, each depends_on condition has the healthcheck it waits for, and the image's
// production packages hold no build tool. `npm run docker:dry` goes further: it builds the layout and starts it.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema, loadConfig } from '../../src/server/config';

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }> | string[];
  ports?: string[];
}
const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Service> };
const dockerfile = readFileSync('Dockerfile', 'utf8');
const buildScript = readFileSync('scripts/build-server.mjs', 'utf8');
const instances = Object.entries(compose.services).filter(([, service]) => service.command === undefined && service.build !== undefined);

describe('compose.yaml', () => {
  it('has Postgres, Redis, two instances and the proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app1', 'app2', 'postgres', 'proxy', 'redis']);
    expect(instances.map(([name]) => name)).toEqual(['app1', 'app2']);
  });

  it.each(['app1', 'app2'])('gives %s only settings the server reads, and values it accepts', (name) => {
    const environment = compose.services[name]!.environment!;
    const known = Object.keys(envSchema.shape);
    expect(Object.keys(environment).filter((key) => !known.includes(key))).toEqual([]);
    // The data directory is the container's volume; here a temp directory stands in for it.
    expect(() => loadConfig({ ...environment, DATA_DIR: mkdtempSync(join(tmpdir(), 'tw-compose-')) })).not.toThrow();
  });

  it("points the instances at compose's own Postgres and Redis, with the database's credentials", () => {
    const postgres = compose.services.postgres!.environment!;
    for (const [, service] of instances) {
      const database = new URL(service.environment!.DATABASE_URL!);
      expect([database.hostname, database.port, database.username, database.password, database.pathname]).toEqual([
        'postgres',
        '5432',
        postgres.POSTGRES_USER,
        postgres.POSTGRES_PASSWORD,
        `/${postgres.POSTGRES_DB}`,
      ]);
      expect(new URL(service.environment!.REDIS_URL!).hostname).toBe('redis');
    }
  });

  it('waits only on services that have the healthcheck it waits for', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const dependsOn = service.depends_on ?? [];
      const conditions = Array.isArray(dependsOn) ? dependsOn.map((dependency) => [dependency, 'service_started'] as const) : Object.entries(dependsOn).map(([dependency, { condition }]) => [dependency, condition] as const);
      for (const [dependency, condition] of conditions) {
        expect(compose.services[dependency], `${name} depends on ${dependency}`).toBeDefined();
        if (condition === 'service_healthy') expect(compose.services[dependency]!.healthcheck, `${dependency}'s healthcheck`).toBeDefined();
      }
    }
  });

  it("runs the proxy from the image's compiled entry, in front of both instances on the port they listen on", () => {
    const proxy = compose.services.proxy!;
    expect(proxy.command).toEqual(['node', 'build/server/proxy.js']);
    expect(buildScript).toMatch(/proxy: 'src\/proxy\/main\.ts'/);
    const port = /ENV[\s\S]*?PORT=(\d+)/.exec(dockerfile)![1];
    expect(proxy.environment!.PROXY_UPSTREAMS!.split(',')).toEqual(instances.map(([name]) => `http://${name}:${port}`));
    expect(proxy.ports).toEqual([`${proxy.environment!.PROXY_PORT}:${proxy.environment!.PROXY_PORT}`]);
    // The image's liveness probe and the proxy's ask paths the server and the proxy answer.
    expect(proxy.healthcheck!.test.join(' ')).toContain(`127.0.0.1:${proxy.environment!.PROXY_PORT}/healthz`);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/healthz/);
  });
});

describe("the image's packages", () => {
  it('installs no build tool with --omit=dev (each is a dev-only package in the lockfile)', () => {
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    for (const tool of ['parcel', '@parcel/core', 'tsx', 'esbuild', 'typescript', '@swc/core', 'lightningcss', 'vitest', 'drizzle-kit']) {
      expect(lock.packages[`node_modules/${tool}`]?.dev, tool).toBe(true);
    }
  });
});
