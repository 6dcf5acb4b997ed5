import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import {
  asError,
  CUBE_FACES,
  PANORAMA_BASE_FACE_SIZE,
  PANORAMA_PREVIEW_PATH,
  PANORAMA_THUMB_PATH,
  PANORAMA_TILE_SIZE,
  panoramaBasePath,
  panoramaTilePath,
  type CubeFace,
  type PanoramaManifest,
} from '@spatia/contract';
import sharp from 'sharp';
import { memoryScratch } from '../../lib/memory-scratch.js';
import { startWorker } from '../start-worker.js';
import { messageOf, readPanoramaHeader } from './inspect-panorama.js';
import { PanoramaError } from './panorama-error.js';
import { panoramaLevels } from './panorama-levels.js';
import { CONTROL } from './projection-protocol.js';
import type { ProjectionAnswer, ProjectionMessage, ProjectionTask, ProjectionWorkerData } from './projection-protocol.js';

export interface RenderPanoramaOptions {
  /** Called with a growing fraction, 0 to 1, at most about every 1%. */
  onProgress?: (fraction: number) => void;
  /** Stops the work between tiles and between rows of a face; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Where the decoded source goes for the length of the call (width × height × 3 bytes) when the memory
   * filesystem has no room for it (lib/memory-scratch.ts); the system's temporary folder by default.
   */
  temporaryDirectory?: string;
}

export const PREVIEW_SIZE = { width: 2048, height: 1024 } as const;
export const THUMB_SIZE = { width: 480, height: 240 } as const;
const JPEG = { quality: 85 } as const;

/**
 * Faces in the order the decoder's rows make them possible: the top needs the upper 30% of the
 * source, the sides (band by band) its middle half, the bottom all of it.
 */
const FACE_ORDER: readonly CubeFace[] = ['top', 'front', 'right', 'back', 'left', 'bottom'];
/** JPEG encodes in flight: enough to keep libuv's four threads busy. */
const ENCODES_IN_FLIGHT = 4;
/** Faces waiting to be encoded before the workers get no more: bounds memory (a 4096 face is 50 MB). */
const FACES_WAITING_MAX = 1;
/** Length of the vips native format's header: the raw pixels follow it, row by row. */
const VIPS_HEADER_BYTES = 64;
const VIPS_MAGIC = 0x08f2a6b6;

/**
 * Cuts an equirectangular panorama into what `PanoramaManifest` describes, under `outDir`: the base
 * faces, every level of cube tiles, the preview and the thumbnail (docs/processing.md, "Tiles").
 *
 * The source is decoded once into a raw file in a temporary folder (in memory where there is room); worker threads read from it only
 * the rows each face needs (while the decoder is still writing the rest), project the face and
 * halve it down the pyramid; the main thread encodes the tiles with sharp. On failure or abort,
 * `outDir` may hold part of the files: it is the caller's to remove.
 */
