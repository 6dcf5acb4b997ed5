import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { AssetContentType, type ModelManifest, type PointCloudManifest, type ProcessingStage, type WorkType } from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { extractZipSafely } from '../../media/archive/safe-zip.js';
import { MediaError } from '../../media/media-error.js';
import { convertModel } from '../../media/model/index.js';
import { convertPointCloud } from '../../media/pointcloud/index.js';
import { download, type OriginAsset } from './scene-sources.js';

/** What a conversion needs of the run it belongs to. */
export interface ConversionRun {
  readonly signal: AbortSignal;
  report(stage: ProcessingStage, fraction: number, points?: { done: number; total: number }): void;
}

/** File names a zip of a point cloud may hold it under; the first (by name) is converted. */
const POINT_CLOUD_ENTRY = /\.(las|laz|ply|xyz|txt|pts|csv)$/i;

/**
 * Converts a 3D or point-cloud work's origin into `{scratch}/out` (the model pipeline unpacks its own
 * zips, as a glTF or OBJ is several files; a point cloud's zip holds one cloud).
 */
export async function convertSpatialOrigin(type: WorkType, origin: OriginAsset, storage: StorageDriver, scratch: string, run: ConversionRun): Promise<ModelManifest | PointCloudManifest> {
  // The source keeps its name, so that a refusal names the file the owner uploaded.
  const input = path.join(scratch, 'source', path.basename(origin.fileName) || 'origin');
  const outDir = path.join(scratch, 'out');
  await download(storage, origin.storageKey, input);
  if (type === 'model3d') {
    return convertModel({ path: input, fileName: origin.fileName }, outDir, {
      signal: run.signal,
      temporaryDirectory: scratch,
      onProgress: (fraction) => run.report('convert', fraction * 0.9),
    });
  }
  const cloud = origin.contentType === AssetContentType.zip ? await unpackPointCloud(input, path.join(scratch, 'unzipped'), origin.fileName) : { path: input, fileName: origin.fileName };
  return convertPointCloud(cloud, outDir, {
    signal: run.signal,
    temporaryDirectory: scratch,
    onProgress: (done, total) => run.report('convert', total > 0 ? (done / total) * 0.9 : 0, { done, total }),
  });
}

async function unpackPointCloud(zipPath: string, folder: string, fileName: string): Promise<{ path: string; fileName: string }> {
  await extractZipSafely(zipPath, folder, { fileName });
  const entries = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && POINT_CLOUD_ENTRY.test(entry.name) && !entry.name.startsWith('.'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const first = entries[0];
  if (!first) throw new MediaError('unsupportedFormat', fileName, 'no LAS, LAZ, PLY or XYZ file inside');
  return { path: first, fileName: path.basename(first) };
}
