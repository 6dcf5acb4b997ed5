import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../db/database.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import type { Job, JobData, JobRunMode } from './job-queue.js';
import { PgBossJobQueue, type PgBossJobQueueOptions } from './pg-boss-queue.js';

// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set. Each test uses its own job names.
const onPostgres = Boolean(process.env.DATABASE_URL);

let testDatabase: TestDatabase;
const queues: PgBossJobQueue[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});
afterAll(() => testDatabase.drop());

function createQueue(mode: JobRunMode, options: Partial<PgBossJobQueueOptions> = {}, database: Database = testDatabase.database) {
  const queue = new PgBossJobQueue(database, { mode, logger: pino({ level: 'silent' }), stopTimeoutMs: 5000, ...options });
  queues.push(queue);
  return queue;
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** Waits for a condition that background workers make true; fails instead of hanging. */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the job queue', () => {
  it('runs a sent job once, with its data, and keeps what the handler answered', async () => {
    const queue = createQueue('manual');
    const seen: Job<{ workId: number }>[] = [];
    const thumbnail = queue.define<{ workId: number }>('once.thumbnail', async (job) => {
      seen.push(job);
      return { pages: 3 };
    });

    const id = await thumbnail.send({ workId: 7 });
    expect(id).toEqual(expect.any(String));
    expect(await queue.getJob('once.thumbnail', id!)).toMatchObject({ state: 'created', attempts: 0, data: { workId: 7 } });

    expect(await queue.drain()).toEqual({ completed: 1, failed: 0 });
    expect(await queue.drain()).toEqual({ completed: 0, failed: 0 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id, name: 'once.thumbnail', data: { workId: 7 }, attempt: 1, retryLimit: 2 });
    expect(await queue.getJob('once.thumbnail', id!)).toMatchObject({ state: 'completed', attempts: 1, result: { pages: 3 }, error: null });
  });

  it('retries a failing job, then fails it for good with its last error kept', async () => {
    const queue = createQueue('manual');
    const attempts: number[] = [];
    queue.define(
      'retry.flaky',
      async (job) => {
        attempts.push(job.attempt);
        throw new Error(`tiles missing (attempt ${job.attempt})`);
      },
      { retryLimit: 2 },
    );
    const id = await queue.send('retry.flaky', {});

    expect(await queue.drain(['retry.flaky'])).toEqual({ completed: 0, failed: 3 });
    expect(attempts).toEqual([1, 2, 3]);
    const job = await queue.getJob('retry.flaky', id!);
    expect(job).toMatchObject({ state: 'failed', attempts: 3, retryLimit: 2, result: null });
    expect(job?.error).toMatchObject({ name: 'Error', message: 'tiles missing (attempt 3)' });
    expect(job?.error?.stack).toContain('tiles missing');
  });

  it('waits the retry delay before the next attempt, and a later success completes the job', async () => {
    const queue = createQueue('manual');
    let calls = 0;
    queue.define(
      'retry.later',
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('storage unreachable');
      },
      { retryLimit: 1, retryDelaySeconds: 60 },
    );
    const id = await queue.send('retry.later', {});

    expect(await queue.drain()).toEqual({ completed: 0, failed: 1 });
    expect(await queue.getJob('retry.later', id!)).toMatchObject({ state: 'retry', error: { message: 'storage unreachable' } });

    // Make the retry due now instead of in a minute.
    await testDatabase.database.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${id}`);
    expect(await queue.drain()).toEqual({ completed: 1, failed: 0 });
    expect(await queue.getJob('retry.later', id!)).toMatchObject({ state: 'completed', attempts: 2, error: null });
  });

  it('queues one job per singletonKey while one waits (short policy), and throttles by singletonSeconds', async () => {
    const queue = createQueue('manual');
    const ran: string[] = [];
    queue.define<{ workId: number }>('dedupe.reindex', async (job) => void ran.push(String(job.data.workId)), { policy: 'short' });
    queue.define('dedupe.digest', async () => undefined);
    queue.define('dedupe.plain', async () => undefined);

    const first = await queue.send('dedupe.reindex', { workId: 1 }, { singletonKey: 'work:1' });
    const again = await queue.send('dedupe.reindex', { workId: 1 }, { singletonKey: 'work:1' });
    const other = await queue.send('dedupe.reindex', { workId: 2 }, { singletonKey: 'work:2' });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    expect(other).toEqual(expect.any(String));
    expect(await queue.drain()).toEqual({ completed: 2, failed: 0 });
    expect(ran.sort()).toEqual(['1', '2']);
    // Once the first has run, the same work may be queued again.
    expect(await queue.send('dedupe.reindex', { workId: 1 }, { singletonKey: 'work:1' })).toEqual(expect.any(String));

    expect(await queue.send('dedupe.digest', {}, { singletonKey: 'daily', singletonSeconds: 3600 })).toEqual(expect.any(String));
    expect(await queue.send('dedupe.digest', {}, { singletonKey: 'daily', singletonSeconds: 3600 })).toBeNull();

    // A key on a standard queue would deduplicate nothing: that is a mistake, said at once.
    await expect(queue.send('dedupe.plain', {}, { singletonKey: 'x' })).rejects.toThrow(/singletonKey deduplicates only/);
  });

  it('holds a job sent with startAfter until it is due', async () => {
    const queue = createQueue('manual');
    queue.define('delayed.reminder', async () => undefined);
    const id = await queue.send('delayed.reminder', {}, { startAfter: 60 });
    expect(await queue.drain()).toEqual({ completed: 0, failed: 0 });
    expect(await queue.getJob('delayed.reminder', id!)).toMatchObject({ state: 'created' });
    await queue.send('delayed.reminder', {}, { startAfter: new Date(Date.now() - 1000) });
    expect(await queue.drain()).toEqual({ completed: 1, failed: 0 });
  });

  it('registers a job with a cron schedule, and drops the schedule when the code no longer has it', async () => {
    const first = createQueue('manual');
    first.define('cron.nightly-cleanup', async () => undefined, {
      schedule: { cron: '0 3 * * *', timezone: 'Asia/Shanghai', data: { olderThanDays: 30 } },
    });
    await first.start();
    expect(await first.getSchedules()).toEqual([
      { name: 'cron.nightly-cleanup', cron: '0 3 * * *', timezone: 'Asia/Shanghai', data: { olderThanDays: 30 } },
    ]);
    await first.stop();

    const next = createQueue('manual');
    next.define('cron.nightly-cleanup', async () => undefined);
    await next.start();
    expect(await next.getSchedules()).toEqual([]);
  });

  it('sends a scheduled job from the clock when a worker runs', async () => {
    const queue = createQueue('background', { cronPollingIntervalSeconds: 1, pollingIntervalMs: 50 });
    const ran = deferred<JobData>();
    // Every minute: the current minute's tick is always due, so the clock sends it at start.
    queue.define('cron.every-minute', async (job) => ran.resolve(job.data), { schedule: { cron: '* * * * *', data: { source: 'cron' } } });
    await queue.start();
    expect(await ran.promise).toEqual({ source: 'cron' });
  });

  it('queues a job inside a transaction only if the transaction commits', async () => {
    const queue = createQueue('manual');
    queue.define('tx.publish', async () => undefined);
    const { db } = testDatabase.database;
    await expect(db.transaction(async (tx) => queue.send('tx.publish', {}, { transaction: tx }))).rejects.toThrow(
      'start the job queue before sending inside a transaction',
    );
    await queue.start();

    const committed = await db.transaction(async (tx) => queue.send('tx.publish', { workId: 1 }, { transaction: tx }));
    let rolledBack: string | null = null;
    await expect(
      db.transaction(async (tx) => {
        rolledBack = await queue.send('tx.publish', { workId: 2 }, { transaction: tx });
        throw new Error('work not saved');
      }),
    ).rejects.toThrow('work not saved');

    expect(await queue.getJob('tx.publish', committed!)).toMatchObject({ state: 'created', data: { workId: 1 } });
    expect(rolledBack).toEqual(expect.any(String));
    expect(await queue.getJob('tx.publish', rolledBack!)).toBeNull();
    expect(await queue.drain()).toEqual({ completed: 1, failed: 0 });
  });

  it('fails a run that outlives expireInSeconds, and aborts its signal', async () => {
    const queue = createQueue('manual');
    let signal: AbortSignal | undefined;
    queue.define(
      'expire.stuck',
      (job) => {
        signal = job.signal;
        return new Promise(() => undefined);
      },
      { expireInSeconds: 1, retryLimit: 0 },
    );
    const id = await queue.send('expire.stuck', {});
    expect(await queue.drain()).toEqual({ completed: 0, failed: 1 });
    expect(signal?.aborted).toBe(true);
    expect((await queue.getJob('expire.stuck', id!))?.error?.message).toBe('job expire.stuck ran longer than its limit of 1 s');
  });

  it('runs handlers that query the database and send jobs, several at once, without locking up', async () => {
    // On PGlite everything shares one connection: handler queries, their transactions and the
    // workers' fetches must take turns without waiting on each other.
    const queue = createQueue('background', { pollingIntervalMs: 20 });
    const { db } = testDatabase.database;
    let finished = 0;
    queue.define<{ n: number }>(
      'busy.import',
      async (job) => {
        await db.execute(sql`select count(*) from pgboss.job`);
        await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(0.005)`);
          await queue.send('busy.index', { n: job.data.n }, { transaction: tx });
        });
        await queue.send('busy.notify', { n: job.data.n });
      },
      { concurrency: 3 },
    );
    queue.define('busy.index', async () => void (await db.execute(sql`select 1`)), { concurrency: 2 });
    queue.define('busy.notify', async () => void (finished += 1), { concurrency: 2 });
    await queue.start();

    for (let n = 0; n < 12; n += 1) await queue.send('busy.import', { n });
    await eventually(() => finished === 12);
    await eventually(
      async () => (await rowsOf(db, sql`select 1 from pgboss.job where name = 'busy.index' and state = 'completed'`)).length === 12,
    );
  });

  it('stop() stops taking jobs and waits for the running one to finish', async () => {
    const queue = createQueue('background');
    const started = deferred();
    const release = deferred();
    queue.define('stop.render', async () => {
      started.resolve();
      await release.promise;
      return 'rendered';
    });
    await queue.start();
    const id = await queue.send('stop.render', {});
    const waiting = await queue.send('stop.render', {});
    await started.promise;

    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;

    expect(await queue.getJob('stop.render', id!)).toMatchObject({ state: 'completed', result: 'rendered' });
    expect(await queue.getJob('stop.render', waiting!)).toMatchObject({ state: 'created' });
  });

  it('stop() gives up on a job that outlasts the stop timeout: it is failed, to be retried elsewhere', async () => {
    const queue = createQueue('background', { stopTimeoutMs: 100 });
    const started = deferred<AbortSignal>();
    queue.define('stop.endless', (job) => {
      started.resolve(job.signal);
      return new Promise(() => undefined);
    });
    await queue.start();
    const id = await queue.send('stop.endless', {});
    const signal = await started.promise;

    await queue.stop();
    expect(signal.aborted).toBe(true);
    expect(await queue.getJob('stop.endless', id!)).toMatchObject({
      state: 'retry',
      error: { message: 'the worker shut down before the job finished' },
    });
  });

  it('refuses what would go wrong later: defining after start, unknown jobs, running jobs where none may run', async () => {
    const queue = createQueue('manual');
    queue.define('guard.known', async () => undefined);
    expect(() => queue.define('guard.known', async () => undefined)).toThrow('defined twice');
    expect(() => queue.define('guard bad name', async () => undefined)).toThrow('must be letters');
    await queue.start();
    expect(() => queue.define('guard.late', async () => undefined)).toThrow('defined after the job queue started');
    await expect(queue.send('guard.unknown', {})).rejects.toThrow('job guard.unknown is not defined');

    const sender = createQueue('enqueue-only');
    sender.define('guard.known', async () => undefined);
    expect(await sender.send('guard.known', {})).toEqual(expect.any(String));
    await expect(sender.drain()).rejects.toThrow('only sends jobs');
  });
});