export async function renderPanoramaScene(
  sourcePath: string,
  outDir: string,
  options: RenderPanoramaOptions = {},
): Promise<PanoramaManifest> {
  const { signal } = options;
  signal?.throwIfAborted();
  const fileName = path.basename(sourcePath);
  const { width, height } = await readPanoramaHeader(sourcePath);
  const levels = panoramaLevels(width);
  const largest = levels.at(-1)!;
  const smallest = levels[0]!;
  if (smallest.faceSize !== PANORAMA_BASE_FACE_SIZE) throw new Error('the base faces are expected to be the smallest level');

  const unreadable = (error: unknown) => new PanoramaError('unreadableImage', fileName, `cannot be decoded: ${messageOf(error)}`);
  const progress = progressReporter(options.onProgress, levels.reduce((sum, level) => sum + level.nbTiles ** 2, 0) * CUBE_FACES.length);
  await Promise.all([
    mkdir(path.join(outDir, path.dirname(panoramaBasePath('front'))), { recursive: true }),
    ...levels.flatMap((_, level) =>
      CUBE_FACES.map((face) => mkdir(path.join(outDir, path.dirname(panoramaTilePath(level, face, 0, 0))), { recursive: true })),
    ),
  ]);

  const temporary = await memoryScratch(
    'spatia-panorama-',
    VIPS_HEADER_BYTES + width * height * 3,
    options.temporaryDirectory ?? os.tmpdir(),
  );
  const rawPath = path.join(temporary, 'source.v');
  const control = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  const stop = () => Atomics.store(control, CONTROL.stop, 1);
  const encoder = new EncodeQueue(ENCODES_IN_FLIGHT);
  let pool: ProjectionPool | undefined;
  let decoding: Promise<void> | undefined;
  signal?.addEventListener('abort', stop);
  try {
    signal?.throwIfAborted();
    pool = new ProjectionPool(Math.max(1, Math.min(2, os.availableParallelism())), {
      rawPath,
      dataOffset: VIPS_HEADER_BYTES,
      sourceWidth: width,
      sourceHeight: height,
      control: control.buffer,
    });
    // The decoder runs on libuv's threads. The raw file is vips's own format: sharp writes it as it
    // decodes, in order, so the workers can start on the top face before the bottom rows exist.
    decoding = sharp(sourcePath)
      .flatten({ background: '#000000' })
      .toColourspace('srgb')
      .toFile(rawPath)
      .then(
        () => checkRawHeader(rawPath, width, height),
        (error: unknown) => {
          throw unreadable(error);
        },
      );
    decoding.catch(stop);
    const decoded = decoding.then(() => {
      Atomics.store(control, CONTROL.decoded, 1);
      progress.decoded();
    });
    const previewing = writePreview(sourcePath, outDir).catch((error: unknown) => {
      throw unreadable(error);
    });
    const facesDone = pool.run(
      FACE_ORDER.map((face) => ({ face, faceSize: largest.faceSize, smallestSize: smallest.faceSize })),
      () => encoder.waitingFaces < FACES_WAITING_MAX,
      async (face, faceLevels) => {
        progress.projected();
        encoder.addFace();
        // faceLevels is largest first; the manifest's levels are smallest first.
        const bySize = [...faceLevels].reverse();
        const jobs = [encoder.run(() => encodeBase(bySize[0]!, smallest.faceSize, path.join(outDir, panoramaBasePath(face))))];
        bySize.forEach((pixels, level) => {
          const { faceSize, nbTiles } = levels[level]!;
          for (let row = 0; row < nbTiles; row += 1) {
            for (let column = 0; column < nbTiles; column += 1) {
              const file = path.join(outDir, panoramaTilePath(level, face, column, row));
              jobs.push(encoder.run(() => encodeTile(pixels, faceSize, column, row, file, signal)).then(progress.tileWritten));
            }
          }
        });
        return Promise.all(jobs).finally(() => encoder.faceDone());
      },
    );
    await Promise.all([decoded, previewing, facesDone]);
    signal?.throwIfAborted();
    progress.finished();
    return { sourceWidth: width, sourceHeight: height, tileSize: PANORAMA_TILE_SIZE, levels };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
    stop();
    await pool?.close();
    await encoder.close();
    // sharp cannot be interrupted: wait for the decoder to let go of the raw file before removing it.
    await decoding?.catch(() => undefined);
    await rm(temporary, { recursive: true, force: true });
  }
}

/** The preview (the whole panorama, 2048×1024) and the thumbnail (its middle half, yaw ±90° and pitch ±45°, at 480×240). */
async function writePreview(sourcePath: string, outDir: string): Promise<void> {
  const preview = await sharp(sourcePath)
    .flatten({ background: '#000000' })
    .resize(PREVIEW_SIZE.width, PREVIEW_SIZE.height, { fit: 'fill' })
    .toColourspace('srgb')
    .jpeg(JPEG)
    .toBuffer();
  const thumb = await sharp(preview)
    .extract({ left: PREVIEW_SIZE.width / 4, top: PREVIEW_SIZE.height / 4, width: PREVIEW_SIZE.width / 2, height: PREVIEW_SIZE.height / 2 })
    .resize(THUMB_SIZE.width, THUMB_SIZE.height)
    .jpeg(JPEG)
    .toBuffer();
  await Promise.all([
    writeFile(path.join(outDir, PANORAMA_PREVIEW_PATH), preview),
    writeFile(path.join(outDir, PANORAMA_THUMB_PATH), thumb),
  ]);
}

async function encodeBase(pixels: Uint8Array, size: number, file: string): Promise<void> {
  await sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .jpeg(JPEG)
    .toFile(file);
}

async function encodeTile(
  pixels: Uint8Array,
  faceSize: number,
  column: number,
  row: number,
  file: string,
  signal?: AbortSignal,
): Promise<void> {
  signal?.throwIfAborted();
  await sharp(pixels, { raw: { width: faceSize, height: faceSize, channels: 3 } })
    .extract({ left: column * PANORAMA_TILE_SIZE, top: row * PANORAMA_TILE_SIZE, width: PANORAMA_TILE_SIZE, height: PANORAMA_TILE_SIZE })
    .jpeg(JPEG)
    .toFile(file);
}

/** The raw file must be what the workers take it for: 3 bands of 8 bits, the source's size. */
async function checkRawHeader(rawPath: string, width: number, height: number): Promise<void> {
  const handle = await open(rawPath, 'r');
  try {
    const { buffer } = await handle.read({ buffer: Buffer.alloc(VIPS_HEADER_BYTES), position: 0 });
    const layout = [buffer.readUInt32LE(0), buffer.readInt32LE(4), buffer.readInt32LE(8), buffer.readInt32LE(12), buffer.readInt32LE(20)];
    const expected = [VIPS_MAGIC, width, height, 3, 0];
    if (layout.some((value, index) => value !== expected[index])) throw new Error(`unexpected raw layout ${layout.join(',')}`);
  } finally {
    await handle.close();
  }
}

