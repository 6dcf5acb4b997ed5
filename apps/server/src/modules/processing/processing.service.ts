import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import {
  IDLE_PROCESSING,
  MODEL_POSTER_PATH,
  PANORAMA_PREVIEW_PATH,
  POINT_CLOUD_PREVIEW_PATH,
  type ProcessingStage,
  type WorkProcessing,
} from '@spatia/contract';
import type { Executor, Transaction } from '../../db/database.js';
import type { ProcessedOutput, ProcessedScene } from './processing.tables.js';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { jobOf, type Job, type JobQueue, type JobType } from '../../jobs/job-queue.js';
import { afterCommit } from '../../db/after-commit.js';
import type { DomainEvents } from '../../kernel/domain-events.js';
import { fail } from '../../lib/app-error.js';
import { MemoryCache } from '../../lib/cache.js';
import { contentTypeOfKey } from '../../lib/file-signature.js';
import type { Logger } from '../../lib/logger.js';
import type { Language } from '@spatia/contract';
import { sweepMemoryScratch } from '../../lib/memory-scratch.js';
import { describeProcessingFailure } from '../../lib/messages.js';
import { hostTag, PROCESS_TAG_PATTERN, processTag, tagIsGone } from '../../lib/process-identity.js';
import { MediaProcess, MediaProcessDied } from '../../media/isolated/isolated-media.js';
import { MediaError } from '../../media/media-error.js';
import type { Actor } from '../works/index.js';
import type { WorkRow, WorksService } from '../works/index.js';
import { derivedFolder, sceneFolder } from './derived-files.js';
import { heldRuns, type HeldRun, type ProcessingRepository, type ProcessingRow, type RunLease } from './processing.repository.js';
import { listSceneSources, type OriginAsset, type SceneSource } from './scene-sources.js';
import { convertSpatialOrigin } from './spatial-sources.js';

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

export interface RunJob {
  workId: number;
  runId: string;
}

/** An image processing made that can become the work's cover, and the part of it to use. */
interface CoverSource {
  key: string;
  crop?: { left: number; top: number; width: number; height: number };
}

/** What the type-specific part of a run leaves for the cover and publish stages. */
interface RunProduct {
  /** Panorama scenes in upload order (empty for other types). */
  sceneOrder: string[];
  coverSource: CoverSource | null;
}

/** The folder (beside panorama scenes' folders) that holds a 3D or point-cloud work's converted files. */
export const SPATIAL_FOLDER = 'main';

export interface DeleteRunJob {
  /** The work whose folder holds the run (the original's, for a run a copy shared). */
  workUid: string;
  runId: string;
}

export interface ProcessingOptions {
  /** Where runs keep their temporary files (DATA_DIR/tmp/processing). */
  scratchDir: string;
  leaseSeconds: number;
}

/** How much of a run's progress bar each stage fills. */
const STAGE_SPAN: Record<ProcessingStage, [number, number]> = {
  prepare: [0, 0.03],
  tiles: [0.03, 0.95],
  convert: [0.03, 0.95],
  cover: [0.95, 0.98],
  publish: [0.98, 1],
};
const HEARTBEAT_MS = 1000;
/** Retries after an unexpected failure or a shutdown mid-run; a bad upload fails at once instead. */
export const RUN_RETRIES = 5;
const UPLOAD_CONCURRENCY = 8;
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
/** A run's scratch folder: `{runId}-{processTag}-{random}`, so that a start can tell which process it belonged to. */
const RUN_SCRATCH = new RegExp(`^[^-]+-${PROCESS_TAG_PATTERN}-[0-9a-f]+$`);

/** What a run's media step works from: the run, its work, its claimed row, the origins, a scratch folder, the media process. */
interface RunInputs {
  run: RunContext;
  work: WorkRow;
  claimed: ProcessingRow;
  origins: OriginAsset[];
  scratch: string;
  media: MediaProcess;
}

/**
 * The solver: turns a work's uploaded panoramas into tiled scenes (docs/processing.md). A run is a job;
 * the row in `work_processing` is its truth: which run is current, who holds it, how far it got.
 */
export class ProcessingService {
  private readonly runJob: JobType<RunJob>;
  private readonly deleteRunJob: JobType<DeleteRunJob>;
  private readonly reviveJob: JobType<object>;
  /** Which folder a copy's run is stored in, by `{copy uid}/{run id}` (never changes while the copy shows that run). */
  private readonly sharedFolders = new MemoryCache(20_000);

