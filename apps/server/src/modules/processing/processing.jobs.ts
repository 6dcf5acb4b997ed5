import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { MODEL_POSTER_PATH, PANORAMA_PREVIEW_PATH, POINT_CLOUD_PREVIEW_PATH } from '@spatia/contract';
import type { ProcessedScene } from './processing.tables.js';
import type { Job } from '../../jobs/job-queue.js';
import { contentTypeOfKey } from '../../lib/file-signature.js';
import type { Logger } from '../../lib/logger.js';
import type { Metrics } from '../../lib/metrics.js';
import { sweepMemoryScratch } from '../../lib/memory-scratch.js';
import { hostTag, PROCESS_TAG_PATTERN, processTag, tagIsGone } from '../../lib/process-identity.js';
import { MediaProcess, MediaProcessDied } from '../../media/isolated/isolated-media.js';
import { MediaError } from '../../media/media-error.js';
import type { WorkRow } from '../works/index.js';
import { sceneFolder } from './derived-files.js';
import { type ProcessingRepository, type ProcessingRow, type RunLease } from './processing.repository.js';
import { listSceneSources, type OriginAsset, type SceneSource } from './scene-sources.js';
import { convertSpatialOrigin } from './spatial-sources.js';
import { LeaseLost, RunContext, stageProgress } from './run-context.js';
import {
  PROCESSING_CRASH_LIMIT,
  PROCESSING_JOBS,
  RUN_EXPIRY_SECONDS,
  processingJobTypes,
  runFolderOf,
  SPATIAL_FOLDER,
  type ProcessingDependencies,
  type ProcessingJobTypes,
  type ProcessingOptions,
  type RunJob,
} from './processing.service.js';

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

const UPLOAD_CONCURRENCY = 8;
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
 * The solver's background work (docs/processing.md): a run is a job that claims the work's row in
 * `work_processing`, cuts or converts the origins in a media process of its own, and publishes the
 * result in one transaction; runs whose process died are revived, and what dead processes left is swept.
 */
export class ProcessingJobs {
  private readonly repository: ProcessingRepository;
  private readonly jobTypes: ProcessingJobTypes;

  constructor(
    private readonly deps: ProcessingDependencies & {
      logger: Logger;
      options: ProcessingOptions;
      metrics?: Pick<Metrics, 'observeProcessingRun'>;
    },
  ) {
    this.repository = deps.repository;
    this.jobTypes = processingJobTypes(deps.jobs);
  }

  /**
   * After a start: removes what runs of dead processes left on disk and in memory (their scratch
   * folders), and looks for runs a crashed process left as soon as their leases can have run out,
   * instead of waiting for the minute's check.
   */
  async afterStart(): Promise<void> {
    await this.sweepScratch();
    await this.jobTypes.reviveStalled.send({}, { startAfter: this.deps.options.leaseSeconds + 1 });
  }

  /** A run's job: claims the run, then does what is left of it. */
  async run(job: Job<RunJob>): Promise<unknown> {
    const lease: RunLease = { workId: job.data.workId, runId: job.data.runId, jobId: job.id };
    const claimed = await this.repository.claim(lease, this.leaseEnd());
    if (!claimed) return { skipped: 'the run is finished, replaced, or held by another worker' };
    // Should this process die, the run is looked at as soon as its lease can have run out.
    await this.lookAgainAfter(claimed.leaseUntil!);
    if (claimed.crashes >= PROCESSING_CRASH_LIMIT) {
      // Taken over from a holder that died once too often (claim counted it).
      await this.repository.fail(lease, { reason: 'crashed', fileName: null });
      return { failed: 'crashed' };
    }
    // Named after this process too, so that a start can tell what dead processes left.
    const scratch = path.join(this.deps.options.scratchDir, `${lease.runId}-${processTag()}-${randomBytes(3).toString('hex')}`);
    const run = new RunContext(this.repository, lease, job.signal, () => this.leaseEnd());
    // The media work runs in a process of its own: a crash there fails this attempt, not the server.
    const media = new MediaProcess();
    const startedAt = Date.now();
    let workType = 'unknown';
    let outcome = 'error';
    try {
      await mkdir(scratch, { recursive: true });
      const work = await this.deps.works.findById(claimed.workId);
      if (!work || work.deletedAt) throw new MediaError('noOrigin', '', 'the work is gone');
      workType = work.type;
      await this.process(run, work, claimed, scratch, media);
      outcome = 'published';
      return { published: lease.runId };
    } catch (error) {
      const handled = await this.handleFailure(run, job, error);
      outcome = 'failed' in handled ? 'failed' : 'skipped';
      return handled;
    } finally {
      // `error`: the attempt threw; the job queue retries it while attempts are left.
      this.deps.metrics?.observeProcessingRun(workType, outcome, (Date.now() - startedAt) / 1000);
      run.stop();
      await media.close();
      await rm(scratch, { recursive: true, force: true });
    }
  }

