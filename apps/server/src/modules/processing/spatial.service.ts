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
import type { ProcessedOutput } from '../../db/schema/index.js';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { fail } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import type { MeasurementProblem } from '../../lib/messages.js';
import { exportPointCloudLas } from '../../media/pointcloud/index.js';
import type { ModerationService } from '../moderation/moderation.service.js';
import type { AuthUser } from '../users/users.service.js';
import { assertReadable, type Actor } from '../works/work-access.js';
import { fileUrl } from '../uploads/file-urls.js';
import type { Executor, WorkRow } from '../works/works.repository.js';
import type { WorksService } from '../works/works.service.js';
import { sceneFolder } from './derived-files.js';
import type { DownloadTicket, DownloadTickets } from './download-tickets.js';
import type { ProcessingRepository } from './processing.repository.js';
import { presentProcessing, SPATIAL_FOLDER } from './processing.service.js';

/** A processed 3D or point-cloud work: its converted file and the run folder that holds it. */
interface PublishedOutput {
  runId: string;
  output: ProcessedOutput;
}

/**
 * 3D and point-cloud works after processing: what their viewers load, the measurements saved on point
 * clouds, the export back to LAS, and the point-cloud list (docs/models.md, docs/pointcloud-format.md).
 */
export class SpatialService {
  constructor(
    private readonly repository: ProcessingRepository,
    private readonly works: WorksService,
    private readonly moderation: ModerationService,
    private readonly storage: StorageDriver,
    private readonly tickets: DownloadTickets,
    private readonly logger: Logger,
  ) {}

  /** What the viewer loads; anyone who may read the work may read it. */
  async scene(actor: Actor | undefined, uid: string): Promise<WorkScene> {
    const work = assertReadable(actor, await this.works.repository.findByUid(uid));
    if (work.type === 'panorama') throw fail('notAModelOrPointCloud');
    const { runId, output } = await this.published(work);
    const base = { workUid: work.uid, name: work.name, baseUrl: `${fileUrl(sceneFolder(work.uid, runId, SPATIAL_FOLDER))}/` };
    if (output.manifest.kind === 'model') return { type: 'model3d', ...base, manifest: output.manifest };
    return { type: 'pointcloud', ...base, manifest: output.manifest, measurements: await this.measurementsOf(work.id) };
  }

  async saveMeasurements(actor: Actor, uid: string, update: MeasurementUpdate): Promise<MeasurementSet> {
    await this.moderation.assertClean('label', update.measurements.map((measurement) => measurement.label).join('\n'));
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
    const { runId, manifest } = await this.pointCloud(work);
    const key = `${sceneFolder(work.uid, runId, SPATIAL_FOLDER)}/${POINT_CLOUD_OCTREE_PATH}`;
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

  /** The signed-in person's point-cloud works with where their processing stands (permission 460). */
  async listPointClouds(user: AuthUser, query: { pageNum: number; pageSize: number; keyword?: string }, language: Language): Promise<PointCloudPage> {
    const page = await this.works.list(user, user.uid, { ...query, type: 'pointcloud' });
    const processing = await this.repository.findByWorkUids(page.list.map((work) => work.uid));
    return {
      ...page,
      list: page.list.map((work) => {
        const row = processing.get(work.uid);
        const manifest = row?.publishedOutput?.manifest;
        return {
          uid: work.uid,
          name: work.name,
          coverUrl: work.coverUrl,
          status: work.status,
          processing: presentProcessing(row, language),
          points: manifest?.kind === 'pointcloud' ? manifest.points : null,
          updatedAt: work.updatedAt,
        };
      }),
    };
  }

  private async published(work: WorkRow, executor?: Executor): Promise<PublishedOutput> {
    const processing = await this.repository.find(work.id, executor);
    if (!processing?.publishedRunId || !processing.publishedOutput) throw fail('workNotProcessed');
    return { runId: processing.publishedRunId, output: processing.publishedOutput };
  }

  private async pointCloud(work: WorkRow, executor?: Executor): Promise<{ runId: string; manifest: PointCloudManifest }> {
    if (work.type !== 'pointcloud') throw fail('notAPointCloud');
    const { runId, output } = await this.published(work, executor);
    if (output.manifest.kind !== 'pointcloud') throw fail('workNotProcessed');
    return { runId, manifest: output.manifest };
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
export function measurementProblem(measurements: readonly Measurement[], manifest: PointCloudManifest): { problem: MeasurementProblem; label: string } | undefined {
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
