import type { Measurement, Vec3 } from '@spatia/contract';

/** A measurement for a test, its points given one by one. */
export function measurement(id: string, kind: Measurement['kind'], label: string, ...points: Vec3[]): Measurement {
  return { id, kind, label, points };
}

/** A distance of one metre along x, labelled "Wall". */
export const WALL = measurement('m1', 'distance', 'Wall', [0, 0, 0], [1, 0, 0]);
