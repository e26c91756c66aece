// `npm run db:migrate`: applies the migrations to the configured database (DATABASE_URL, or PGlite in
// DATA_DIR) and exits. Opening a database migrates it, so this only opens and closes it.
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from './client';

/** Where the database lives, without the password of a connection URL. */
function describeDatabase(database: Config['database']): string {
  if (database.kind === 'pglite') return `PGlite database in ${database.dataDir}`;
  const url = new URL(database.url);
  return `Postgres database ${url.pathname.replace(/^\//, '') || '(default)'} on ${url.host}`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const startedAt = performance.now();
  const database = await openDatabase(config.database);
  await database.close();
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(`Migrated the ${describeDatabase(config.database)} (${seconds}s).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