/**
 * Progress as a weighted sum, each part only growing: the decode 10%, each projected face 9%, the
 * files the remaining 36% in proportion.
 */
function progressReporter(onProgress: ((fraction: number) => void) | undefined, tiles: number) {
  let decoded = 0;
  let projected = 0;
  let written = 0;
  let reported = 0;
  const report = (force = false) => {
    const fraction = Math.min(1, 0.1 * decoded + 0.09 * projected + (0.36 * written) / tiles);
    if (onProgress && (fraction - reported >= 0.01 || (force && fraction > reported))) {
      reported = fraction;
      onProgress(fraction);
    }
  };
  return {
    decoded: () => ((decoded = 1), report()),
    projected: () => ((projected += 1), report()),
    tileWritten: () => ((written += 1), report()),
    finished: () => report(true),
  };
}

/**
 * At most `limit` sharp calls at once, and the count of faces whose tiles are still being encoded.
 * Once closed it starts nothing more.
 */
class EncodeQueue {
  private running = 0;
  private closed = false;
  private readonly waiting: Array<() => void> = [];
  private readonly started = new Set<Promise<void>>();
  waitingFaces = 0;

  constructor(private readonly limit: number) {}

  addFace(): void {
    this.waitingFaces += 1;
  }

  faceDone(): void {
    this.waitingFaces -= 1;
  }

  async run(job: () => Promise<void>): Promise<void> {
    while (this.running >= this.limit && !this.closed) await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.closed) throw new Error('encoding closed');
    this.running += 1;
    const promise = job().finally(() => {
      this.running -= 1;
      this.started.delete(promise);
      this.waiting.shift()?.();
    });
    this.started.add(promise);
    return promise;
  }

  /** Starts nothing more and resolves once no sharp call of this queue is running. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.waiting.splice(0)) wake();
    while (this.started.size > 0) await Promise.allSettled([...this.started]);
  }
}

/** Two (or one, on one core) projection workers taking faces in order. */
class ProjectionPool {
  private readonly workers: Worker[];
  /** Answers not yet received, by worker: a worker is only ended once it has answered. */
  private readonly answers = new Map<Worker, Promise<ProjectionAnswer>>();
  private closed = false;

  constructor(size: number, data: ProjectionWorkerData) {
    this.workers = Array.from({ length: size }, () => startWorker(import.meta.url, 'projection-worker', data));
  }

  /**
   * Projects every task, handing each result to `onFace` (whose promise the run then waits for).
   * A worker gets its next face only while `mayStart()` holds; it is asked again whenever a face is done.
   */
  run(
    tasks: ProjectionTask[],
    mayStart: () => boolean,
    onFace: (face: CubeFace, levels: Uint8Array<ArrayBuffer>[]) => Promise<unknown>,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const queue = [...tasks];
      const idle = [...this.workers];
      const handled: Promise<unknown>[] = [];
      let failed = false;
      const fail = (error: unknown) => {
        failed = true;
        reject(asError(error));
      };
      const dispatch = () => {
        while (!failed && queue.length > 0 && idle.length > 0 && (this.answers.size === 0 || mayStart())) {
          const worker = idle.pop()!;
          const task = queue.shift()!;
          const answer = answerOf(worker, task.face);
          this.answers.set(worker, answer);
          worker.postMessage({ project: task } satisfies ProjectionMessage);
          void answer.then((received) => {
            this.answers.delete(worker);
            idle.push(worker);
            if (failed) return;
            if ('levels' in received) {
              const recycle = () => {
                const buffers = received.levels.map((level) => level.buffer);
                if (!this.closed) worker.postMessage({ recycle: buffers } satisfies ProjectionMessage, buffers);
              };
              handled.push(
                Promise.resolve()
                  .then(() => onFace(received.face, received.levels))
                  .then(recycle)
                  .then(dispatch, fail),
              );
            } else fail(new Error('error' in received ? `projecting the ${received.face} face: ${received.error}` : 'projection stopped'));
            dispatch();
            if (queue.length === 0 && this.answers.size === 0) Promise.all(handled).then(() => resolve(), fail);
          });
        }
      };
      for (const worker of this.workers) {
        worker.once('error', fail);
        worker.once('exit', (code) => fail(new Error(`projection worker exited with ${code}`)));
      }
      dispatch();
    });
  }

  /**
   * Ends the workers. The caller has raised the stop flag: a worker in the middle of a face sees it
   * within a few rows, closes the raw file and answers; only then is it terminated.
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.answers.values()]);
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** The worker's answer to its current task; a worker that dies answers with an error. */
function answerOf(worker: Worker, face: CubeFace): Promise<ProjectionAnswer> {
  return new Promise((settle) => {
    const onMessage = (answer: ProjectionAnswer) => {
      worker.off('exit', onExit);
      settle(answer);
    };
    const onExit = (code: number) => {
      worker.off('message', onMessage);
      settle({ face, error: `the worker exited with ${code}` });
    };
    worker.once('message', onMessage);
    worker.once('exit', onExit);
  });
}
