// `npm run reconcile`: one reconciliation run by hand (src/server/modules/reconcile/service.ts) against the configured
// database and payments provider, each action logged with the run's request id; exits 0 when done (also when another
// instance was running it), 1 on an error.
import { createOutboxMailer } from './adapters/mail';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';

async function main(): Promise<void> {
  const config = { ...loadConfig(), reconcileIntervalMs: 0, payoutReleaseIntervalMs: 0 };
  const database = await openDatabase(config.database);
  const app = await buildApp({ config, database, mailer: createOutboxMailer((line) => console.log(line)) });
  try {
    const outcome = await app.reconcile.run({
      log: ({ requestId, action, message, err }) => (err ? app.log.error({ requestId, err }, message) : app.log.info({ requestId, action }, message)),
    });
    console.log(outcome ? `Reconciled (${outcome.requestId}): ${outcome.actions.length} action(s).` : 'Another instance is reconciling; nothing done.');
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