  constructor(
    private readonly repository: ProcessingRepository,
    private readonly works: WorksService,
    private readonly storage: StorageDriver,
    jobs: JobQueue,
    private readonly events: DomainEvents,
    private readonly logger: Logger,
    private readonly options: ProcessingOptions,
  ) {
    this.runJob = jobOf<RunJob>(jobs, PROCESSING_JOBS.run);
    this.deleteRunJob = jobOf<DeleteRunJob>(jobs, PROCESSING_JOBS.deleteRun);
    this.reviveJob = jobOf(jobs, PROCESSING_JOBS.reviveStalled);
  }

  /**
   * After a start: removes what runs of dead processes left on disk and in memory (their scratch
   * folders), and looks for runs a crashed process left as soon as their leases can have run out,
   * instead of waiting for the minute's check.
   */
  async afterStart(): Promise<void> {
    await this.sweepScratch();
    await this.reviveJob.send({}, { startAfter: this.options.leaseSeconds + 1 });
  }

  /**
   * Queues a run of the work's origins; refused while one is queued or running, and before anything is
   * queued when the work has no original file (a run would only fail a moment later).
   */
  async activate(actor: Actor, uid: string, language: Language): Promise<WorkProcessing> {
    const row = await this.works.change(actor, uid, async (work, tx) => {
      const current = await this.repository.lock(work.id, tx);
      if (current && (current.state === 'queued' || current.state === 'running')) throw fail('processingRunning');
      if (!(await this.works.withOrigins([work.id], tx)).has(work.id)) throw fail('processingNoOrigin');
      const runId = newRunId();
      const queued = await this.repository.queue(work.id, runId, tx);
      await this.runJob.send({ workId: work.id, runId }, { transaction: tx });
      return queued;
    });
    return presentProcessing(row, language, true);
  }

  async status(actor: Actor, uid: string, language: Language): Promise<WorkProcessing> {
    return this.statusOf((await this.works.findManageable(actor, uid)).id, language);
  }