  private async process(run: RunContext, work: WorkRow, claimed: ProcessingRow, scratch: string, media: MediaProcess): Promise<void> {
    await run.enter('prepare', 0);
    const origins = (await this.deps.works.listAssets(work.id)).filter((asset) => asset.kind === 'origin');
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
      await this.deps.events.publish(tx, 'processing.published', { work, scenes: ordered });
      if (published.previous && published.previous.runId !== run.lease.runId) {
        await this.jobTypes.deleteRun.send(runFolderOf(work, published.previous), { transaction: tx });
      }
    });
  }

  /** Cuts every panorama into a scene, skipping those an earlier attempt of the run finished. */
  private async tilePanoramas({ run, work, claimed, origins, scratch, media }: RunInputs): Promise<RunProduct> {
    const unpack = (zipPath: string, folder: string, fileName: string, maxTotalBytes: number) =>
      media.run({ kind: 'unpackZip', zipPath, folder, fileName, maxTotalBytes }, { signal: run.signal });
    const sources = await listSceneSources(origins, this.deps.storage, scratch, unpack);
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
      const manifest = await convertSpatialOrigin(work.type, origin, this.deps.storage, scratch, run, media);
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
        await this.deps.storage.putFile(`${keyPrefix}/${relative}`, file, contentTypeOfKey(relative));
        onProgress(++moved / files.length);
      }
    };
    await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, worker));
  }

  /** A work uploaded without a cover gets one from what processing made, as lists show covers. */
  private async coverFrom(work: WorkRow, source: CoverSource): Promise<void> {
    const image = await this.deps.storage.read(source.key);
    if (!image) return;
    const pipeline = sharp(await buffer(image.stream));
    const cover = await (source.crop ? pipeline.extract(source.crop) : pipeline).webp({ quality: 82 }).toBuffer();
    const key = `covers/derived-${work.uid}-${randomBytes(4).toString('hex')}.webp`;
    await this.deps.storage.put(key, cover, 'image/webp');
    await this.deps.works.useDerivedCover(work.id, key);
  }

  private async handleFailure(
    run: RunContext,
    job: Job<RunJob>,
    error: unknown,
  ): Promise<{ skipped: string } | { failed: string; crashes?: number }> {
    if (error instanceof LeaseLost || run.lost) {
      return { skipped: 'the run was reset or taken over' };
    }
    if (error instanceof MediaError) {
      await this.repository.fail(run.lease, { reason: error.reason, fileName: error.fileName || null });
      return { failed: error.reason };
    }
    const lastAttempt = job.attempt > job.retryLimit;
    this.deps.logger.error({ err: error, workId: run.lease.workId, runId: run.lease.runId, attempt: job.attempt }, 'processing run failed');
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
   * attempt kills its process (the server's, before media had a process of its own) ends. The dead
   * holder's job is cancelled with it: pg-boss would otherwise count it as running until it expires
   * hours later, then retry it for nothing.
   *
   * A job that claims a run, and each look while runs are held, queue the next look a second after the
   * earliest lease can run out, so that a run whose worker died is taken over about a lease after its
   * last heartbeat rather than at the next minute's look.
   */
  async reviveStalled(): Promise<number> {
    const stalled = await this.repository.findStalled(100);
    for (const row of stalled) {
      const revived = await this.repository.db.transaction(async (tx) => {
        const outcome = await this.repository.reviveStalled(row, PROCESSING_CRASH_LIMIT, tx);
        if (!outcome) return false;
        this.deps.logger.warn(
          { workId: row.workId, runId: row.runId, crashes: outcome.crashes, deadJob: row.leaseJobId },
          outcome.failed ? 'processing run failed: its process died too often' : 'processing run revived: its process died',
        );
        if (!outcome.failed) await this.jobTypes.run.send({ workId: row.workId, runId: row.runId! }, { transaction: tx });
        return true;
      });
      // Tidiness only: a job left as it is would be retried for nothing once it expires (the run is taken).
      if (revived)
        await this.deps.jobs
          .cancel(PROCESSING_JOBS.run, row.leaseJobId!)
          .catch((error: unknown) =>
            this.deps.logger.warn({ err: error, job: row.leaseJobId }, 'could not cancel the job of the dead worker'),
          );
    }
    const nextLeaseEnd = await this.repository.earliestLeaseEnd();
    if (nextLeaseEnd) await this.lookAgainAfter(nextLeaseEnd);
    await this.sweepScratch();
    return stalled.length;
  }

  /**
   * Queues a look for stalled runs a second after `leaseEnd`. One look waits at a time (the queue's
   * `short` policy): one already waiting is due sooner, as every look is queued at most a lease ahead.
   */
  private async lookAgainAfter(leaseEnd: Date): Promise<void> {
    await this.jobTypes.reviveStalled.send({}, { startAfter: new Date(leaseEnd.getTime() + 1000) });
  }

  /**
   * Removes what runs of dead processes left: their folders in the scratch folder (named after the
   * process, so this is known at once; folders named the older way, or by another host, once older than
   * the longest a run may take) and their decoded sources on the memory filesystem.
   */
  async sweepScratch(): Promise<void> {
    const entries = await readdir(this.deps.options.scratchDir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const folder = path.join(this.deps.options.scratchDir, entry.name);
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
    return new Date(Date.now() + this.deps.options.leaseSeconds * 1000);
  }
}
