import type { Config } from './config/config.js';
import { buildApp } from './app.js';
import { openDatabase, type Database } from './db/database.js';
import type { StorageDriver } from './drivers/storage/storage-driver.js';
import type { Logger } from './lib/logger.js';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './lib/data-dir-lock.js';
import { installShutdown, readConfigOrExit } from './lib/process-lifecycle.js';
import { MemoryCache } from './lib/cache.js';
import { startMetricsListener } from './plugins/metrics.js';
import { UsersService } from './modules/users/users.service.js';
import { seedDemoWorksOnce } from './modules/demo/demo-content.js';
import { listenForBackups, type BackupListener } from './backup/backup-socket.js';
import { backupFileProblem, createBackup } from './backup/create-backup.js';

/**
 * Starts the platform: config, lock, database, first admin, then listen. Only this file listens. The
 * server also runs background jobs unless WORKER_IN_PROCESS=false (then `npm run worker` does).
 */
async function main(): Promise<void> {
  const config = readConfigOrExit();
  const lock = config.database.kind === 'pglite' ? lockOrExit(config.dataDir) : undefined;
  const database = await openDatabase(config.database);
  await announceInitialAdmin(config, database);

  const app = await buildApp(config, { database });
  let metricsListener: Awaited<ReturnType<typeof startMetricsListener>> | undefined;
  let backups: BackupListener | undefined;
  let shuttingDown = false;
  // Answers sent while shutting down end their keep-alive connection, or close() would wait for it.
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('connection', 'close');
  });
  installShutdown(
    async () => {
      shuttingDown = true;
      // No new jobs from now on; running ones finish while the requests do.
      void app.services.jobs.stop();
      // The app's own close stops the jobs and flushes traffic counts; the database closes after it.
      await backups?.close();
      await app.close();
      await metricsListener?.close();
      await database.close();
      lock?.release();
    },
    config.shutdownTimeoutMs,
    (message) => app.services.logger.info(message),
    'in-flight requests and running jobs',
  );
  // Demo works go through the services, whose jobs need the app ready; listening comes after.
  await app.ready();
  if (config.demoWorks) await seedDemoWorksOnce(app.services, config.demoDir);
  // Metrics first: a process that answers on its public port can already be scraped.
  const { metrics } = config;
  if (metrics?.listener)
    metricsListener = await startMetricsListener({ ...metrics, listener: metrics.listener }, app.services.metrics, app.services.logger);
  if (config.database.kind === 'pglite') backups = await serveBackups(config, database, app.services.storage, app.services.logger);
  const address = await app.listen({ host: config.host, port: config.port });
  app.services.logger.info({ address }, `Spatia is listening on ${address}`);
}

/**
 * `npm run admin -- backup` while this server owns the embedded database: it asks through
 * DATA_DIR/backup.sock, and this process writes the archive (docs/operations.md, "Backup and restore").
 */
async function serveBackups(
  config: Config,
  database: Database,
  storage: StorageDriver,
  logger: Logger,
): Promise<BackupListener | undefined> {
  try {
    return await listenForBackups(config.dataDir, async (file, report, signal) => {
      const problem = backupFileProblem(config, file);
      if (problem) throw new Error(problem);
      logger.info({ file }, 'backup asked for by the admin command');
      const summary = await createBackup({ database, storage, storageKind: config.s3 ? 's3' : 'local', file, report, signal });
      logger.info({ file, seconds: summary.seconds, rows: summary.rows, files: summary.files }, 'backup written');
      return summary;
    });
  } catch (error) {
    // A DATA_DIR whose path is too long for a Unix socket, say: the server runs, backups need it stopped.
    logger.warn({ err: error }, `backups while this server runs are not available: ${(error as Error).message}`);
    return undefined;
  }
}

function lockOrExit(dataDir: string): DataDirLock {
  try {
    return lockDataDir(dataDir, 'the Spatia server');
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** On a platform without an administrator: creates the first one and prints the password once. */
async function announceInitialAdmin(config: Config, database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  const users = UsersService.on(database.db, new MemoryCache());
  const created = await users.ensureInitialAdmin(config.adminPhone);
  if (!created) return;
  const line = '='.repeat(64);
  console.log(
    `${line}\nSpatia created the first administrator. This password is shown only once:\n` +
      `  phone:    ${created.phone}\n  password: ${created.password}\n${line}`,
  );
}

await main();
