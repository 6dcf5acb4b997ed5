import { randomBytes } from 'node:crypto';
import { IDLE_PROCESSING, type WorkProcessing } from '@spatia/contract';
import type { Executor, Transaction } from '../../db/database.js';
import type { ProcessedOutput, ProcessedScene } from './processing.tables.js';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { jobOf, type JobQueue } from '../../jobs/job-queue.js';
import { afterCommit } from '../../db/after-commit.js';
import type { DomainEvents } from '../../kernel/domain-events.js';
import { fail } from '../../lib/app-error.js';
import { MemoryCache } from '../../lib/cache.js';
import type { Language } from '@spatia/contract';
import { describeProcessingFailure } from '../../lib/messages.js';
import type { Actor } from '../works/index.js';
import type { WorkRow, WorksService } from '../works/index.js';
import { derivedFolder } from './derived-files.js';
import { heldRuns, type HeldRun, type ProcessingRepository, type ProcessingRow } from './processing.repository.js';
export type { ProcessingRow };

/** The run viewers see: what its scenes (a panorama) or its converted file (3D, point cloud) are. */
export interface PublishedRun {
  runId: string;
  /** The work whose folder holds the run's files, when it is not this one (a copy shares its original's); null when it is. */
  sharedFrom: string | null;
  scenes: ProcessedScene[];
  output: ProcessedOutput | null;
}

/** The jobs of processing; their handlers and options are declared in index.ts. */
export const PROCESSING_JOBS = {
  run: 'processing.run',
  deleteRun: 'processing.deleteRun',
  reviveStalled: 'processing.reviveStalled',
} as const;

/** Typed senders of the processing jobs, for the services that queue them. */
export function processingJobTypes(queue: Pick<JobQueue, 'send'>) {
  return {
    run: jobOf<RunJob>(queue, PROCESSING_JOBS.run),
    deleteRun: jobOf<DeleteRunJob>(queue, PROCESSING_JOBS.deleteRun),
    reviveStalled: jobOf<object>(queue, PROCESSING_JOBS.reviveStalled),
  };
}

export type ProcessingJobTypes = ReturnType<typeof processingJobTypes>;

export interface RunJob {
  workId: number;
  runId: string;
}

/** The folder (beside panorama scenes' folders) that holds a 3D or point-cloud work's converted files. */
export const SPATIAL_FOLDER = 'main';

export interface DeleteRunJob {
  /** The work whose folder holds the run (the original's, for a run a copy shared). */
  workUid: string;
  runId: string;
}

/** What the solver's public side (ProcessingService) and its background work (ProcessingJobs) are built on. */
export interface ProcessingDependencies {
  repository: ProcessingRepository;
  works: WorksService;
  storage: StorageDriver;
  jobs: JobQueue;
  events: DomainEvents;
}

export interface ProcessingOptions {
  /** Where runs keep their temporary files (DATA_DIR/tmp/processing). */
  scratchDir: string;
  leaseSeconds: number;
}

/** Retries after an unexpected failure or a shutdown mid-run; a bad upload fails at once instead. */
export const RUN_RETRIES = 5;
/** A run's job expires after this; a stalled one is taken over through its lease long before. */
export const RUN_EXPIRY_SECONDS = 6 * 3600;
/**
 * Attempts of one run that may end with a process dying (its media process, or the whole worker found
 * stalled) before the run fails as `crashed` instead of being retried: a file that crashes whatever
 * processes it must not keep a worker busy (or, before media ran in a process of its own, the server
 * down) for ever.
 */
export const PROCESSING_CRASH_LIMIT = 3;
const SHARED_FOLDER_TTL_SECONDS = 3600;
/**
 * The solver's public side: turns a work's uploaded panoramas into tiled scenes (docs/processing.md). A run is a job;
 * the row in `work_processing` is its truth: which run is current, who holds it, how far it got.
 */
export class ProcessingService {
  private readonly repository: ProcessingRepository;
  private readonly jobTypes: ProcessingJobTypes;
  /** Which folder a copy's run is stored in, by `{copy uid}/{run id}` (never changes while the copy shows that run). */
  private readonly sharedFolders = new MemoryCache(20_000);

  constructor(private readonly deps: ProcessingDependencies) {
    this.repository = deps.repository;
    this.jobTypes = processingJobTypes(deps.jobs);
  }

  /**
   * Queues a run of the work's origins; refused while one is queued or running, and before anything is
   * queued when the work has no original file (a run would only fail a moment later).
   */
  async activate(actor: Actor, uid: string, language: Language): Promise<WorkProcessing> {
    const row = await this.deps.works.change(actor, uid, async (work, tx) => {
      const current = await this.repository.lock(work.id, tx);
      if (current && (current.state === 'queued' || current.state === 'running')) throw fail('processingRunning');
      if (!(await this.deps.works.withOrigins([work.id], tx)).has(work.id)) throw fail('processingNoOrigin');
      const runId = newRunId();
      const queued = await this.repository.queue(work.id, runId, tx);
      await this.jobTypes.run.send({ workId: work.id, runId }, { transaction: tx });
      return queued;
    });
    return presentProcessing(row, language, true);
  }

  async status(actor: Actor, uid: string, language: Language): Promise<WorkProcessing> {
    return this.statusOf((await this.deps.works.findManageable(actor, uid)).id, language);
  }

