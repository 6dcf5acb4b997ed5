import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AssetContentType } from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { SAFE_ZIP_DEFAULTS } from '../../media/archive/safe-zip.js';
import { PanoramaError } from '../../media/panorama/index.js';

/** One panorama to turn into a scene: an uploaded image, or one image inside an uploaded zip. */
export interface SceneSource {
  /** `a{assetId}`, or `a{assetId}-{n}` for the n-th image of a zip (by name): stable across runs. */
  id: string;
  assetId: number;
  /** The file's name, which becomes the scene's default name. */
  name: string;
  /**
   * The panorama as a local file named as uploaded (so that a refusal names it): downloaded into
   * `folder` now, or unpacked from its zip already. The caller removes it when the scene is done.
   */
  localFile(folder: string): Promise<string>;
}

export interface OriginAsset {
  id: number;
  storageKey: string;
  fileName: string;
  contentType: string;
}

/**
 * Unpacks a zip into `folder` with `extractZipSafely` (in the run's media process) and answers the
 * entries written, relative to `folder`.
 */
export type UnpackZip = (zipPath: string, folder: string, fileName: string, maxTotalBytes: number) => Promise<string[]>;

const IMAGE_ENTRY = /\.(jpe?g|png|webp)$/i;

/**
 * The scenes a work's origins make, in upload order. Zips are copied into `scratch` and unpacked there
 * through `unpack` (names leaving the folder, links and zip bombs refused as `unsafeArchive`); their
 * images wait there for their scene's turn.
 */
export async function listSceneSources(
  origins: readonly OriginAsset[],
  storage: StorageDriver,
  scratch: string,
  unpack: UnpackZip,
): Promise<SceneSource[]> {
  const sources: SceneSource[] = [];
  for (const origin of [...origins].sort((a, b) => a.id - b.id)) {
    if (origin.contentType !== AssetContentType.zip) {
      sources.push({
        id: `a${origin.id}`,
        assetId: origin.id,
        name: origin.fileName,
        localFile: async (folder) => {
          const target = path.join(folder, path.basename(origin.fileName) || 'panorama');
          await download(storage, origin.storageKey, target);
          return target;
        },
      });
      continue;
    }
    const zipPath = path.join(scratch, `origin-${origin.id}.zip`);
    const folder = path.join(scratch, 'unzipped', `a${origin.id}`);
    await download(storage, origin.storageKey, zipPath);
    const { size } = await stat(zipPath);
    // Panoramas are compressed already and hardly shrink in a zip: twice the zip's size is plenty, and
    // still stops a zip of zeros (whose ratio extractZipSafely refuses long before, too).
    const entries = (await unpack(zipPath, folder, origin.fileName, Math.max(SAFE_ZIP_DEFAULTS.maxTotalBytes, 2 * size)))
      .filter((entry) => IMAGE_ENTRY.test(entry) && !path.posix.basename(entry).startsWith('.'))
      .sort((a, b) => a.localeCompare(b));
    await rm(zipPath, { force: true });
    if (entries.length === 0) throw new PanoramaError('emptyArchive', origin.fileName, 'no JPEG, PNG or WebP inside');
    entries.forEach((entry, index) => {
      sources.push({
        id: `a${origin.id}-${index + 1}`,
        assetId: origin.id,
        name: path.posix.basename(entry),
        localFile: async () => path.join(folder, ...entry.split('/')),
      });
    });
  }
  return sources;
}

/** Copies a stored file to the local disk (pipelines read files, not streams). */
export async function download(storage: StorageDriver, key: string, target: string): Promise<void> {
  const file = await storage.read(key);
  if (!file) throw new Error(`origin file ${key} is missing from storage`);
  await mkdir(path.dirname(target), { recursive: true });
  await pipeline(file.stream, createWriteStream(target));
}
