// Starts the server: validated config, database (migrated, demo data on first start), mailer, then listen.
import { createOutboxMailer, createSmtpMailer } from './adapters/mail';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/seed';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  // A lost connection is logged and replaced; requests meanwhile answer 503 (docs/decisions/0039-database-faults-and-crashed-requests.md).
  const onConnectionError = (error: Error) => console.warn(`[db] connection lost: ${error.message}`);
  const database = await openDatabase(config.database.kind === 'postgres' ? { ...config.database, onConnectionError } : config.database);
  if (config.seedDemo) {
    const { seeded } = await seedDemoData(database.db, { organizerKey: config.demoOrganizerKey });
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

  // Graceful shutdown: /readyz turns 503 (the proxy stops sending new requests), the listener closes (no new
  // connections; idle keep-alive ones are closed, new requests on busy ones answered 503 with Connection: close),
  // requests in flight finish, then the onClose hooks end the streams with a retry hint and close Redis, the mailer
  // and the pool. Whatever is still open after SHUTDOWN_TIMEOUT_MS is cut off by exiting.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing (at most ${config.shutdownTimeoutMs} ms)`);
    app.beginDraining();
    setTimeout(() => {
      app.log.error(`${signal}: still closing after ${config.shutdownTimeoutMs} ms, exiting anyway`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    app.close().then(
      () => {
        app.log.info(`${signal}: closed`);
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, `${signal}: closing failed`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