  /** The processing part of a work's state, for `verify`. */
  async statusOf(workId: number, language: Language): Promise<WorkProcessing> {
    const [row, withOrigins] = await Promise.all([this.repository.find(workId), this.deps.works.withOrigins([workId])]);
    return presentProcessing(row, language, withOrigins.has(workId));
  }

  /** The published run of a work; undefined before the first run is published. */
  async published(workId: number, executor?: Executor): Promise<PublishedRun | undefined> {
    const row = await this.repository.find(workId, executor);
    if (!row?.publishedRunId) return undefined;
    return { runId: row.publishedRunId, sharedFrom: row.publishedFromUid, scenes: row.publishedScenes, output: row.publishedOutput };
  }

  /** The processing of each of these works that has any, by work id. */
  async ofWorks(workIds: readonly number[]): Promise<Map<number, ProcessingRow>> {
    return this.repository.findByWorkIds(workIds);
  }

  /** Called inside the reset of a work: processing and what other modules keep beside it are forgotten, the files deleted after commit. */
  async discard(work: WorkRow, tx: Transaction): Promise<void> {
    const unusedRuns = await this.repository.discard(work.id, tx);
    if (!unusedRuns) return;
    await this.deps.events.publish(tx, 'processing.discarded', { workId: work.id });
    for (const held of unusedRuns) {
      await this.jobTypes.deleteRun.send(runFolderOf(work, held), { transaction: tx });
    }
  }

  /**
   * A copy shares the original's published run instead of being processed again: stored files never
   * change, so the copy shows the same ones at once. Its viewers ask for them under the copy's own
   * folder (`storedKeyOf`), so its traffic is its own.
   */
  async shareWithCopy(original: WorkRow, copy: WorkRow, assetIds: ReadonlyMap<number, number>, tx: Transaction): Promise<void> {
    await this.repository.share(original, copy.id, assetIds, tx);
  }

  /**
   * Inside the purge of works, before their rows go: once it commits, their derived files go too, except
   * runs a copy still shows (the last work to let go of a run deletes it).
   */
  async forgetPurged(works: readonly WorkRow[], tx: Transaction): Promise<void> {
    const rows = await this.repository.findByWorkIds(
      works.map((work) => work.id),
      tx,
    );
    afterCommit(tx, async () => {
      for (const work of works) {
        const held = rows.has(work.id) ? heldRuns(rows.get(work.id)!) : [];
        if (await this.repository.folderShared(work.uid)) {
          for (const run of held) if (!run.sharedFrom) await this.releaseRun(runFolderOf(work, run));
        } else {
          await this.deps.storage.deleteFolder(derivedFolder(work.uid));
        }
        for (const run of held) if (run.sharedFrom) await this.releaseRun(runFolderOf(work, run));
      }
    });
  }

  /**
   * Where a derived file is stored. Viewers ask for a copy's files under the copy's own folder, so that
   * what they cost is counted for the copy; a run the copy shares is stored in its original's folder.
   */
  async storedKeyOf(key: string): Promise<string> {
    const match = /^derived\/([^/]+)\/([^/]+)\/(.+)$/.exec(key);
    if (!match) return key;
    const [workUid, runId, file] = [match[1]!, match[2]!, match[3]!];
    const cacheKey = `${workUid}/${runId}`;
    let sharedFrom = await this.sharedFolders.get<string | null>(cacheKey);
    if (sharedFrom === undefined) {
      const work = await this.deps.works.findByUid(workUid);
      const row = work && (await this.repository.find(work.id));
      sharedFrom = row?.publishedRunId === runId ? row.publishedFromUid : null;
      await this.sharedFolders.set(cacheKey, sharedFrom, SHARED_FOLDER_TTL_SECONDS);
    }
    return sharedFrom ? `${derivedFolder(sharedFrom, runId)}/${file}` : key;
  }

  /** Deletes a run's files unless a work still shows them or is making them (the job `processing.deleteRun`). */
  async releaseRun(folder: DeleteRunJob): Promise<void> {
    if (!(await this.repository.runInUse(folder.runId))) await this.deps.storage.deleteFolder(derivedFolder(folder.workUid, folder.runId));
  }
}

function newRunId(): string {
  return `r${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
}

/** A work's processing for its owner; `hasOrigin`: whether the work has an original file to process. */
export function presentProcessing(row: ProcessingRow | undefined, language: Language, hasOrigin: boolean): WorkProcessing {
  if (!row) return { ...IDLE_PROCESSING, hasOrigin };
  return {
    state: row.state,
    stage: row.state === 'done' || row.state === 'idle' ? null : row.stage,
    progress: row.progress,
    failure: row.failureReason
      ? {
          reason: row.failureReason,
          message: describeProcessingFailure(row.failureReason, language, row.failureFile),
          fileName: row.failureFile,
        }
      : null,
    attempts: row.attempts,
    startedAt: row.startedAt?.getTime() ?? null,
    finishedAt: row.finishedAt?.getTime() ?? null,
    sceneCount: row.publishedScenes.length,
    points: row.state === 'running' && row.pointsTotal ? { done: row.pointsDone ?? 0, total: row.pointsTotal } : null,
    hasOrigin,
  };
}

/** The folder a held run's files are in: the original's, for a run a copy shares. */
export function runFolderOf(work: WorkRow, run: HeldRun): DeleteRunJob {
  return { workUid: run.sharedFrom ?? work.uid, runId: run.runId };
}