  /** The processing part of a work's state, for `verify`. */
  async statusOf(workId: number, language: Language): Promise<WorkProcessing> {
    const [row, withOrigins] = await Promise.all([this.repository.find(workId), this.works.withOrigins([workId])]);
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
    await this.events.publish(tx, 'processing.discarded', { workId: work.id });
    for (const held of unusedRuns) {
      await this.deleteRunJob.send(this.runFolder(work, held), { transaction: tx });
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
          for (const run of held) if (!run.sharedFrom) await this.releaseRun(this.runFolder(work, run));
        } else {
          await this.storage.deleteFolder(derivedFolder(work.uid));
        }
        for (const run of held) if (run.sharedFrom) await this.releaseRun(this.runFolder(work, run));
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
      const work = await this.works.findByUid(workUid);
      const row = work && (await this.repository.find(work.id));
      sharedFrom = row?.publishedRunId === runId ? row.publishedFromUid : null;
      await this.sharedFolders.set(cacheKey, sharedFrom, SHARED_FOLDER_TTL_SECONDS);
    }
    return sharedFrom ? `${derivedFolder(sharedFrom, runId)}/${file}` : key;
  }

  private runFolder(work: WorkRow, run: HeldRun): DeleteRunJob {
    return { workUid: run.sharedFrom ?? work.uid, runId: run.runId };
  }

  /** Deletes a run's files unless a work still shows them or is making them (the job `processing.deleteRun`). */
  async releaseRun(folder: DeleteRunJob): Promise<void> {
    if (!(await this.repository.runInUse(folder.runId))) await this.storage.deleteFolder(derivedFolder(folder.workUid, folder.runId));
  }

  /** A run's job: claims the run, then does what is left of it. */
  async run(job: Job<RunJob>): Promise<unknown> {
    const lease: RunLease = { workId: job.data.workId, runId: job.data.runId, jobId: job.id };
    const claimed = await this.repository.claim(lease, this.leaseEnd());
    if (!claimed) return { skipped: 'the run is finished, replaced, or held by another worker' };
    if (claimed.crashes >= PROCESSING_CRASH_LIMIT) {
      // Taken over from a holder that died once too often (claim counted it).
      await this.repository.fail(lease, { reason: 'crashed', fileName: null });
      return { failed: 'crashed' };
    }
    // Named after this process too, so that a start can tell what dead processes left.
    const scratch = path.join(this.options.scratchDir, `${lease.runId}-${processTag()}-${randomBytes(3).toString('hex')}`);
    const run = new RunContext(this.repository, lease, job.signal, () => this.leaseEnd());
    // The media work runs in a process of its own: a crash there fails this attempt, not the server.
    const media = new MediaProcess();
    try {
      await mkdir(scratch, { recursive: true });
      await this.process(run, claimed, scratch, media);
      return { published: lease.runId };
    } catch (error) {
      return await this.handleFailure(run, job, error);
    } finally {
      run.stop();
      await media.close();
      await rm(scratch, { recursive: true, force: true });
    }
  }

  private async process(run: RunContext, claimed: ProcessingRow, scratch: string, media: MediaProcess): Promise<void> {
    const work = await this.works.findById(claimed.workId);
    if (!work || work.deletedAt) throw new MediaError('noOrigin', '', 'the work is gone');

    await run.enter('prepare', 0);
    const origins = (await this.works.listAssets(work.id)).filter((asset) => asset.kind === 'origin');
    if (origins.length === 0) throw new MediaError('noOrigin', '', 'no origin file');
    const inputs: RunInputs = { run, work, claimed, origins, scratch, media };
    const made = work.type === 'panorama' ? await this.tilePanoramas(inputs) : await this.convertOrigin(inputs);

    await run.enter('cover', 0);
    if (!work.coverKey && made.coverSource) await this.coverFrom(work, made.coverSource);

    await run.enter('publish', 0);
    await this.repository.db.transaction(async (tx) => {
      const published = await this.repository.publish(run.lease, tx);
      if (!published) throw new LeaseLost();
      const ordered = made.sceneOrder.map((id) => published.scenes.find((scene) => scene.id === id)).filter((scene) => scene !== undefined);
      await this.events.publish(tx, 'processing.published', { work, scenes: ordered });
      if (published.previous && published.previous.runId !== run.lease.runId) {
        await this.deleteRunJob.send(this.runFolder(work, published.previous), { transaction: tx });
      }
    });
  }

  /** Cuts every panorama into a scene, skipping those an earlier attempt of the run finished. */
  private async tilePanoramas({ run, work, claimed, origins, scratch, media }: RunInputs): Promise<RunProduct> {
    const unpack = (zipPath: string, folder: string, fileName: string, maxTotalBytes: number) =>
      media.run({ kind: 'unpackZip', zipPath, folder, fileName, maxTotalBytes }, { signal: run.signal });
    const sources = await listSceneSources(origins, this.storage, scratch, unpack);
    const done = new Set(claimed.runScenes.map((scene) => scene.id));
    for (const [index, source] of sources.entries()) {
      if (done.has(source.id)) continue;
      const scene = await this.processScene(run, work.uid, source, scratch, media, (fraction) =>
        run.report('tiles', (index + fraction) / sources.length),
      );
      if (!(await this.repository.addRunScene(run.lease, scene, stageProgress('tiles', (index + 1) / sources.length))))
        throw new LeaseLost();
    }
    const first = sources[0]!;
    // The middle half of the equirectangular preview, 2:1 → a 16:9-ish crop of what one sees ahead.
    const coverSource = {
      key: `${sceneFolder(work.uid, run.lease.runId, first.id)}/${PANORAMA_PREVIEW_PATH}`,
      crop: { left: 512, top: 256, width: 1024, height: 576 },
    };
    return { sceneOrder: sources.map((source) => source.id), coverSource };
  }

  /**
   * A 3D or point-cloud work: its newest origin converted into one folder (docs/models.md,
   * docs/pointcloud-format.md). A rerun after a restart finds the conversion recorded and only publishes.
   */
  private async convertOrigin({ run, work, claimed, origins, scratch, media }: RunInputs): Promise<RunProduct> {
    const origin = origins.reduce((newest, asset) => (asset.id > newest.id ? asset : newest));
    const folder = sceneFolder(work.uid, run.lease.runId, SPATIAL_FOLDER);
    let output = claimed.runOutput?.assetId === origin.id ? claimed.runOutput : null;
    if (!output) {
      await run.enter('convert', 0);
      const manifest = await convertSpatialOrigin(work.type, origin, this.storage, scratch, run, media);
      await this.uploadFolder(path.join(scratch, 'out'), folder, (fraction) => run.report('convert', 0.9 + fraction * 0.1));
      output = { assetId: origin.id, sourceName: origin.fileName, manifest };
      if (!(await this.repository.setRunOutput(run.lease, output, stageProgress('convert', 1)))) throw new LeaseLost();
    }
    const preview = output.manifest.kind === 'model' ? (output.manifest.poster ? MODEL_POSTER_PATH : null) : POINT_CLOUD_PREVIEW_PATH;
    return { sceneOrder: [], coverSource: preview ? { key: `${folder}/${preview}` } : null };
  }

  /** Checks and cuts one panorama in the media process (the whole scene in one task), then uploads it. */
  private async processScene(
    run: RunContext,
    workUid: string,
    source: SceneSource,
    scratch: string,
    media: MediaProcess,
    onProgress: (fraction: number) => void,
  ): Promise<ProcessedScene> {
    // The source keeps its name, so that a refusal names the file the owner uploaded.
    const input = await source.localFile(path.join(scratch, 'sources', source.id));
    const output = path.join(scratch, source.id);
    try {
      // Temporary files stay inside the run's scratch folder, which the job removes even after a crash's rerun.
      const manifest = await media.run(
        { kind: 'panoramaScene', source: input, outDir: output, temporaryDirectory: scratch },
        { signal: run.signal, onProgress: ({ fraction }) => onProgress(fraction * 0.9) },
      );
      await this.uploadFolder(output, sceneFolder(workUid, run.lease.runId, source.id), (fraction) => onProgress(0.9 + fraction * 0.1));
      return { id: source.id, assetId: source.assetId, sourceName: source.name, manifest };
    } finally {
      await rm(input, { force: true });
      await rm(output, { recursive: true, force: true });
    }
  }

  /** Moves every file of a rendered scene into storage, a few at a time (S3 answers each in a round trip). */
  private async uploadFolder(folder: string, keyPrefix: string, onProgress: (fraction: number) => void): Promise<void> {
    const files = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    let next = 0;
    let moved = 0;
    const worker = async () => {
      while (next < files.length) {
        const entry = files[next++]!;
        const file = path.join(entry.parentPath, entry.name);
        const relative = path.relative(folder, file).split(path.sep).join('/');
        // Stored with the type the files route will serve them with.
        await this.storage.putFile(`${keyPrefix}/${relative}`, file, contentTypeOfKey(relative));
        onProgress(++moved / files.length);
      }
    };
    await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, worker));
  }

  /** A work uploaded without a cover gets one from what processing made, as lists show covers. */
  private async coverFrom(work: WorkRow, source: CoverSource): Promise<void> {
    const image = await this.storage.read(source.key);
    if (!image) return;
    const pipeline = sharp(await buffer(image.stream));
    const cover = await (source.crop ? pipeline.extract(source.crop) : pipeline).webp({ quality: 82 }).toBuffer();
    const key = `covers/derived-${work.uid}-${randomBytes(4).toString('hex')}.webp`;
    await this.storage.put(key, cover, 'image/webp');
    await this.works.useDerivedCover(work.id, key);
  }

  private async handleFailure(run: RunContext, job: Job<RunJob>, error: unknown): Promise<unknown> {
    if (error instanceof LeaseLost || run.lost) {
      return { skipped: 'the run was reset or taken over' };
    }
    if (error instanceof MediaError) {
      await this.repository.fail(run.lease, { reason: error.reason, fileName: error.fileName || null });
      return { failed: error.reason };
    }
    const lastAttempt = job.attempt > job.retryLimit;
    this.logger.error({ err: error, workId: run.lease.workId, runId: run.lease.runId, attempt: job.attempt }, 'processing run failed');
    if (error instanceof MediaProcessDied) {
      const crashes = await this.repository.recordCrash(run.lease);
      if (crashes === undefined) return { skipped: 'the run was reset or taken over' };
      if (crashes >= PROCESSING_CRASH_LIMIT || lastAttempt) {
        await this.repository.fail(run.lease, { reason: 'crashed', fileName: error.fileName });
        return { failed: 'crashed', crashes };
      }
    } else if (lastAttempt) {
      await this.repository.fail(run.lease, { reason: 'internal', fileName: null });
      throw error;
    }
    await this.repository.release(run.lease);
    throw error;
  }

  /**
   * Runs whose worker died (no lease renewal): counted as a crash and queued again (the next job resumes
   * from the last finished scene), or failed as `crashed` at the limit, so that a run whose every
   * attempt kills its process (the server's, before media had a process of its own) ends.
   */
  async reviveStalled(): Promise<number> {
    const stalled = await this.repository.findStalled(100);
    for (const row of stalled) {
      await this.repository.db.transaction(async (tx) => {
        const revived = await this.repository.reviveStalled(row, PROCESSING_CRASH_LIMIT, tx);
        if (!revived) return;
        this.logger.warn(
          { workId: row.workId, runId: row.runId, crashes: revived.crashes },
          revived.failed ? 'processing run failed: its process died too often' : 'processing run revived: its process died',
        );
        if (!revived.failed) await this.runJob.send({ workId: row.workId, runId: row.runId! }, { transaction: tx });
      });
    }
    await this.sweepScratch();
    return stalled.length;
  }

  /**
   * Removes what runs of dead processes left: their folders in the scratch folder (named after the
   * process, so this is known at once; folders named the older way, or by another host, once older than
   * the longest a run may take) and their decoded sources on the memory filesystem.
   */
  async sweepScratch(): Promise<void> {
    const entries = await readdir(this.options.scratchDir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const folder = path.join(this.options.scratchDir, entry.name);
      const tag = RUN_SCRATCH.exec(entry.name);
      if (tag && tag[3] === hostTag()) {
        if (tagIsGone(Number(tag[1]), Number(tag[2]), tag[3])) await rm(folder, { recursive: true, force: true });
        continue;
      }
      // Folders named the older way, and other hosts' (a shared DATA_DIR), which cannot be checked from here.
      const modified = await stat(folder).then(
        (info) => info.mtimeMs,
        () => Date.now(),
      );
      if (Date.now() - modified > RUN_EXPIRY_SECONDS * 1000) await rm(folder, { recursive: true, force: true });
    }
    await sweepMemoryScratch().catch(() => 0);
  }

  private leaseEnd(): Date {
    return new Date(Date.now() + this.options.leaseSeconds * 1000);
  }
}

