// Builds one migrated database template per test run: a PGlite data-directory dump (always) and, when
// DATABASE_URL is set, a Postgres template database. Each test file then starts from a copy of it.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, openPgliteForDump } from '../../src/server/db/client';
import { createDatabase, dropDatabases } from '../support/postgres';

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
    const migrated = await openDatabase({ kind: 'postgres', url: await createDatabase(url, template), poolSize: 1 });
    await migrated.close();
    postgres = { url, template, prefix };
  }
  project.provide('postgresTemplate', postgres);

  return async () => {
    rmSync(templatePath, { force: true });
    if (postgres) await dropDatabases(url!, postgres.prefix);
  };
}
