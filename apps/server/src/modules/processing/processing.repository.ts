import { and, eq, gt, inArray, isNull, lt, min, or, sql } from 'drizzle-orm';
import type { ProcessingFailure, ProcessingStage } from '@spatia/contract';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { findRowsIn } from '../../db/rows-in.js';
import { deleteWorkRow, saveWorkRow, WorkRowRepository } from '../../db/work-row.js';
import { workProcessing, type ProcessedOutput, type ProcessedScene } from './processing.tables.js';

export type ProcessingRow = typeof workProcessing.$inferSelect;

/** A run's progress as a heartbeat records it. */
export interface RunProgress {
  stage: ProcessingStage;
  progress: number;
  points: { done: number; total: number } | null;
}

/** A run whose files a work holds, and the work whose folder they are in when it is another's (a copy shares its original's). */
export interface HeldRun {
  runId: string;
  sharedFrom: string | null;
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
  return {
    state: 'failed' as const,
    failureReason: reason,
    failureFile: fileName,
    runId: null,
    leaseJobId: null,
    leaseUntil: null,
    runScenes: [],
    runOutput: null,
    finishedAt: now,
    updatedAt: now,
  };
}

/** The only place that reads and writes `work_processing`. */
export class ProcessingRepository extends WorkRowRepository<typeof workProcessing> {
  constructor(db: Db) {
    super(db, workProcessing);
  }

  /** Queues a new run, replacing whatever run there was (the caller checked none is going on). */
  queue(workId: number, runId: string, executor: Executor): Promise<ProcessingRow> {
    return saveWorkRow(executor, workProcessing, workId, {
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
    });
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
  heartbeat(lease: RunLease, { stage, progress, points }: RunProgress, until: Date): Promise<boolean> {
    const counts = points ? { pointsDone: points.done, pointsTotal: points.total } : {};
    return this.updateHeld(lease, { stage, progress, ...counts, leaseUntil: until, updatedAt: new Date() });
  }

  addRunScene(lease: RunLease, scene: ProcessedScene, progress: number): Promise<boolean> {
    return this.updateHeld(lease, {
      runScenes: sql`${workProcessing.runScenes} || ${JSON.stringify([scene])}::jsonb`,
      progress,
      updatedAt: new Date(),
    });
  }

  /** Records a 3D or point-cloud run's converted file, so a rerun after a restart only publishes it. */
  setRunOutput(lease: RunLease, output: ProcessedOutput, progress: number): Promise<boolean> {
    return this.updateHeld(lease, { runOutput: output, progress, updatedAt: new Date() });
  }

  /** Makes the run's scenes (or converted file) the ones viewers see; answers the run they replace, if any. */
  async publish(lease: RunLease, tx: Transaction): Promise<{ previous: HeldRun | null; scenes: ProcessedScene[] } | undefined> {
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
        publishedFromUid: null,
        publishedScenes: current.runScenes,
        runScenes: [],
        publishedOutput: current.runOutput,
        runOutput: null,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(workProcessing.workId, lease.workId));
    const previous = current.publishedRunId ? { runId: current.publishedRunId, sharedFrom: current.publishedFromUid } : null;
    return { previous, scenes: current.runScenes };
  }

  fail(lease: RunLease, failure: { reason: ProcessingFailure; fileName: string | null }): Promise<boolean> {
    return this.updateHeld(lease, failedRun(failure.reason, failure.fileName));
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
  async reviveStalled(
    stalled: ProcessingRow,
    crashLimit: number,
    tx: Transaction,
  ): Promise<{ crashes: number; failed: boolean } | undefined> {
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

  /** Back to unprocessed; answers the runs whose files are now unused, or undefined when the work was never processed. */
  async discard(workId: number, tx: Transaction): Promise<HeldRun[] | undefined> {
    const current = await this.lock(workId, tx);
    if (!current) return undefined;
    await deleteWorkRow(tx, workProcessing, workId);
    return heldRuns(current);
  }

  /**
   * Gives a copy the original's published run: the same files (never changed), scenes and converted
   * file, with asset ids the copy's. Answers whether there was one to share.
   */
  async share(
    original: { id: number; uid: string },
    copyId: number,
    assetIds: ReadonlyMap<number, number>,
    tx: Transaction,
  ): Promise<boolean> {
    const source = await this.find(original.id, tx);
    if (!source?.publishedRunId) return false;
    const copiedAsset = (assetId: number) => assetIds.get(assetId) ?? assetId;
    await tx.insert(workProcessing).values({
      workId: copyId,
      state: 'done',
      progress: 1,
      publishedRunId: source.publishedRunId,
      publishedFromUid: source.publishedFromUid ?? original.uid,
      publishedScenes: source.publishedScenes.map((scene) => ({ ...scene, assetId: copiedAsset(scene.assetId) })),
      publishedOutput: source.publishedOutput && { ...source.publishedOutput, assetId: copiedAsset(source.publishedOutput.assetId) },
      finishedAt: new Date(),
    });
    return true;
  }

  /** Whether a work shows the run or is processing it (run ids are unique across works). */
  async runInUse(runId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ workId: workProcessing.workId })
      .from(workProcessing)
      .where(or(eq(workProcessing.runId, runId), eq(workProcessing.publishedRunId, runId)))
      .limit(1);
    return row !== undefined;
  }

  /** Whether a copy shows a run kept in the folder of the work `uid`. */
  async folderShared(uid: string): Promise<boolean> {
    const [row] = await this.db
      .select({ workId: workProcessing.workId })
      .from(workProcessing)
      .where(eq(workProcessing.publishedFromUid, uid))
      .limit(1);
    return row !== undefined;
  }

  /** Runs whose worker stopped renewing its lease: crashed or killed mid-job. */
  async findStalled(limit: number): Promise<ProcessingRow[]> {
    return this.db
      .select()
      .from(workProcessing)
      .where(and(eq(workProcessing.state, 'running'), lt(workProcessing.leaseUntil, sql`now()`)))
      .limit(limit);
  }

  /** When the first live lease of a running run ends (the soonest a holder can be found dead); null when none runs. */
  async earliestLeaseEnd(): Promise<Date | null> {
    const [row] = await this.db
      .select({ until: min(workProcessing.leaseUntil) })
      .from(workProcessing)
      .where(and(eq(workProcessing.state, 'running'), gt(workProcessing.leaseUntil, sql`now()`)));
    return row?.until ?? null;
  }

  /** The processing of each of these works that has any, by work id. */
  async findByWorkIds(workIds: readonly number[], executor: Executor = this.db): Promise<Map<number, ProcessingRow>> {
    const rows = await findRowsIn(executor, workProcessing, workProcessing.workId, workIds);
    return new Map(rows.map((row) => [row.workId, row]));
  }

  /** Changes the run's row while `lease` still holds it; false when the run is no longer this job's. */
  private async updateHeld(lease: RunLease, changes: PgUpdateSetSource<typeof workProcessing>): Promise<boolean> {
    const rows = await this.db.update(workProcessing).set(changes).where(this.holds(lease)).returning({ workId: workProcessing.workId });
    return rows.length > 0;
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

/** The runs whose files a processing row holds: the one in progress (always its own) and the published one. */
export function heldRuns(row: ProcessingRow): HeldRun[] {
  const runs: HeldRun[] = [];
  if (row.runId) runs.push({ runId: row.runId, sharedFrom: null });
  if (row.publishedRunId) runs.push({ runId: row.publishedRunId, sharedFrom: row.publishedFromUid });
  return runs;
}