describe.skipIf(!onPostgres)('several worker processes on PostgreSQL', () => {
  let second: Database;
  beforeAll(async () => {
    if (testDatabase.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const url = testDatabase.database.url;
    second = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  });
  afterAll(() => second?.close());

  it('start together on a new job kind without tripping over each other', async () => {
    // Several workers starting at once after a deploy each create the new queue.
    const starting = Array.from({ length: 6 }, (_, index) => {
      const queue = createQueue('background', {}, index % 2 === 0 ? testDatabase.database : second);
      queue.define('fresh.kind', async () => undefined, { schedule: { cron: '0 4 * * *' } });
      queue.define(`fresh.kind-${index}`, async () => undefined);
      return queue.start();
    });
    await Promise.all(starting);
  });

  it('never run the same job twice: two workers draining at once share the jobs', async () => {
    const runs: { id: string; worker: string }[] = [];
    const workers = ['a', 'b'].map((worker, index) => {
      const queue = createQueue('manual', {}, index === 0 ? testDatabase.database : second);
      queue.define('shared.convert', async (job) => {
        runs.push({ id: job.id, worker });
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
      return queue;
    });
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => workers[0]!.send('shared.convert', { n })));

    const results = await Promise.all(workers.map((queue) => queue.drain()));
    expect(results[0]!.completed + results[1]!.completed).toBe(30);
    expect(runs.map(({ id }) => id).sort()).toEqual([...ids].sort());
    expect(new Set(runs.map(({ worker }) => worker))).toEqual(new Set(['a', 'b']));
  });

  it('never run the same job twice: two background workers polling the same queue', async () => {
    const runs: string[] = [];
    const workers = [testDatabase.database, second].map((database) => {
      const queue = createQueue('background', { pollingIntervalMs: 10 }, database);
      queue.define(
        'shared.polled',
        async (job) => {
          runs.push(job.id);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
        { concurrency: 3 },
      );
      return queue;
    });
    await Promise.all(workers.map((queue) => queue.start()));
    const ids = await Promise.all(Array.from({ length: 40 }, (_, n) => workers[1]!.send('shared.polled', { n })));
    await eventually(() => runs.length >= 40);
    await Promise.all(workers.map((queue) => queue.stop()));
    expect(runs.sort()).toEqual([...ids].sort());
  });
});
