import { asError } from '@spatia/contract';
import { setImmediate as nextTurn } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import type {
  DrainResult,
  JobCount,
  JobData,
  JobDefinitionOptions,
  JobHandler,
  JobOutcome,
  JobQueue,
  JobRecord,
  JobRunMode,
  JobScheduleRecord,
  JobType,
  SendOptions,
} from './job-queue.js';
import { bossConnectionFor, bossConnectionInTransaction, withSetupLock, type BossConnection } from './pg-boss-connection.js';
import { QueueWorker } from './queue-worker.js';

export interface PgBossJobQueueOptions {
  mode: JobRunMode;
  logger: Logger;
  /** How long `stop()` waits for running jobs before failing them (they are retried elsewhere). */
  stopTimeoutMs: number;
  /** How often an idle worker looks for due jobs (default 2 s); sends from this process wake it at once. */
  pollingIntervalMs?: number;
  /** How often the cron clock looks at the schedules and sends what is due (default 30 s and 5 s; tests go faster). */
  cronPollingIntervalSeconds?: number;
  /** Told of every run this process finished, with its outcome and seconds (the metrics). */
  onJobFinished?: (name: string, outcome: JobOutcome, seconds: number) => void;
}

/** pg-boss keeps its tables in their own schema, apart from the app's migrations. */
const BOSS_SCHEMA = 'pgboss';
const JOB_NAME = /^[a-z0-9][a-z0-9._-]*$/i;
/** A drain that runs this many jobs is looping (a job that keeps sending itself), not draining. */
const MAX_DRAIN_RUNS = 10_000;

const DEFAULTS = { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 15 * 60, policy: 'standard', concurrency: 1 };

interface Definition {
  name: string;
  handler: JobHandler<JobData>;
  options: JobDefinitionOptions<JobData> & typeof DEFAULTS;
  worker?: QueueWorker;
}

interface RunningJob {
  name: string;
  id: string;
  controller: AbortController;
  /** Given up on at shutdown: already failed, so its late outcome is not recorded. */
  abandoned: boolean;
}

type FetchedJob = PgBoss.JobWithMetadata<JobData>;

/**
 * The job queue on pg-boss 10, over our own database connection (PGlite or the PostgreSQL pool).
 * pg-boss owns the tables, the queue policies, retries, cron and maintenance; the workers are ours: a
 * plain fetch–run–complete loop per queue, so that a run is awaited end to end, tests can run jobs
 * deterministically with `drain()`, and shutdown waits for exactly the jobs in hand.
 */
