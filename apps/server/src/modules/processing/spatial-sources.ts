import path from 'node:path';
import { AssetContentType, type ModelManifest, type PointCloudManifest, type ProcessingStage, type WorkType } from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import type { MediaProcess } from '../../media/isolated/isolated-media.js';
import { download, type OriginAsset } from './scene-sources.js';

/** What a conversion needs of the run it belongs to. */
export interface ConversionRun {
  readonly signal: AbortSignal;
  report(stage: ProcessingStage, fraction: number, points?: { done: number; total: number }): void;
}

/**
 * Converts a 3D or point-cloud work's origin into `{scratch}/out`, in the run's media process (the model
 * pipeline unpacks its own zips, as a glTF or OBJ is several files; a point cloud's zip holds one cloud).
 */
export async function convertSpatialOrigin(
  type: WorkType,
  origin: OriginAsset,
  storage: StorageDriver,
  scratch: string,
  run: ConversionRun,
  media: MediaProcess,
): Promise<ModelManifest | PointCloudManifest> {
  // The source keeps its name, so that a refusal names the file the owner uploaded.
  const input = { path: path.join(scratch, 'source', path.basename(origin.fileName) || 'origin'), fileName: origin.fileName };
  const outDir = path.join(scratch, 'out');
  await download(storage, origin.storageKey, input.path);
  if (type === 'model3d') {
    return media.run(
      { kind: 'model', input, outDir, temporaryDirectory: scratch },
      { signal: run.signal, onProgress: ({ fraction }) => run.report('convert', fraction * 0.9) },
    );
  }
  return media.run(
    { kind: 'pointCloud', input, zipped: origin.contentType === AssetContentType.zip, outDir, temporaryDirectory: scratch },
    { signal: run.signal, onProgress: ({ fraction, points }) => run.report('convert', fraction * 0.9, points) },
  );
}
