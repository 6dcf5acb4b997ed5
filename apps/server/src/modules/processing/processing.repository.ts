import { and, eq, inArray, lt, or, isNull, sql } from 'drizzle-orm';
import type { Measurement, ProcessingFailure, ProcessingStage } from '@spatia/contract';
import type { Db } from '../../db/database.js';
import { workMeasurements, workProcessing, works, workTours, workTrafficDaily, type ProcessedOutput, type ProcessedScene, type StoredTourSettings } from '../../db/schema/index.js';
import type { Executor, Transaction } from '../works/works.repository.js';

export type ProcessingRow = typeof workProcessing.$inferSelect;
export type TourRow = typeof workTours.$inferSelect;
export type MeasurementsRow = typeof workMeasurements.$inferSelect;

/** A run's progress as a heartbeat records it. */
export interface RunProgress {
  stage: ProcessingStage;
  progress: number;
  points: { done: number; total: number } | null;
}

/** Which run, held by which job: every write of a running job names both, so a job that lost its lease writes nothing. */
export interface RunLease {
  workId: number;
  runId: string;
  jobId: string;
}

/** A run's row as it fails: no run held any more, nothing of it kept. */
function failedRun(reason: ProcessingFailure, fileName: string | null) {
  const now = new Date();
  return { state: 'failed' as const, failureReason: reason, failureFile: fileName, runId: null, leaseJobId: null, leaseUntil: null, runScenes: [], runOutput: null, finishedAt: now, updatedAt: now };
}

/** The only place that reads and writes the processing, tour and traffic tables. */
export class ProcessingRepository {
  constructor(readonly db: Db) {}

  async find(workId: number, executor: Executor = this.db): Promise<ProcessingRow | undefined> {
    const [row] = await executor.select().from(workProcessing).where(eq(workProcessing.workId, workId));
    return row;
  }

  async lock(workId: number, executor: Executor): Promise<ProcessingRow | undefined> {
    const [row] = await executor.select().from(workProcessing).where(eq(workProcessing.workId, workId)).for('update');
    return row;
  }

  /** Queues a new run, replacing whatever run there was (the caller checked none is going on). */
  async queue(workId: number, runId: string, executor: Executor): Promise<ProcessingRow> {
    const fresh = {
      state: 'queued' as const,
      stage: null,
      progress: 0,
      failureReason: null,
      failureFile: null,
      attempts: 0,
      crashes: 0,
      runId,
      leaseJobId: null,
      leaseUntil: null,
      runScenes: [],
      runOutput: null,
      pointsDone: null,
      pointsTotal: null,
      startedAt: null,
      finishedAt: null,
      updatedAt: new Date(),
    };
    const [row] = await executor
      .insert(workProcessing)
      .values({ workId, ...fresh })
      .onConflictDoUpdate({ target: workProcessing.workId, set: fresh })
      .returning();
    return row!;
  }

  /**
   * Takes the run for a job: only while the run is still the work's current one and nobody else
   * holds a live lease on it. Answers the row, or undefined when the job has nothing to do. Taking over
   * another job's lease that ran out counts that job's attempt as a crash (its process stopped renewing).
   */
  async claim(lease: RunLease, until: Date): Promise<ProcessingRow | undefined> {
    const tookOver = sql`(${workProcessing.state} = 'running' and ${workProcessing.leaseJobId} is not null and ${workProcessing.leaseJobId} <> ${lease.jobId})`;
    const [row] = await this.db
      .update(workProcessing)
      .set({
        state: 'running',
        leaseJobId: lease.jobId,
        leaseUntil: until,
        attempts: sql`${workProcessing.attempts} + 1`,
        crashes: sql`${workProcessing.crashes} + case when ${tookOver} then 1 else 0 end`,
        startedAt: sql`coalesce(${workProcessing.startedAt}, now())`,
        failureReason: null,
        failureFile: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(workProcessing.workId, lease.workId),
          eq(workProcessing.runId, lease.runId),
          inArray(workProcessing.state, ['queued', 'running']),
          or(isNull(workProcessing.leaseJobId), eq(workProcessing.leaseJobId, lease.jobId), lt(workProcessing.leaseUntil, sql`now()`)),
        ),
      )
      .returning();
    return row;
  }

  /** Records progress and extends the lease; false when the run is no longer this job's. */
  async heartbeat(lease: RunLease, { stage, progress, points }: RunProgress, until: Date): Promise<boolean> {
    const counts = points ? { pointsDone: points.done, pointsTotal: points.total } : {};
    const rows = await this.db
      .update(workProcessing)
      .set({ stage, progress, ...counts, leaseUntil: until, updatedAt: new Date() })
      .where(this.holds(lease))
      .returning({ workId: workProcessing.workId });
    return rows.length > 0;
  }