/** A run in progress: reports progress, keeps the lease alive, and notices when it has lost it. */
class RunContext {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private stage: ProcessingStage = 'prepare';
  private progress = 0;
  private points: { done: number; total: number } | null = null;
  private lastBeat = 0;
  lost = false;

  constructor(
    private readonly repository: ProcessingRepository,
    readonly lease: RunLease,
    jobSignal: AbortSignal,
    private readonly leaseEnd: () => Date,
  ) {
    jobSignal.addEventListener('abort', () => this.controller.abort(jobSignal.reason), { once: true });
    // Renews the lease even while a long step reports nothing (decoding a huge JPEG, say).
    this.timer = setInterval(() => void this.beat(true), HEARTBEAT_MS * 5);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  async enter(stage: ProcessingStage, fraction: number): Promise<void> {
    this.record(stage, fraction);
    await this.beat(false);
    if (this.lost) throw new LeaseLost();
  }

  /**
   * Progress from inside a pipeline, which cannot wait: recorded with the next heartbeat. A lost lease
   * shows through `signal`, which the pipeline honours.
   */
  report(stage: ProcessingStage, fraction: number, points?: { done: number; total: number }): void {
    this.record(stage, fraction, points);
    void this.beat(false);
  }

  private record(stage: ProcessingStage, fraction: number, points?: { done: number; total: number }): void {
    this.stage = stage;
    this.progress = Math.max(this.progress, stageProgress(stage, fraction));
    if (points) this.points = points;
  }

  private async beat(force: boolean): Promise<void> {
    const now = Date.now();
    if (!force && now - this.lastBeat < HEARTBEAT_MS) return;
    this.lastBeat = now;
    const held = await this.repository
      .heartbeat(this.lease, { stage: this.stage, progress: this.progress, points: this.points }, this.leaseEnd())
      .catch(() => true);
    if (!held && !this.lost) {
      this.lost = true;
      this.controller.abort(new LeaseLost());
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

class LeaseLost extends Error {
  constructor() {
    super('the run is no longer held by this job');
  }
}

function stageProgress(stage: ProcessingStage, fraction: number): number {
  const [from, to] = STAGE_SPAN[stage];
  return Math.min(1, from + (to - from) * Math.min(1, Math.max(0, fraction)));
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
