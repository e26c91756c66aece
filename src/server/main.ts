// Starts the server: validated config, database (migrated, demo data on first start), mailer, then listen.
import { createOutboxMailer, createSmtpMailer } from './adapters/mail';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/seed';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  // A lost connection is logged and replaced; requests meanwhile answer 503 (docs/decisions.md, "Database faults").
  const onConnectionError = (error: Error) => console.warn(`[db] connection lost: ${error.message}`);
  const database = await openDatabase(config.database.kind === 'postgres' ? { ...config.database, onConnectionError } : config.database);
  if (config.seedDemo) {
    const { seeded } = await seedDemoData(database.db);
    if (seeded) console.log('[seed] demo data written (alex@example.com, sam@example.com)');
  }
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer((line) => console.log(line));
  const app = await buildApp({ config, database, mailer });
  app.addHook('onClose', async () => {
    await mailer.close();
    await database.close();
  });
  await app.listen({ port: config.port, host: config.host });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  app.log.info(`Ticket Wallet on ${config.publicBaseUrl}/en/ (database: ${database.kind}, mail: ${mailer.kind}, ready in ${seconds}s)`);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
