// First: it chooses the build of the libraries the imports below load (see the module).
import { configuredNodeEnv } from './site/production-libraries.js';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from './config/env.js';
import { buildApp } from './app.js';
import { SHUTDOWN_TIMEOUT_MS } from './http/graceful-shutdown.js';
import { backupSocketPath, serveSnapshots } from './db/backup-socket.js';
import { keepPlannerStatistics } from './db/planner-statistics.js';
import { seedIfEmpty } from './seed/seed.js';
import { createStorage } from './storage/storage.js';

async function start(): Promise<void> {
  const config = loadConfig({ ...process.env, NODE_ENV: configuredNodeEnv });
  const app = await buildApp(config);
  await app.database.migrate();
  // Before listening, so the first page already shows the demo listings. Here rather than in
  // buildApp, so tests start on an empty database.
  if (config.seedOnStart) {
    const report = await seedIfEmpty(app.database.db, createStorage(config), (line) => app.log.info(line));
    if (report) app.log.info(`seed: ${report.listings} demo listings in ${report.seconds.toFixed(1)} s`);
  }
  const statistics = await keepPlannerStatistics(app.database, app.log);
  app.addHook('onClose', async () => statistics.stop());
  // `npm run backup` takes the embedded database's snapshot from this process (db/backup-socket.ts).
  if (app.database.snapshot) {
    const socketPath = backupSocketPath(config.dataDir);
    if (socketPath) app.addHook('onClose', await serveSnapshots(app.database, socketPath, app.log));
    else app.log.warn('backup: DATA_DIR is too long a path for the backup socket; give it a shorter one');
  }
  await app.listen({ host: config.host, port: config.port });
  // A parent that started this process with an IPC channel (the test harnesses, with PORT=0) learns
  // the port the system gave it: a port found free beforehand could be taken by another process
  // first, and the parent would then talk to that process.
  if (process.send) {
    const { port } = app.server.address() as AddressInfo;
    process.send({ listening: port }, () => process.disconnect());
  }

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // close() waits for the requests in flight (http/graceful-shutdown.ts); one that hangs must not
    // keep the process from ending before the process manager kills it anyway.
    setTimeout(() => {
      app.log.error(`requests still running after ${SHUTDOWN_TIMEOUT_MS} ms, exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

start().catch((error: unknown) => {
  // A configuration mistake is explained in plain words; anything else keeps its stack.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
