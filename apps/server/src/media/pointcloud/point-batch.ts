import type { Box3 } from '@spatia/contract';

/**
 * Points travel between the readers and the octree builder in batches of parallel typed arrays,
 * reused from batch to batch: no object per point.
 */
export interface PointBatch {
  /** Points filled by the last read. */
  count: number;
  /** x, y, z per point, in the source's coordinates. */
  positions: Float64Array;
  /** r, g, b per point as the source stores them (8 or 16 bits); unused when the source has none. */
  colors: Uint16Array;
  intensities: Uint16Array;
}

/** Points a batch holds at most. */
export const BATCH_POINTS = 1 << 16;

export function createPointBatch(capacity = BATCH_POINTS): PointBatch {
  return {
    count: 0,
    positions: new Float64Array(capacity * 3),
    colors: new Uint16Array(capacity * 3),
    intensities: new Uint16Array(capacity),
  };
}

/** What a reader knows of its source before the points are read. */
export interface PointSourceInfo {
  points: number;
  rgb: boolean;
  intensity: boolean;
  /** A LAS source's scale and offset, kept for exports; null for the others. */
  scale: [number, number, number] | null;
  offset: [number, number, number] | null;
  /** The bounds a LAS header states (unchecked); null for the others. */
  bounds: Box3 | null;
}

/** Reads a source's points from the start, one batch at a time; `read` answers 0 at the end. */
export interface PointReader {
  read(batch: PointBatch): Promise<number>;
  close(): Promise<void>;
}
