import type { Box3, Vec3 } from '@spatia/contract';

/** LAS 1.2 without VLRs: the points start right after the 227-byte header. */
export const LAS_1_2_HEADER_BYTES = 227;

export interface LasHeaderFields {
  pointFormat: 0 | 2;
  points: number;
  scale: Vec3;
  offset: Vec3;
  bounds: Box3;
}

export function lasRecordLength(pointFormat: 0 | 2): number {
  return pointFormat === 2 ? 26 : 20;
}

/** A LAS 1.2 header: every point a single return. */
export function encodeLas12Header({ pointFormat, points, scale, offset, bounds }: LasHeaderFields): Buffer {
  const header = Buffer.alloc(LAS_1_2_HEADER_BYTES);
  header.write('LASF', 0, 'latin1');
  header.writeUInt8(1, 24);
  header.writeUInt8(2, 25);
  header.write('Spatia', 26, 'latin1');
  header.write('Spatia point-cloud pipeline', 58, 'latin1');
  const today = new Date();
  header.writeUInt16LE(
    Math.floor(
      (Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - Date.UTC(today.getUTCFullYear(), 0, 1)) / 864e5,
    ) + 1,
    90,
  );
  header.writeUInt16LE(today.getUTCFullYear(), 92);
  header.writeUInt16LE(LAS_1_2_HEADER_BYTES, 94);
  header.writeUInt32LE(LAS_1_2_HEADER_BYTES, 96);
  header.writeUInt32LE(0, 100);
  header.writeUInt8(pointFormat, 104);
  header.writeUInt16LE(lasRecordLength(pointFormat), 105);
  header.writeUInt32LE(points, 107);
  header.writeUInt32LE(points, 111);
  scale.forEach((value, axis) => header.writeDoubleLE(value, 131 + axis * 8));
  offset.forEach((value, axis) => header.writeDoubleLE(value, 155 + axis * 8));
  for (let axis = 0; axis < 3; axis += 1) {
    header.writeDoubleLE(bounds.max[axis]!, 179 + axis * 16);
    header.writeDoubleLE(bounds.min[axis]!, 187 + axis * 16);
  }
  return header;
}

/** One record at `at`: single return, unclassified (1). */
export function writeLasRecord(
  view: DataView,
  at: number,
  x: number,
  y: number,
  z: number,
  intensity: number,
  rgb: readonly [number, number, number] | null,
): void {
  view.setInt32(at, x, true);
  view.setInt32(at + 4, y, true);
  view.setInt32(at + 8, z, true);
  view.setUint16(at + 12, intensity, true);
  view.setUint8(at + 14, 0b00001001);
  view.setUint8(at + 15, 1);
  view.setInt8(at + 16, 0);
  view.setUint8(at + 17, 0);
  view.setUint16(at + 18, 0, true);
  if (rgb) {
    view.setUint16(at + 20, rgb[0], true);
    view.setUint16(at + 22, rgb[1], true);
    view.setUint16(at + 24, rgb[2], true);
  }
}
