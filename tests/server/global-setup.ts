// Builds one migrated database template per test run: a PGlite data-directory dump (always) and, when
// DATABASE_URL is set, a Postgres template database. Each test file then starts from a copy of it.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, openPgliteForDump } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: { url: string; template: string; prefix: string } | null;
  }
}

export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const dir = join(process.cwd(), 'tests/.tmp');
  mkdirSync(dir, { recursive: true });
  const templatePath = join(dir, `pglite-template-${runId}.tar`);
  const { client, handle } = await openPgliteForDump();
  const dump = await client.dumpDataDir('none');
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplatePath', templatePath);

  const url = process.env.DATABASE_URL;
  let postgres: { url: string; template: string; prefix: string } | null = null;
  if (url) {
    const prefix = `tw_test_${runId}`;
    const template = `${prefix}_template`;
    await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${template}`));
    const migrated = await openDatabase({ kind: 'postgres', url: databaseUrl(url, template), poolSize: 1 });
    await migrated.close();
    postgres = { url, template, prefix };
  }
  project.provide('postgresTemplate', postgres);

  return async () => {
    rmSync(templatePath, { force: true });
    if (postgres) {
      const { prefix } = postgres;
      await withAdmin(url!, async (admin) => {
        const { rows } = await admin.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname LIKE $1`,
          [`${prefix}%`],
        );
        for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      });
    }
  };
}

export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