  async addRunScene(lease: RunLease, scene: ProcessedScene, progress: number): Promise<boolean> {
    const rows = await this.db
      .update(workProcessing)
      .set({ runScenes: sql`${workProcessing.runScenes} || ${JSON.stringify([scene])}::jsonb`, progress, updatedAt: new Date() })
      .where(this.holds(lease))
      .returning({ workId: workProcessing.workId });
    return rows.length > 0;
  }

  /** Records a 3D or point-cloud run's converted file, so a rerun after a restart only publishes it. */
  async setRunOutput(lease: RunLease, output: ProcessedOutput, progress: number): Promise<boolean> {
    const rows = await this.db
      .update(workProcessing)
      .set({ runOutput: output, progress, updatedAt: new Date() })
      .where(this.holds(lease))
      .returning({ workId: workProcessing.workId });
    return rows.length > 0;
  }

  /** Makes the run's scenes (or converted file) the ones viewers see; answers the run they replace, if any. */
  async publish(lease: RunLease, tx: Transaction): Promise<{ previousRunId: string | null; scenes: ProcessedScene[] } | undefined> {
    const [current] = await tx.select().from(workProcessing).where(this.holds(lease)).for('update');
    if (!current) return undefined;
    await tx
      .update(workProcessing)
      .set({
        state: 'done',
        stage: null,
        progress: 1,
        runId: null,
        leaseJobId: null,
        leaseUntil: null,
        publishedRunId: lease.runId,
        publishedScenes: current.runScenes,
        runScenes: [],
        publishedOutput: current.runOutput,
        runOutput: null,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(workProcessing.workId, lease.workId));
    return { previousRunId: current.publishedRunId, scenes: current.runScenes };
  }

  async fail(lease: RunLease, failure: { reason: ProcessingFailure; fileName: string | null }): Promise<boolean> {
    const rows = await this.db
      .update(workProcessing)
      .set(failedRun(failure.reason, failure.fileName))
      .where(this.holds(lease))
      .returning({ workId: workProcessing.workId });
    return rows.length > 0;
  }

  /** Counts a crash of the holder's media process; answers the run's crashes so far, or undefined when the lease is lost. */
  async recordCrash(lease: RunLease): Promise<number | undefined> {
    const [row] = await this.db
      .update(workProcessing)
      .set({ crashes: sql`${workProcessing.crashes} + 1`, updatedAt: new Date() })
      .where(this.holds(lease))
      .returning({ crashes: workProcessing.crashes });
    return row?.crashes;
  }

  /**
   * A run found stalled (its holder's lease ran out: the process died, or hangs): counts the crash and
   * gives the run back to the queue, or fails it as `crashed` once it has crashed `crashLimit` times.
   * Answers what became of it; undefined when it was no longer stalled (taken over, finished, reset).
   */
  async reviveStalled(stalled: ProcessingRow, crashLimit: number, tx: Transaction): Promise<{ crashes: number; failed: boolean } | undefined> {
    if (!stalled.runId || !stalled.leaseJobId) return undefined;
    const deadHolder: RunLease = { workId: stalled.workId, runId: stalled.runId, jobId: stalled.leaseJobId };
    const [current] = await tx
      .select({ crashes: workProcessing.crashes })
      .from(workProcessing)
      .where(and(this.holds(deadHolder), lt(workProcessing.leaseUntil, sql`now()`)))
      .for('update');
    if (!current) return undefined;
    const crashes = current.crashes + 1;
    const failed = crashes >= crashLimit;
    await tx
      .update(workProcessing)
      .set(
        failed
          ? { ...failedRun('crashed', null), crashes }
          : { state: 'queued', leaseJobId: null, leaseUntil: null, crashes, updatedAt: new Date() },
      )
      .where(eq(workProcessing.workId, stalled.workId));
    return { crashes, failed };
  }

  /** Gives the run back to the queue (the job failed and pg-boss will retry it); its finished scenes stay. */
  async release(lease: RunLease): Promise<void> {
    await this.db
      .update(workProcessing)
      .set({ state: 'queued', leaseJobId: null, leaseUntil: null, updatedAt: new Date() })
      .where(this.holds(lease));
  }

  /** Back to unprocessed; answers the runs whose files are now unused. */
  async discard(workId: number, tx: Transaction): Promise<string[]> {
    const current = await this.lock(workId, tx);
    if (!current) return [];
    await tx.delete(workProcessing).where(eq(workProcessing.workId, workId));
    await tx.delete(workTours).where(eq(workTours.workId, workId));
    await tx.delete(workMeasurements).where(eq(workMeasurements.workId, workId));
    return [current.runId, current.publishedRunId].filter((runId): runId is string => runId !== null);
  }

  /** Runs whose worker stopped renewing its lease: crashed or killed mid-job. */
  async findStalled(limit: number): Promise<ProcessingRow[]> {
    return this.db
      .select()
      .from(workProcessing)
      .where(and(eq(workProcessing.state, 'running'), lt(workProcessing.leaseUntil, sql`now()`)))
      .limit(limit);
  }

  async findTour(workId: number, executor: Executor = this.db): Promise<TourRow | undefined> {
    const [row] = await executor.select().from(workTours).where(eq(workTours.workId, workId));
    return row;
  }

  async lockTour(workId: number, tx: Transaction): Promise<TourRow | undefined> {
    const [row] = await tx.select().from(workTours).where(eq(workTours.workId, workId)).for('update');
    return row;
  }

  async saveTour(workId: number, settings: StoredTourSettings, revision: number, executor: Executor): Promise<TourRow> {
    const values = { settings, revision, updatedAt: new Date() };
    const [row] = await executor
      .insert(workTours)
      .values({ workId, ...values })
      .onConflictDoUpdate({ target: workTours.workId, set: values })
      .returning();
    return row!;
  }

  /** The processing of each of these works that has any, by work uid. */
  async findByWorkUids(uids: readonly string[]): Promise<Map<string, ProcessingRow>> {
    if (uids.length === 0) return new Map();
    const rows = await this.db
      .select({ uid: works.uid, processing: workProcessing })
      .from(workProcessing)
      .innerJoin(works, eq(works.id, workProcessing.workId))
      .where(inArray(works.uid, [...uids]));
    return new Map(rows.map((row) => [row.uid, row.processing]));
  }

  async findMeasurements(workId: number, executor: Executor = this.db): Promise<MeasurementsRow | undefined> {
    const [row] = await executor.select().from(workMeasurements).where(eq(workMeasurements.workId, workId));
    return row;
  }

  async lockMeasurements(workId: number, tx: Transaction): Promise<MeasurementsRow | undefined> {
    const [row] = await tx.select().from(workMeasurements).where(eq(workMeasurements.workId, workId)).for('update');
    return row;
  }

  async saveMeasurements(workId: number, measurements: Measurement[], revision: number, executor: Executor): Promise<MeasurementsRow> {
    const values = { measurements, revision, updatedAt: new Date() };
    const [row] = await executor
      .insert(workMeasurements)
      .values({ workId, ...values })
      .onConflictDoUpdate({ target: workMeasurements.workId, set: values })
      .returning();
    return row!;
  }

  /** Adds counted traffic, one statement for any number of (work, day, owner) rows. */
  async addTraffic(rows: readonly { workId: number; day: string; ownerId: number; requests: number; bytes: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.execute(sql`
      insert into ${workTrafficDaily} (work_id, day, owner_id, requests, bytes)
      select work_id, day, owner_id, requests, bytes
      from jsonb_to_recordset(${JSON.stringify(rows.map((row) => ({ work_id: row.workId, day: row.day, owner_id: row.ownerId, requests: row.requests, bytes: row.bytes })))}::jsonb)
        as counted(work_id bigint, day date, owner_id bigint, requests bigint, bytes bigint)
      on conflict (work_id, day, owner_id) do update
        set requests = ${workTrafficDaily}.requests + excluded.requests, bytes = ${workTrafficDaily}.bytes + excluded.bytes`);
  }

  async trafficOf(workId: number, fromDay: string): Promise<{ day: string; requests: number; bytes: number }[]> {
    return this.db
      .select({ day: workTrafficDaily.day, requests: sql<number>`sum(${workTrafficDaily.requests})::int8`.mapWith(Number), bytes: sql<number>`sum(${workTrafficDaily.bytes})::int8`.mapWith(Number) })
      .from(workTrafficDaily)
      .where(and(eq(workTrafficDaily.workId, workId), sql`${workTrafficDaily.day} >= ${fromDay}`))
      .groupBy(workTrafficDaily.day)
      .orderBy(workTrafficDaily.day);
  }

  private holds(lease: RunLease) {
    return and(
      eq(workProcessing.workId, lease.workId),
      eq(workProcessing.runId, lease.runId),
      eq(workProcessing.leaseJobId, lease.jobId),
      eq(workProcessing.state, 'running'),
    );
  }
}
