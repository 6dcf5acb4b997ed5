import { installShutdown, readConfigOrExit } from './lib/process-lifecycle.js';

/**
 * `npm run worker`: a process that only runs background jobs, beside web servers started with
 * WORKER_IN_PROCESS=false; start as many as the work needs. It builds the same modules as the server,
 * so it knows every job they declare, but no HTTP app: it never listens.
 */
async function main(): Promise<void> {
  const config = readConfigOrExit();
  if (config.database.kind === 'pglite') {
    console.error(
      'npm run worker needs PostgreSQL (DATABASE_URL): the embedded database cannot be shared between processes, and the server runs the jobs itself (WORKER_IN_PROCESS=true).',
    );
    process.exit(1);
  }
  // Loaded only now, so that the refusal above is immediate.
  const [{ assemble }, { openDatabase }, { startMetricsListener }] = await Promise.all([
    import('./kernel/platform.js'),
    import('./db/database.js'),
    import('./plugins/metrics.js'),
  ]);
  const database = await openDatabase(config.database);
  const assembly = await assemble(config, { database, jobs: 'background' });
  const { logger, jobs, metrics } = assembly.services;
  const { metrics: metricsConfig } = config;
  // A worker has no public port: its metrics (jobs, processing) are on METRICS_PORT only.
  const metricsListener = metricsConfig?.listener
    ? await startMetricsListener({ ...metricsConfig, listener: metricsConfig.listener }, metrics, logger)
    : undefined;
  installShutdown(
    async () => {
      void jobs.stop();
      await metricsListener?.close();
      // Closing stops the jobs and the modules; the database closes after it.
      await assembly.close();
      await database.close();
    },
    config.shutdownTimeoutMs,
    (message) => logger.info(message),
    'running jobs',
  );
  await assembly.startJobs();
  logger.info('Spatia worker is running jobs');
}

await main();
