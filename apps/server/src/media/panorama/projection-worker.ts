/**
 * A worker thread that projects cube faces (render-panorama-scene.ts starts it). It reads the decoded
 * source from the raw file while the main thread is still writing it, waiting for the rows a face
 * needs, and answers each face with every level of its pyramid, largest first.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import {
  faceParts,
  halveFace,
  javascriptProjector,
  projectFacePart,
  windowBufferBytes,
  type RowProjector,
  type SourceWindow,
} from './cube-projection.js';
import { WasmProjector } from './wasm-projector.js';
import { CONTROL } from './projection-protocol.js';
import type { ProjectionAnswer, ProjectionMessage, ProjectionTask, ProjectionWorkerData } from './projection-protocol.js';

/** Rows projected between two looks at the stop flag. */
const ROWS_PER_CHECK = 128;
/** How long to sleep between two looks at the raw file's length, ms. */
const POLL_MS = 5;

class Stopped extends Error {}

/**
 * Buffers kept between faces: a face's levels come back once encoded, and the source window is reused.
 * Fresh buffers of tens of megabytes cost page faults, and garbage that size lingers until a collection.
 */
const spareBuffers = new Map<number, ArrayBuffer[]>();
let windowBuffer = new Uint8Array(0);
/** The SIMD WebAssembly projector, whose memory holds the window; the JavaScript one where WebAssembly fails. */
let projector: { faceSize: number; wasm?: WasmProjector; rows: RowProjector } | undefined;

function projectorFor(faceSize: number): NonNullable<typeof projector> {
  if (projector?.faceSize !== faceSize) {
    try {
      const wasm = new WasmProjector(faceSize);
      projector = { faceSize, wasm, rows: wasm };
    } catch {
      projector = { faceSize, rows: javascriptProjector(faceSize) };
    }
  }
  return projector;
}

function bufferOf(bytes: number): Uint8Array<ArrayBuffer> {
  const spare = spareBuffers.get(bytes)?.pop();
  return new Uint8Array(spare ?? new ArrayBuffer(bytes));
}

if (parentPort) {
  const port = parentPort;
  const data = workerData as ProjectionWorkerData;
  const control = new Int32Array(data.control);
  port.on('message', (message: ProjectionMessage) => {
    if ('recycle' in message) {
      for (const buffer of message.recycle) spareBuffers.set(buffer.byteLength, [...(spareBuffers.get(buffer.byteLength) ?? []), buffer]);
      return;
    }
    const task = message.project;
    try {
      const levels = projectFace(data, control, task);
      port.postMessage(
        { face: task.face, levels } satisfies ProjectionAnswer,
        levels.map((level) => level.buffer),
      );
    } catch (error) {
      const answer: ProjectionAnswer =
        error instanceof Stopped
          ? { face: task.face, stopped: true }
          : { face: task.face, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      port.postMessage(answer);
    }
  });
}

function projectFace(data: ProjectionWorkerData, control: Int32Array, task: ProjectionTask): Uint8Array<ArrayBuffer>[] {
  const { face, faceSize } = task;
  const pixels = bufferOf(faceSize * faceSize * 3);
  const descriptor = openSync(data.rawPath, 'r');
  const { wasm, rows } = projectorFor(faceSize);
  try {
    for (const part of faceParts(face, faceSize, data.sourceWidth, data.sourceHeight)) {
      const window = readWindow(data, control, descriptor, part.window, wasm);
      for (let rowStart = part.rowStart; rowStart < part.rowEnd; rowStart += ROWS_PER_CHECK) {
        if (Atomics.load(control, CONTROL.stop)) throw new Stopped();
        const band = { ...part, rowStart, rowEnd: Math.min(part.rowEnd, rowStart + ROWS_PER_CHECK) };
        projectFacePart(face, faceSize, band, window, data.sourceWidth, data.sourceHeight, pixels, rows);
      }
    }
  } finally {
    closeSync(descriptor);
  }
  const levels = [pixels];
  for (let size = faceSize; size > task.smallestSize; size /= 2)
    levels.push(halveFace(levels.at(-1)!, size, bufferOf((size / 2) * (size / 2) * 3)));
  return levels;
}

/** The window's pixels, once the decoder has written the rows it covers. */
function readWindow(
  data: ProjectionWorkerData,
  control: Int32Array,
  descriptor: number,
  window: SourceWindow,
  wasm: WasmProjector | undefined,
): Uint8Array {
  const { sourceWidth, sourceHeight, dataOffset } = data;
  const rowBytes = sourceWidth * 3;
  const lastSourceRow = Math.min(sourceHeight - 1, window.top + window.height - 1);
  const firstSourceRow = Math.max(0, window.top);
  // Rows beyond a pole mirror row 0 or the last row, which the window's own range covers anyway.
  waitForRows(control, descriptor, dataOffset, rowBytes, Math.max(lastSourceRow, firstSourceRow) + 1);
  const bytes = windowBufferBytes(window);
  if (!wasm && windowBuffer.length < bytes) windowBuffer = new Uint8Array(bytes);
  const pixels = wasm ? wasm.windowBuffer(bytes) : windowBuffer.subarray(0, bytes);
  for (let row = 0; row < window.height; row += 1) {
    const wanted = window.top + row;
    let sourceRow = wanted;
    let shift = 0;
    if (wanted < 0) [sourceRow, shift] = [-1 - wanted, sourceWidth / 2];
    else if (wanted >= sourceHeight) [sourceRow, shift] = [2 * sourceHeight - 1 - wanted, sourceWidth / 2];
    let column = modulo(Math.floor(window.left + shift), sourceWidth);
    let filled = 0;
    while (filled < window.width) {
      const count = Math.min(window.width - filled, sourceWidth - column);
      readFully(descriptor, pixels, (row * window.width + filled) * 3, count * 3, dataOffset + sourceRow * rowBytes + column * 3);
      filled += count;
      column = 0;
    }
  }
  return pixels;
}

function waitForRows(control: Int32Array, descriptor: number, dataOffset: number, rowBytes: number, rows: number): void {
  for (;;) {
    if (Atomics.load(control, CONTROL.stop)) throw new Stopped();
    if (Atomics.load(control, CONTROL.decoded)) return;
    if (Math.floor((fstatSync(descriptor).size - dataOffset) / rowBytes) >= rows) return;
    Atomics.wait(control, CONTROL.stop, 0, POLL_MS);
  }
}

function readFully(descriptor: number, into: Uint8Array, offset: number, length: number, position: number): void {
  let done = 0;
  while (done < length) {
    const read = readSync(descriptor, into, offset + done, length - done, position + done);
    if (read === 0) throw new Error(`raw source ends at ${position + done}`);
    done += read;
  }
}

function modulo(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}
