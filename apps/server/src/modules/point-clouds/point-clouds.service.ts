import { PassThrough, type Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  MEASUREMENT_POINTS,
  POINT_CLOUD_OCTREE_PATH,
  type Language,
  type Measurement,
  type MeasurementSet,
  type MeasurementUpdate,
  type PointCloudManifest,
  type PointCloudPage,
  type WorkScene,
} from '@spatia/contract';
import type { Executor, Transaction } from '../../db/database.js';
import type { ProcessedOutput } from '../processing/index.js';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import type { MeasurementProblem } from '../../lib/messages.js';
import { exportPointCloudLas } from '../../media/pointcloud/index.js';
import type { DownloadTicket, DownloadTickets } from '../download-tickets/index.js';
import type { SensitiveWordsService } from '../sensitive-words/index.js';
import { sceneFolder } from '../processing/index.js';
import { presentProcessing, SPATIAL_FOLDER, type ProcessingService } from '../processing/index.js';
import { fileUrl } from '../uploads/index.js';
import type { AuthUser } from '../users/index.js';
import type { Actor } from '../works/index.js';
import type { WorkRow, WorksService } from '../works/index.js';
import type { PointCloudsRepository } from './point-clouds.repository.js';

/** A processed 3D or point-cloud work: its converted file and the run folder that holds it. */
interface PublishedOutput {
  runId: string;
  /** The work whose folder holds the run: this one, or its original for a copy sharing the run. */
  filesUid: string;
  output: ProcessedOutput;
}

/**
 * 3D and point-cloud works after processing: what their viewers load, the measurements saved on point
 * clouds, the export back to LAS, and the point-cloud list (docs/models.md, docs/pointcloud-format.md).
 * A reset forgets the measurements.
 */
export class PointCloudsService {
  constructor(
    private readonly repository: PointCloudsRepository,
    private readonly processing: ProcessingService,
    private readonly works: WorksService,
    private readonly sensitiveWords: SensitiveWordsService,
    private readonly storage: StorageDriver,
    private readonly tickets: DownloadTickets,
    private readonly logger: Logger,
  ) {}

  /** What the viewer loads; anyone who may read the work may read it. */
  async scene(actor: Actor | undefined, uid: string): Promise<WorkScene> {
    const work = await this.works.findViewable(actor, uid);
    if (work.type === 'panorama') throw fail('notAModelOrPointCloud');
    const { runId, output } = await this.published(work);
    // Under the work's own uid even when it shares its original's run, so that its traffic is its own.
    const base = { workUid: work.uid, name: work.name, baseUrl: `${fileUrl(sceneFolder(work.uid, runId, SPATIAL_FOLDER))}/` };
    if (output.manifest.kind === 'model') return { type: 'model3d', ...base, manifest: output.manifest };
    return { type: 'pointcloud', ...base, manifest: output.manifest, measurements: await this.measurementsOf(work.id) };
  }

  async saveMeasurements(actor: Actor, uid: string, update: MeasurementUpdate): Promise<MeasurementSet> {
    await this.sensitiveWords.assertClean('label', update.measurements.map((measurement) => measurement.label).join('\n'));
    return this.works.change(actor, uid, async (work, tx) => {
      const { manifest } = await this.pointCloud(work, tx);
      const stored = await this.repository.lockMeasurements(work.id, tx);
      if ((stored?.revision ?? 0) !== update.revision) throw fail('measurementsStale');
      const invalid = measurementProblem(update.measurements, manifest);
      if (invalid) throw fail('measurementsInvalid', { ...invalid });
      const row = await this.repository.saveMeasurements(work.id, update.measurements, update.revision + 1, tx);
      return { revision: row.revision, measurements: row.measurements };
    });
  }

  /** A one-minute link for the browser's own download of the LAS export; the work is checked now. */
  async issueLasTicket(actor: Actor, uid: string): Promise<DownloadTicket> {
    const work = await this.works.findManageable(actor, uid);
    await this.pointCloud(work);
    return this.tickets.issue(actor, 'las', work.uid, `/api/model/${encodeURIComponent(work.uid)}/pointCloud/las`);
  }

  async openLasWithTicket(uid: string, ticket: string): Promise<{ fileName: string; stream: Readable }> {
    return this.openLas(await this.tickets.redeem('las', uid, ticket), uid);
  }