export class PgBossJobQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly connection: TrackedConnection;
  private readonly definitions = new Map<string, Definition>();
  private readonly running = new Set<RunningJob>();
  private readonly pollingIntervalMs: number;
  private preparing: Promise<void> | undefined;
  private prepared = false;
  private workersStarted = false;
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly database: Database,
    private readonly options: PgBossJobQueueOptions,
  ) {
    this.connection = new TrackedConnection(bossConnectionFor(database));
    const background = options.mode === 'background';
    this.boss = new PgBoss({
      db: this.connection,
      schema: BOSS_SCHEMA,
      migrate: true,
      // The cron clock and maintenance (expiring stuck jobs, archiving finished ones) run where jobs run.
      supervise: background,
      schedule: background,
      ...(options.cronPollingIntervalSeconds
        ? { cronMonitorIntervalSeconds: options.cronPollingIntervalSeconds, cronWorkerIntervalSeconds: options.cronPollingIntervalSeconds }
        : {}),
    });
    this.boss.on('error', (error: Error) => options.logger.error({ err: error }, `job queue: ${error.message}`));
    this.pollingIntervalMs = options.pollingIntervalMs ?? 2000;
  }

  define<T extends JobData>(name: string, handler: JobHandler<T>, options: JobDefinitionOptions<T> = {}): JobType<T> {
    if (this.preparing) throw new Error(`job ${name} was defined after the job queue started; define jobs while the app is assembled`);
    if (!JOB_NAME.test(name)) throw new Error(`job name ${JSON.stringify(name)} must be letters, digits, '.', '_' or '-'`);
    if (this.definitions.has(name)) throw new Error(`job ${name} is defined twice`);
    const resolved = { ...DEFAULTS, ...options };
    if (!Number.isInteger(resolved.concurrency) || resolved.concurrency < 1)
      throw new Error(`job ${name}: concurrency must be a whole number of at least 1`);
    this.definitions.set(name, { name, handler: handler as JobHandler<JobData>, options: resolved as Definition['options'] });
    return { name, send: (data, sendOptions) => this.send(name, data, sendOptions) };
  }

  async send<T extends JobData>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const definition = this.definitionOf(name);
    if (options.singletonKey !== undefined && definition.options.policy === 'standard' && options.singletonSeconds === undefined) {
      throw new Error(`job ${name}: singletonKey deduplicates only with a policy other than standard, or with singletonSeconds`);
    }
    if (options.transaction && !this.prepared) {
      // Preparing takes the connection a PGlite transaction holds: it would wait forever.
      throw new Error(`job ${name}: start the job queue before sending inside a transaction`);
    }
    await this.prepare();
    const { transaction, ...jobOptions } = options;
    // pg-boss checks options by presence ('priority' in options): only the ones given are passed on.
    const bossOptions: PgBoss.SendOptions = Object.fromEntries(Object.entries(jobOptions).filter(([, value]) => value !== undefined));
    if (transaction) bossOptions.db = bossConnectionInTransaction(transaction);
    const id = await this.boss.send(name, data, bossOptions);
    // A job queued in a transaction is invisible until it commits; the next poll finds it.
    if (id && options.startAfter === undefined && !options.transaction) definition.worker?.wake();
    return id;
  }

  async cancel(name: string, id: string): Promise<void> {
    this.definitionOf(name);
    await this.prepare();
    await this.boss.cancel(name, id);
  }

  async start(): Promise<void> {
    if (this.stopping) throw new Error('the job queue was stopped');
    await this.prepare();
    if (this.options.mode !== 'background' || this.workersStarted || this.stopping) return;
    this.workersStarted = true;
    for (const definition of this.definitions.values()) {
      definition.worker = new QueueWorker({
        concurrency: definition.options.concurrency,
        pollingIntervalMs: this.pollingIntervalMs,
        runOne: async () => (await this.runNext(definition)) !== undefined,
        onError: (error) => this.options.logger.error({ err: error, job: definition.name }, `job ${definition.name}: worker error`),
      });
      definition.worker.start();
    }
    this.options.logger.info({ jobs: [...this.definitions.keys()] }, `job workers started for ${this.definitions.size} job kinds`);
  }

  stop(): Promise<void> {
    // Never rejects: shutdown goes on to close the database whatever happened here.
    this.stopping ??= this.shutDown().catch((error: unknown) => this.options.logger.error({ err: error }, 'job queue: stopping failed'));
    return this.stopping;
  }

  async drain(names?: string[]): Promise<DrainResult> {
    if (this.options.mode === 'enqueue-only') throw new Error('this process only sends jobs (enqueue-only); it does not run them');
    await this.prepare();
    const definitions = names ? names.map((name) => this.definitionOf(name)) : [...this.definitions.values()];
    const result: DrainResult = { completed: 0, failed: 0 };
    let runs = 0;
    for (;;) {
      let ranOne = false;
      for (const definition of definitions) {
        const outcome = await this.runNext(definition);
        if (!outcome) continue;
        result[outcome] += 1;
        ranOne = true;
        runs += 1;
      }
      if (!ranOne) return result;
      if (runs >= MAX_DRAIN_RUNS) throw new Error(`drain ran ${runs} jobs and more keep coming; a job probably sends itself`);
    }
  }

  async getJob<T extends JobData = JobData>(name: string, id: string): Promise<JobRecord<T> | null> {
    await this.prepare();
    const job = await this.boss.getJobById<T>(name, id, { includeArchive: true });
    return job ? toRecord(job) : null;
  }

  async getSchedules(): Promise<JobScheduleRecord[]> {
    await this.prepare();
    const schedules = (await this.boss.getSchedules()) as unknown as {
      name: string;
      cron: string;
      timezone: string;
      data: JobData | null;
    }[];
    return schedules.map(({ name, cron, timezone, data }) => ({ name, cron, timezone, data }));
  }

  isStarted(): boolean {
    return this.prepared && !this.stopping;
  }

  async countJobs(): Promise<JobCount[]> {
    if (!this.prepared) return [];
    // One grouped count over pg-boss's job table: its own getQueueSize would ask once per queue.
    const { rows } = await this.connection.executeSql(
      `SELECT name, CASE WHEN state = 'active' THEN 'active' ELSE 'waiting' END AS state, count(*)::int AS count
         FROM ${BOSS_SCHEMA}.job WHERE state < 'completed' GROUP BY 1, 2`,
    );
    return (rows as { name: string; state: JobCount['state']; count: number }[]).map(({ name, state, count }) => ({
      queue: name,
      state,
      count: Number(count),
    }));
  }

  /** Creates pg-boss's schema (or migrates it), the defined queues with their current settings, and the schedules. */
  private prepare(): Promise<void> {
    this.preparing ??= withSetupLock(this.database, async () => {
      await this.boss.start();
      for (const { name, options } of this.definitions.values()) {
        const settings = {
          name,
          policy: options.policy,
          retryLimit: options.retryLimit,
          retryDelay: options.retryDelaySeconds,
          retryBackoff: options.retryBackoff,
          expireInSeconds: options.expireInSeconds,
        };
        // createQueue keeps an existing queue as it is; the update brings its settings to this code's.
        await this.boss.createQueue(name, settings);
        await this.boss.updateQueue(name, settings);
      }
      if (this.options.mode !== 'enqueue-only') await this.syncSchedules();
      this.prepared = true;
    });
    return this.preparing;
  }

  /** The database holds exactly the schedules this code defines: removed or changed ones follow the code. */
  private async syncSchedules(): Promise<void> {
    const wanted = [...this.definitions.values()].filter((definition) => definition.options.schedule);
    for (const { name, options } of wanted) {
      const { cron, timezone = 'UTC', data = {} } = options.schedule!;
      await this.boss.schedule(name, cron, data, { tz: timezone });
    }
    const wantedNames = new Set(wanted.map(({ name }) => name));
    for (const { name } of await this.boss.getSchedules()) {
      if (!wantedNames.has(name)) await this.boss.unschedule(name);
    }
  }

  /** Takes one due job of this kind and runs it to its end; undefined when none was due. */
  private async runNext(definition: Definition): Promise<keyof DrainResult | undefined> {
    if (this.stopping) return undefined;
    const [job] = (await this.boss.fetch<JobData>(definition.name, { batchSize: 1, includeMetadata: true })) as FetchedJob[];
    if (!job) return undefined;
    const running: RunningJob = { name: definition.name, id: job.id, controller: new AbortController(), abandoned: false };
    this.running.add(running);
    const startedAt = Date.now();
    try {
      const result = await this.runHandler(definition, job, running.controller);
      if (!running.abandoned) await this.boss.complete(definition.name, job.id, { result: result ?? null });
      this.options.onJobFinished?.(definition.name, 'completed', (Date.now() - startedAt) / 1000);
      this.options.logger.debug({ job: definition.name, jobId: job.id, ms: Date.now() - startedAt }, `job ${definition.name} completed`);
      return 'completed';
    } catch (caught) {
      const error = asError(caught);
      running.controller.abort(error);
      if (!running.abandoned) {
        const willRetry = job.retryCount < job.retryLimit;
        this.options.logger[willRetry ? 'warn' : 'error'](
          { err: error, job: definition.name, jobId: job.id, attempt: job.retryCount + 1 },
          `job ${definition.name} failed${willRetry ? ', will retry' : ' for good'}: ${error.message}`,
        );
        await this.boss.fail(definition.name, job.id, error);
      }
      this.options.onJobFinished?.(definition.name, 'failed', (Date.now() - startedAt) / 1000);
      return 'failed';
    } finally {
      this.running.delete(running);
    }
  }

  private async runHandler(definition: Definition, job: FetchedJob, controller: AbortController): Promise<unknown> {
    const limitMs = Number(job.expireInSeconds) * 1000;
    const handling = Promise.resolve().then(() =>
      definition.handler({
        id: job.id,
        name: definition.name,
        data: job.data,
        attempt: job.retryCount + 1,
        retryLimit: job.retryLimit,
        signal: controller.signal,
      }),
    );
    // Past the limit the job is failed; a handler that ignores its signal must not crash the process later.
    handling.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`job ${definition.name} ran longer than its limit of ${limitMs / 1000} s`)), limitMs);
    });
    try {
      return await Promise.race([handling, expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async shutDown(): Promise<void> {
    const workers = [...this.definitions.values()].flatMap(({ worker }) => (worker ? [worker.stop()] : []));
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.all(workers).then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.options.stopTimeoutMs))),
    ]);
    clearTimeout(timer);
    if (!finished) await this.abandonRunningJobs();
    if (this.preparing) {
      await this.preparing.catch(() => undefined);
      await this.boss.stop({ graceful: true, close: false, wait: true });
    }
    // pg-boss's own cron worker may still be finishing a query it started before the stop.
    await this.connection.whenIdle();
  }

  private async abandonRunningJobs(): Promise<void> {
    const error = new Error('the worker shut down before the job finished');
    for (const running of this.running) {
      running.abandoned = true;
      running.controller.abort(error);
      this.options.logger.warn(
        { job: running.name, jobId: running.id },
        `job ${running.name} still running at shutdown: failed, to be retried`,
      );
      await this.boss
        .fail(running.name, running.id, error)
        .catch((failError: unknown) =>
          this.options.logger.error({ err: failError, job: running.name, jobId: running.id }, 'could not release a job at shutdown'),
        );
    }
  }

  private definitionOf(name: string): Definition {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`job ${name} is not defined`);
    return definition;
  }
}

