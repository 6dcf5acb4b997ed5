import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ModelManifest, PanoramaManifest, PointCloudManifest } from '@spatia/contract';
import { extractZipSafely } from '../archive/safe-zip.js';
import { MediaError } from '../media-error.js';

/**
 * The media work a processing run hands to its media process (isolated-media.ts): each task reads local
 * files and writes local files, so that nothing but paths, progress and a manifest crosses the process
 * boundary. A task is as large as a whole scene or conversion, so messages cost nothing next to it.
 */
export type MediaTask =
  /** Unpacks a zip with `extractZipSafely`; answers the entries written, relative to `folder`. */
  | { kind: 'unpackZip'; zipPath: string; folder: string; fileName: string; maxTotalBytes?: number }
  /** Checks one panorama and cuts it into a scene under `outDir`. */
  | { kind: 'panoramaScene'; source: string; outDir: string; temporaryDirectory: string }
  /** Converts a 3D model (a zip of glTF or OBJ included) into `outDir`. */
  | { kind: 'model'; input: { path: string; fileName: string }; outDir: string; temporaryDirectory: string }
  /** Converts a point cloud, or the first cloud in a zip, into `outDir`. */
  | { kind: 'pointCloud'; input: { path: string; fileName: string }; zipped: boolean; outDir: string; temporaryDirectory: string }
  /**
   * Ends the media process the way a fault in native or third-party code would: for the tests that check
   * the platform survives it, in place of the task that would work on `fileName`. Only the server's own
   * code can send a task.
   */
  | { kind: 'crash'; how: 'exit' | 'kill' | 'uncaught'; fileName?: string };

export interface MediaResults {
  unpackZip: string[];
  panoramaScene: PanoramaManifest;
  model: ModelManifest;
  pointCloud: PointCloudManifest;
  crash: never;
}

export type MediaTaskKind = MediaTask['kind'];

export interface MediaProgress {
  /** 0 to 1 through the task. */
  fraction: number;
  /** A point cloud's points read so far, of all. */
  points?: { done: number; total: number };
}

/** File names a zip of a point cloud may hold it under; the first (by name) is converted. */
const POINT_CLOUD_ENTRY = /\.(las|laz|ply|xyz|txt|pts|csv)$/i;

/** The name of the file a task works on, as its owner uploaded it: what a crash report names. */
export function taskFileName(task: MediaTask): string | null {
  switch (task.kind) {
    case 'unpackZip':
      return task.fileName;
    case 'panoramaScene':
      return path.basename(task.source);
    case 'model':
    case 'pointCloud':
      return task.input.fileName;
    case 'crash':
      return task.fileName ?? null;
  }
}

/** Runs a task in this process (the media process calls it; tests may too). */
export async function runMediaTask<K extends MediaTaskKind>(
  task: Extract<MediaTask, { kind: K }>,
  onProgress: (progress: MediaProgress) => void = () => {},
): Promise<MediaResults[K]> {
  return (await dispatch(task, onProgress)) as MediaResults[K];
}

/** Each pipeline is loaded when its first task comes, so that a media process starts quickly. */
async function dispatch(task: MediaTask, onProgress: (progress: MediaProgress) => void): Promise<MediaResults[MediaTaskKind]> {
  switch (task.kind) {
    case 'unpackZip':
      return extractZipSafely(task.zipPath, task.folder, { fileName: task.fileName, maxTotalBytes: task.maxTotalBytes });
    case 'panoramaScene': {
      const { inspectPanorama, renderPanoramaScene } = await import('../panorama/index.js');
      await inspectPanorama(task.source);
      return renderPanoramaScene(task.source, task.outDir, {
        temporaryDirectory: task.temporaryDirectory,
        onProgress: (fraction) => onProgress({ fraction }),
      });
    }
    case 'model': {
      const { convertModel } = await import('../model/index.js');
      return convertModel(task.input, task.outDir, {
        temporaryDirectory: task.temporaryDirectory,
        onProgress: (fraction) => onProgress({ fraction }),
      });
    }
    case 'pointCloud': {
      const { convertPointCloud } = await import('../pointcloud/index.js');
      const cloud = task.zipped ? await unpackPointCloud(task.input, path.join(task.temporaryDirectory, 'unzipped')) : task.input;
      return convertPointCloud(cloud, task.outDir, {
        temporaryDirectory: task.temporaryDirectory,
        onProgress: (done, total) => onProgress({ fraction: total > 0 ? done / total : 0, points: { done, total } }),
      });
    }
    case 'crash':
      return crash(task.how);
  }
}

async function unpackPointCloud(zip: { path: string; fileName: string }, folder: string): Promise<{ path: string; fileName: string }> {
  await extractZipSafely(zip.path, folder, { fileName: zip.fileName });
  const entries = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && POINT_CLOUD_ENTRY.test(entry.name) && !entry.name.startsWith('.'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const first = entries[0];
  if (!first) throw new MediaError('unsupportedFormat', zip.fileName, 'no LAS, LAZ, PLY or XYZ file inside');
  return { path: first, fileName: path.basename(first) };
}

function crash(how: 'exit' | 'kill' | 'uncaught'): Promise<never> {
  if (how === 'exit') process.exit(70);
  // As the kernel's out-of-memory killer ends a process (an abort would do, but may write a core file).
  if (how === 'kill') process.kill(process.pid, 'SIGKILL');
  // An 'error' event nobody listens to, as yauzl's streams emitted one: an uncaught exception.
  setImmediate(() => {
    throw new Error('an error event nobody listened to');
  });
  return new Promise(() => {});
}
