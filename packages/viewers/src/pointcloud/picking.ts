/**
 * The loaded point nearest the pointer in screen space (docs/viewers-3d.md "Picking"). Every point of
 * the drawn nodes is projected; those within `radiusPx` of the pointer are candidates. Of them, the
 * front surface wins: candidates more than `depthTolerance` (a fraction of the nearest candidate's
 * depth) behind the nearest are dropped, so a click does not go through a wall to the points behind
 * it; the rest are ranked by screen distance.
 */
export interface PickCloud {
  /** x, y, z per point in the cloud's own frame. */
  positions: Float32Array;
  /** How many points of `positions` to consider. */
  count?: number;
  /** Projection × view × model, column-major (three's Matrix4.elements). */
  matrix: ArrayLike<number>;
}

export interface PickResult {
  cloudIndex: number;
  pointIndex: number;
  /** The point in the cloud's own frame. */
  position: [number, number, number];
  screenDistance: number;
  /** Clip-space w: the distance along the view direction. */
  depth: number;
}

export interface PickOptions {
  /** Pointer in CSS pixels from the viewport's top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
  radiusPx: number;
  depthTolerance?: number;
}

export function pickNearestPoint(clouds: readonly PickCloud[], options: PickOptions): PickResult | null {
  const { x, y, width, height, radiusPx } = options;
  const tolerance = options.depthTolerance ?? 0.03;
  const radiusSquared = radiusPx * radiusPx;
  const candidates: PickResult[] = [];
  let nearestDepth = Infinity;
  clouds.forEach((cloud, cloudIndex) => {
    const m = cloud.matrix;
    const p = cloud.positions;
    const count = cloud.count ?? p.length / 3;
    for (let index = 0; index < count; index++) {
      const px = p[index * 3]!;
      const py = p[index * 3 + 1]!;
      const pz = p[index * 3 + 2]!;
      const w = m[3]! * px + m[7]! * py + m[11]! * pz + m[15]!;
      if (w <= 0) continue;
      const cx = (m[0]! * px + m[4]! * py + m[8]! * pz + m[12]!) / w;
      const cy = (m[1]! * px + m[5]! * py + m[9]! * pz + m[13]!) / w;
      const cz = (m[2]! * px + m[6]! * py + m[10]! * pz + m[14]!) / w;
      if (cz < -1 || cz > 1) continue;
      const sx = ((cx + 1) / 2) * width;
      const sy = ((1 - cy) / 2) * height;
      const dx = sx - x;
      const dy = sy - y;
      const distanceSquared = dx * dx + dy * dy;
      if (distanceSquared > radiusSquared) continue;
      candidates.push({ cloudIndex, pointIndex: index, position: [px, py, pz], screenDistance: Math.sqrt(distanceSquared), depth: w });
      if (w < nearestDepth) nearestDepth = w;
    }
  });
  let best: PickResult | null = null;
  for (const candidate of candidates) {
    if (candidate.depth > nearestDepth * (1 + tolerance)) continue;
    if (!best || candidate.screenDistance < best.screenDistance) best = candidate;
  }
  return best;
}
