import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { AssetContentType } from '@spatia/contract';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { PanoramaError } from '../../media/panorama/index.js';

/** One panorama to turn into a scene: an uploaded image, or one image inside an uploaded zip. */
export interface SceneSource {
  /** `a{assetId}`, or `a{assetId}-{n}` for the n-th image of a zip (by name): stable across runs. */
  id: string;
  assetId: number;
  /** The file's name, which becomes the scene's default name. */
  name: string;
  /** Writes the panorama's bytes to `target`. */
  saveTo(target: string): Promise<void>;
}

export interface OriginAsset {
  id: number;
  storageKey: string;
  fileName: string;
  contentType: string;
}

const IMAGE_ENTRY = /\.(jpe?g|png|webp)$/i;

/**
 * The scenes a work's origins make, in upload order. Zips are copied into `scratch` once to read
 * their directory; their images are read from there when their scene's turn comes.
 */
export async function listSceneSources(origins: readonly OriginAsset[], storage: StorageDriver, scratch: string): Promise<SceneSource[]> {
  const sources: SceneSource[] = [];
  for (const origin of [...origins].sort((a, b) => a.id - b.id)) {
    if (origin.contentType !== AssetContentType.zip) {
      sources.push({ id: `a${origin.id}`, assetId: origin.id, name: origin.fileName, saveTo: (target) => download(storage, origin.storageKey, target) });
      continue;
    }
    const zipPath = path.join(scratch, `origin-${origin.id}.zip`);
    await download(storage, origin.storageKey, zipPath);
    const entries = (await listZipImages(zipPath)).sort((a, b) => a.localeCompare(b));
    if (entries.length === 0) throw new PanoramaError('emptyArchive', origin.fileName, 'no JPEG, PNG or WebP inside');
    entries.forEach((entry, index) => {
      sources.push({
        id: `a${origin.id}-${index + 1}`,
        assetId: origin.id,
        name: path.posix.basename(entry),
        saveTo: (target) => extractZipEntry(zipPath, entry, target),
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

function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

/** Names of the panorama images in a zip, skipping folders and the resource forks macOS adds. */
async function listZipImages(zipPath: string): Promise<string[]> {
  const zip = await openZip(zipPath);
  try {
    return await new Promise<string[]>((resolve, reject) => {
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        if (IMAGE_ENTRY.test(entry.fileName) && !entry.fileName.includes('__MACOSX/') && !path.posix.basename(entry.fileName).startsWith('.')) {
          names.push(entry.fileName);
        }
        zip.readEntry();
      });
      zip.once('end', () => resolve(names));
      zip.once('error', reject);
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

async function extractZipEntry(zipPath: string, name: string, target: string): Promise<void> {
  const zip = await openZip(zipPath);
  try {
    const entry = await new Promise<yauzl.Entry>((resolve, reject) => {
      zip.on('entry', (candidate: yauzl.Entry) => (candidate.fileName === name ? resolve(candidate) : zip.readEntry()));
      zip.once('end', () => reject(new Error(`${name} is no longer in the zip`)));
      zip.once('error', reject);
      zip.readEntry();
    });
    const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))));
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(stream, createWriteStream(target));
  } finally {
    zip.close();
  }
}