/** Counts pg-boss's queries in flight, so shutdown can wait until none is left before the database closes. */
class TrackedConnection implements BossConnection {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly connection: BossConnection) {}

  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    const query = this.connection.executeSql(text, values);
    const settled = query.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    return query;
  }

  /** Answers once no query is running, and none followed on the heels of the last one. */
  async whenIdle(): Promise<void> {
    do {
      await Promise.all(this.inFlight);
      await nextTurn();
    } while (this.inFlight.size > 0);
  }
}

function toRecord<T extends JobData>(job: PgBoss.JobWithMetadata<T>): JobRecord<T> {
  const output = job.output as Record<string, unknown> | null;
  return {
    id: job.id,
    name: job.name,
    state: job.state,
    data: job.data,
    attempts: job.startedOn ? job.retryCount + 1 : 0,
    retryLimit: job.retryLimit,
    singletonKey: job.singletonKey,
    createdOn: job.createdOn,
    startedOn: job.startedOn ?? null,
    completedOn: job.completedOn,
    result: job.state === 'completed' ? (output?.result ?? null) : null,
    error: job.state === 'completed' ? null : failureOf(output),
  };
}

/** pg-boss keeps a thrown error as its fields; its own expiry writes `{ value: { message } }`. */
function failureOf(output: Record<string, unknown> | null): JobRecord['error'] {
  const failure = output && typeof output.message === 'string' ? output : (output?.value as Record<string, unknown> | undefined);
  if (!failure || typeof failure.message !== 'string') return null;
  return {
    message: failure.message,
    ...(typeof failure.name === 'string' ? { name: failure.name } : {}),
    ...(typeof failure.stack === 'string' ? { stack: failure.stack } : {}),
  };
}
