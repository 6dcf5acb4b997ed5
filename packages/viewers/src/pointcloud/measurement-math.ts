import type { Measurement, MeasurementKind, Vec3 } from '@spatia/contract';

/** Sum of the segments' lengths. */
export function polylineLength(points: readonly Vec3[]): number {
  let length = 0;
  for (let index = 1; index < points.length; index++) {
    const a = points[index - 1]!;
    const b = points[index]!;
    length += Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
  }
  return length;
}

/**
 * Area of a closed polygon on its best-fit plane, by Newell's method: half the length of the sum of
 * the edges' cross products. For a planar polygon that is its exact area whatever its tilt; for a
 * horizontal one it is the shoelace formula in x, y; for a slightly warped one (points picked on a real
 * surface) it is the area projected on the plane Newell's normal defines.
 */
export function polygonArea(points: readonly Vec3[]): number {
  if (points.length < 3) return 0;
  // Relative to the first point: source coordinates can be large (UTM), and products of them lose digits.
  const origin = points[0]!;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let index = 0; index < points.length; index++) {
    const a = points[index]!;
    const b = points[(index + 1) % points.length]!;
    const ax = a[0] - origin[0];
    const ay = a[1] - origin[1];
    const az = a[2] - origin[2];
    const bx = b[0] - origin[0];
    const by = b[1] - origin[1];
    const bz = b[2] - origin[2];
    nx += (ay - by) * (az + bz);
    ny += (az - bz) * (ax + bx);
    nz += (ax - bx) * (ay + by);
  }
  return Math.hypot(nx, ny, nz) / 2;
}

export interface HeightResult {
  /** Vertical difference, always ≥ 0. */
  height: number;
  /** Horizontal distance between the two points. */
  horizontal: number;
  /** The corner of the helper lines: below the higher point, at the lower point's height. */
  corner: Vec3;
}

export function heightDifference(a: Vec3, b: Vec3): HeightResult {
  const [low, high] = a[2] <= b[2] ? [a, b] : [b, a];
  return {
    height: high[2] - low[2],
    horizontal: Math.hypot(b[0] - a[0], b[1] - a[1]),
    corner: [high[0], high[1], low[2]],
  };
}

/** The value a measurement shows, in metres or square metres. */
export function measurementValue(kind: MeasurementKind, points: readonly Vec3[]): number {
  switch (kind) {
    case 'distance':
      return polylineLength(points);
    case 'area':
      return polygonArea(points);
    case 'height':
      return points.length >= 2 ? heightDifference(points[0]!, points[1]!).height : 0;
  }
}

/** "12.35 m", "0.042 m", "1 234.5 m²": three significant decimals below a metre, two above. */
export function formatMeasurement(kind: MeasurementKind, value: number): string {
  const digits = value < 1 ? 3 : value < 1000 ? 2 : 1;
  const text = value.toFixed(digits);
  return kind === 'area' ? `${text} m²` : `${text} m`;
}

export function formatMeasurementOf(measurement: Pick<Measurement, 'kind' | 'points'>): string {
  return formatMeasurement(measurement.kind, measurementValue(measurement.kind, measurement.points));
}

/** Drops consecutive duplicates (a double-click places the same point twice). */
export function withoutRepeats(points: readonly Vec3[], tolerance = 1e-9): Vec3[] {
  const result: Vec3[] = [];
  for (const point of points) {
    const last = result[result.length - 1];
    if (last && Math.hypot(point[0] - last[0], point[1] - last[1], point[2] - last[2]) <= tolerance) continue;
    result.push(point);
  }
  return result;
}
