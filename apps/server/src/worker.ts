import { installShutdown, readConfigOrExit } from './lib/process-lifecycle.js';

/**
 * `npm run worker`: a process that only runs background jobs, beside web servers started with
 * WORKER_IN_PROCESS=false; start as many as the work needs. It assembles the same app as the server,
 * so it knows every job the modules define, but it never listens.
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
  const [{ buildApp }, { openDatabase }] = await Promise.all([import('./app.js'), import('./db/database.js')]);
  const database = await openDatabase(config.database);
  const app = await buildApp(config, { database, jobs: 'background' });
  installShutdown(
    async () => {
      void app.services.jobs.stop();
      // The app's own close stops the jobs; the database closes after it.
      await app.close();
      await database.close();
    },
    config.shutdownTimeoutMs,
    (message) => app.services.logger.info(message),
    'running jobs',
  );
  await app.ready();
  app.services.logger.info('Spatia worker is running jobs');
}

await main();
