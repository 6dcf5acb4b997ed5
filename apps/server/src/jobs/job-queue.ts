import type { Transaction } from '../db/database.js';

/**
 * Background jobs, behind one boundary. Modules define their jobs while the app is assembled
 * (`jobs.define(...)` in `buildApp`) and send them from services; which process runs a job is the
 * deployment's choice (see docs/jobs.md), never the module's.
 */
export interface JobQueue {
  /** Registers the handler of one kind of job. Only while the app is assembled, before the queue is ready. */
  define<T extends JobData>(name: string, handler: JobHandler<T>, options?: JobDefinitionOptions<T>): JobType<T>;
  /**
   * Queues a job and answers its id, or null when an equal job is already waiting (see `singletonKey`).
   * Inside a database transaction pass it as `transaction`: the job is then queued only if it commits.
   */
  send<T extends JobData>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Cancels a job that has not finished (waiting, or running in a process that died): it is neither run
   * nor retried again. A job already finished stays as it was.
   */
  cancel(name: string, id: string): Promise<void>;
  /** Prepares the queue's tables and queues; in a process that runs jobs, also starts the workers and the clock. */
  start(): Promise<void>;
  /**
   * Stops taking new jobs, waits for the running ones (up to the queue's stop timeout), then fails
   * those still running so another worker retries them. Calling it again answers the same promise.
   */
  stop(): Promise<void>;
  /**
   * Runs due jobs in this process until none is left (all defined jobs, or those named), then answers
   * what ran. Retries that are due at once run in the same call. The deterministic runner for tests.
   */
  drain(names?: string[]): Promise<DrainResult>;
  /** A job in any state, including finished ones that were archived; null when unknown. */
  getJob<T extends JobData = JobData>(name: string, id: string): Promise<JobRecord<T> | null>;
  /** The defined jobs that have a cron schedule, as stored in the database. */
  getSchedules(): Promise<JobScheduleRecord[]>;
  /** Whether the queue started (its tables and queues are ready) and is not stopping: part of readiness. */
  isStarted(): boolean;
  /** Jobs waiting (due or delayed) and running per queue, across every process; none before the queue started. */
  countJobs(): Promise<JobCount[]>;
}

export interface JobCount {
  queue: string;
  state: 'waiting' | 'active';
  count: number;
}

/** Job data travels as JSON. */
export type JobData = object;

export type JobHandler<T extends JobData> = (job: Job<T>) => Promise<unknown>;

export interface Job<T extends JobData> {
  id: string;
  name: string;
  data: T;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** How many retries the job had when it was queued. */
  retryLimit: number;
  /** Aborted when the job runs past `expireInSeconds` or the worker shuts down before it finishes. */
  signal: AbortSignal;
}

/**
 * What happens when several sends carry the same `singletonKey` (pg-boss queue policies). A job sent
 * without a key counts as the empty key, so on a queue with a policy other than `standard` every
 * job should carry one.
 * - `standard`: no deduplication.
 * - `short`: at most one job per key waits; a send while one waits answers null.
 * - `singleton`: any number wait, at most one per key runs at a time.
 * - `stately`: at most one per key waits and one per key runs.
 */
export type JobPolicy = 'standard' | 'short' | 'singleton' | 'stately';

export interface JobDefinitionOptions<T extends JobData = JobData> {
  /** Retries after the first failure (default 2); 0 fails at once. */
  retryLimit?: number;
  /** Seconds before a retry (default 0). */
  retryDelaySeconds?: number;
  /** Doubles the delay on each retry, with jitter (default false; needs a delay of at least 1 s). */
  retryBackoff?: boolean;
  /** Longest a run may take before it counts as failed (default 15 minutes, at most 23 hours). */
  expireInSeconds?: number;
  policy?: JobPolicy;
  /** Runs at once of this job per worker process (default 1). */
  concurrency?: number;
  /** Sends the job on a cron schedule, once per tick across all processes. */
  schedule?: JobSchedule<T>;
}

export interface JobSchedule<T extends JobData = JobData> {
  /** Five fields (minute hour day month weekday), e.g. `0 3 * * *`; a sixth in front gives seconds. */
  cron: string;
  /** IANA time zone the cron reads in (default UTC), e.g. `Asia/Shanghai`. */
  timezone?: string;
  data?: T;
}

export interface SendOptions {
  /** With a `short`, `singleton` or `stately` policy: equal keys share one waiting (or running) job. */
  singletonKey?: string;
  /** At most one job per key (or per name, without a key) in each window of this many seconds. */
  singletonSeconds?: number;
  /** Not before this moment, or this many seconds from now. */
  startAfter?: Date | number;
  /** Higher runs first (default 0). */
  priority?: number;
  /** Queue the job in this transaction: it exists only if the transaction commits. */
  transaction?: Transaction;
}

/** A typed way to send the job `name`, which a module declares (with its handler) in its index.ts. */
export function jobOf<T extends JobData>(queue: Pick<JobQueue, 'send'>, name: string): JobType<T> {
  return { name, send: (data, options) => queue.send(name, data, options) };
}

/** What `define` answers: the job's name and a typed way to send it. */
export interface JobType<T extends JobData> {
  readonly name: string;
  send(data: T, options?: SendOptions): Promise<string | null>;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobRecord<T extends JobData = JobData> {
  id: string;
  name: string;
  state: JobState;
  data: T;
  /** Runs started so far: 0 while waiting for the first, then 1, 2, … */
  attempts: number;
  retryLimit: number;
  singletonKey: string | null;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  /** What the handler answered, once completed. */
  result: unknown;
  /** The last failure, kept on the job while it waits for a retry and after it failed for good. */
  error: { name?: string; message: string; stack?: string } | null;
}

export interface JobScheduleRecord {
  name: string;
  cron: string;
  timezone: string;
  data: JobData | null;
}

export type JobOutcome = 'completed' | 'failed';

export interface DrainResult {
  completed: number;
  /** Runs that failed, whether a retry followed or not. */
  failed: number;
}

/**
 * Which jobs this process runs:
 * - `background`: workers poll the queues, the cron clock sends scheduled jobs, maintenance expires
 *   stuck jobs (the embedded server, and `npm run worker`);
 * - `enqueue-only`: it only sends (web servers when dedicated workers exist);
 * - `manual`: jobs run only when `drain()` is called (tests).
 */
export type JobRunMode = 'background' | 'enqueue-only' | 'manual';
