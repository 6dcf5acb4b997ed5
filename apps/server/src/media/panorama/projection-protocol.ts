/**
 * What render-panorama-scene.ts and its projection workers (projection-worker.ts) tell each other.
 * Kept apart from the worker so that importing it never runs the worker's code.
 */
import type { CubeFace } from '@spatia/contract';

export interface ProjectionWorkerData {
  rawPath: string;
  /** Where the first pixel is in the raw file. */
  dataOffset: number;
  sourceWidth: number;
  sourceHeight: number;
  /** Int32 flags shared with the main thread, indexed by `CONTROL`. */
  control: SharedArrayBuffer;
}

export const CONTROL = {
  /** 1 once the raw file is complete. */
  decoded: 0,
  /** 1 when the work is abandoned: the worker stops at its next check and answers `stopped`. */
  stop: 1,
} as const;

export interface ProjectionTask {
  face: CubeFace;
  /** Largest level first, down to `smallestSize`. */
  faceSize: number;
  smallestSize: number;
}

export type ProjectionAnswer =
  { face: CubeFace; levels: Uint8Array<ArrayBuffer>[] } | { face: CubeFace; stopped: true } | { face: CubeFace; error: string };

/** To the worker: project a face, or take back the buffers of a face whose tiles are written, for the next one. */
export type ProjectionMessage = { project: ProjectionTask } | { recycle: ArrayBuffer[] };