  /** The processed cloud as a LAS file, written as it is sent, one node at a time. */
  async openLas(actor: Actor, uid: string): Promise<{ fileName: string; stream: Readable }> {
    const work = await this.works.findManageable(actor, uid);
    const { runId, filesUid, manifest } = await this.pointCloud(work);
    const key = `${sceneFolder(filesUid, runId, SPATIAL_FOLDER)}/${POINT_CLOUD_OCTREE_PATH}`;
    const readRange = async (offset: number, length: number) => {
      const file = await this.storage.read(key, { start: offset, end: offset + length - 1 });
      if (!file) throw new Error(`${key} is missing from storage`);
      return buffer(file.stream);
    };
    const stream = new PassThrough();
    exportPointCloudLas(manifest, readRange, stream).then(
      () => stream.end(),
      (error: unknown) => {
        this.logger.error({ err: error, workUid: work.uid }, 'LAS export failed');
        stream.destroy(error as Error);
      },
    );
    return { fileName: `${work.name || work.uid}.las`, stream };
  }

  async onDiscarded(workId: number, tx: Transaction): Promise<void> {
    await this.repository.deleteMeasurements(workId, tx);
  }

  /** A copy shares the original's cloud, so its measurements too. */
  async onCopied(originalId: number, copyId: number, _assetIds: ReadonlyMap<number, number>, tx: Transaction): Promise<void> {
    const measured = await this.repository.findMeasurements(originalId, tx);
    if (measured) await this.repository.saveMeasurements(copyId, measured.measurements, 1, tx);
  }

  /** The signed-in person's point-cloud works with where their processing stands (permission 460). */
  async listPointClouds(
    user: AuthUser,
    query: { pageNum: number; pageSize: number; keyword?: string },
    language: Language,
  ): Promise<PointCloudPage> {
    const page = await this.works.list(user, user.uid, { ...query, type: 'pointcloud' });
    const ids = await this.works.idsByUid(page.list.map((work) => work.uid));
    const [processing, withOrigins] = await Promise.all([
      this.processing.ofWorks([...ids.values()]),
      this.works.withOrigins([...ids.values()]),
    ]);
    return {
      ...page,
      list: page.list.map((work) => {
        const id = ids.get(work.uid);
        const row = id === undefined ? undefined : processing.get(id);
        const manifest = row?.publishedOutput?.manifest;
        return {
          uid: work.uid,
          name: work.name,
          coverUrl: work.coverUrl,
          status: work.status,
          processing: presentProcessing(row, language, id !== undefined && withOrigins.has(id)),
          points: manifest?.kind === 'pointcloud' ? manifest.points : null,
          updatedAt: work.updatedAt,
        };
      }),
    };
  }

  private async published(work: WorkRow, executor?: Executor): Promise<PublishedOutput> {
    const published = await this.processing.published(work.id, executor);
    if (!published?.output) throw fail('workNotProcessed');
    return { runId: published.runId, filesUid: published.sharedFrom ?? work.uid, output: published.output };
  }

  private async pointCloud(work: WorkRow, executor?: Executor): Promise<{ runId: string; filesUid: string; manifest: PointCloudManifest }> {
    if (work.type !== 'pointcloud') throw fail('notAPointCloud');
    const { runId, filesUid, output } = await this.published(work, executor);
    if (output.manifest.kind !== 'pointcloud') throw fail('workNotProcessed');
    return { runId, filesUid, manifest: output.manifest };
  }

  private async measurementsOf(workId: number): Promise<MeasurementSet> {
    const row = await this.repository.findMeasurements(workId);
    return { revision: row?.revision ?? 0, measurements: row?.measurements ?? [] };
  }
}

/**
 * What is wrong with a set of measurements the schema let through: ids twice, the wrong number of
 * points for the kind, or points nowhere near the cloud (a cloud's size away from its cube).
 */
export function measurementProblem(
  measurements: readonly Measurement[],
  manifest: PointCloudManifest,
): { problem: MeasurementProblem; label: string } | undefined {
  const ids = new Set<string>();
  const { min, size } = manifest.cube;
  const near = (point: readonly number[]) => point.every((value, axis) => value >= min[axis]! - size && value <= min[axis]! + 2 * size);
  for (const measurement of measurements) {
    const label = measurement.label || measurement.id;
    if (ids.has(measurement.id)) return { problem: 'idTwice', label };
    ids.add(measurement.id);
    const { min: fewest, max: most } = MEASUREMENT_POINTS[measurement.kind];
    if (measurement.points.length < fewest || measurement.points.length > most) return { problem: 'pointCount', label };
    if (!measurement.points.every(near)) return { problem: 'outsideCloud', label };
  }
  return undefined;
}
