// `npm run seed`: writes the demo data into the configured database (DATABASE_URL, or PGlite in DATA_DIR) if it
// has no organisation yet. Stop the server first when it uses PGlite: a data directory serves one process.
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from './client';
import { seedDemoData } from './seed';

/** Where the database lives, without the password of a connection URL. */
function describeDatabase(database: Config['database']): string {
  if (database.kind === 'pglite') return `PGlite database in ${database.dataDir}`;
  const url = new URL(database.url);
  return `Postgres database ${url.pathname.replace(/^\//, '') || '(default)'} on ${url.host}`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const { seeded } = await seedDemoData(database.db, { organizerKey: config.demoOrganizerKey });
    console.log(
      seeded
        ? `Demo data written to the ${describeDatabase(config.database)}: sign in as alex@example.com, jordan@example.com or sam@example.com.`
        : `The ${describeDatabase(config.database)} already has an organisation; demo data not written.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
