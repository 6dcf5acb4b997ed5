import { readFileSync } from 'node:fs';
import type { Config } from '../config/config.js';
import { openDatabase, type Database } from '../db/database.js';
import { ServerSecrets } from '../db/server-secrets.js';
import { createSmsDriver } from '../drivers/sms/create-sms-driver.js';
import { HeldDeletionsStorage, StorageHolds } from '../backup/storage-holds.js';
import { createStorageDriver } from '../drivers/storage/create-storage-driver.js';
import type { JobRunMode } from '../jobs/job-queue.js';
import { PgBossJobQueue } from '../jobs/pg-boss-queue.js';
import { createCache, type Cache } from '../lib/cache.js';
import { createLogger, type Logger } from '../lib/logger.js';
import { Metrics } from '../lib/metrics.js';
import { createRateLimiter, type RateLimiter } from '../lib/rate-limiter.js';
import type { ResumableUploadHooks } from '../modules/tus/upload-grant.js';
import { DomainEvents } from './domain-events.js';
import { Hooks } from './hooks.js';
import { discoverModules, loadModules, type LoadedModules } from './module-loader.js';
import type { Platform } from './module.js';

export const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface BuildOptions {
  /** An already open database (tests); otherwise the configured one is opened and closed with the app. */
  database?: Database;
  cache?: Cache;
  rateLimiter?: RateLimiter;
  logger?: Logger;
  /** Which jobs this process runs; by default the server's own (WORKER_IN_PROCESS) or none. Tests use `manual`. */
  jobs?: JobRunMode;
  /**
   * Grant lookup and completion for resumable uploads at /api/tus (docs/uploads.md); by default the
   * works module's, which attach each finished upload to its work. Tests of the transport pass stubs.
   */
  resumableUploads?: ResumableUploadHooks;
}

/** The platform with every module built on it, and how to start and stop them. */
export interface Assembly extends LoadedModules {
  /** The job queue and each module's `start`. */
  startJobs(): Promise<void>;
  /** Stops the jobs and the modules, then closes what the platform opened. */
  close(): Promise<void>;
}

/** Opens the drivers, then builds every module over them. No HTTP: the worker and the admin command use it as it is. */
export async function assemble(config: Config, options: BuildOptions = {}): Promise<Assembly> {
  const database = options.database ?? (await openDatabase(config.database));
  const cache = options.cache ?? createCache(config.redisUrl);
  const rateLimiter = options.rateLimiter ?? createRateLimiter(config.redisUrl);
  const logger = options.logger ?? createLogger(config.logLevel);
  const metrics = new Metrics({ processMetrics: config.metrics !== undefined });
  const jobs = new PgBossJobQueue(database, {
    mode: options.jobs ?? (config.workerInProcess ? 'background' : 'enqueue-only'),
    logger,
    onJobFinished: (name, outcome, seconds) => metrics.observeJob(name, outcome, seconds),
    // The rest of SHUTDOWN_TIMEOUT_MS is for failing what still runs and closing the database.
    stopTimeoutMs: Math.round(config.shutdownTimeoutMs * 0.8),
  });
  metrics.watchJobQueue(() => jobs.countJobs());
  const platform: Platform = {
    config,
    logger,
    database,
    cache,
    rateLimiter,
    sms: createSmsDriver(config.sms, (message) => logger.info(message)),
    // Deletions wait while a backup copies the files (backup/storage-holds.ts).
    storage: new HeldDeletionsStorage(createStorageDriver(config), new StorageHolds(database.db)),
    jobs,
    metrics,
    events: new DomainEvents(jobs, logger),
    hooks: new Hooks(),
    secrets: new ServerSecrets(database.db),
    version: VERSION,
    overrides: { resumableUploads: options.resumableUploads },
  };
  const loaded = loadModules(platform, await discoverModules());
  return {
    ...loaded,
    startJobs: async () => {
      await jobs.start();
      await loaded.start();
    },
    close: async () => {
      await jobs.stop();
      await loaded.stop();
      await cache.close();
      await rateLimiter.close();
      if (!options.database) await database.close();
    },
  };
}
