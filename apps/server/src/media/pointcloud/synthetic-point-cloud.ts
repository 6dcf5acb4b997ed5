import { open } from 'node:fs/promises';
import type { Vec3 } from '@spatia/contract';
import { encodeLas12Header, LAS_1_2_HEADER_BYTES, lasRecordLength, writeLasRecord } from './las-writer.js';

export interface SyntheticPointCloudOptions {
  points: number;
  /** Same seed, same file. */
  seed?: number;
}

/** A 600 m square of land, in metres, placed like projected coordinates. */
const SIDE = 600;
const ORIGIN: Vec3 = [500_000, 4_200_000, 0];
const SCALE: Vec3 = [0.001, 0.001, 0.001];
const BATCH = 65_536;
/** The building: its footprint's min corner, its size, and the share of the points it takes. */
const BUILDING = { x: 270, y: 280, width: 60, depth: 36, height: 24, share: 0.12 };

/**
 * Writes a LAS 1.2 (point format 2) of generated terrain, rolling hills coloured grass, rock and snow
 * by height, and a building with windows on its walls and a flat roof, a batch at a time; the header's
 * bounds are written last. Deterministic for a seed.
 */
export async function writeSyntheticPointCloud(filePath: string, options: SyntheticPointCloudOptions): Promise<void> {
  const random = mulberry32(options.seed ?? 1);
  const recordLength = lasRecordLength(2);
  const file = await open(filePath, 'w');
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  const base = terrainHeight(BUILDING.x + BUILDING.width / 2, BUILDING.y + BUILDING.depth / 2);
  try {
    const records = Buffer.alloc(BATCH * recordLength);
    const view = new DataView(records.buffer, records.byteOffset, records.length);
    const rgb: [number, number, number] = [0, 0, 0];
    let position = LAS_1_2_HEADER_BYTES;
    for (let done = 0; done < options.points;) {
      const count = Math.min(BATCH, options.points - done);
      for (let point = 0; point < count; point += 1) {
        let x: number;
        let y: number;
        let z: number;
        let intensity: number;
        if (random() < BUILDING.share) {
          [x, y, z, intensity] = buildingPoint(random, base, rgb);
        } else {
          x = random() * SIDE;
          y = random() * SIDE;
          z = terrainHeight(x, y) + (random() - 0.5) * 0.15;
          intensity = terrainColor(z, random, rgb);
        }
        const ix = Math.round(x / SCALE[0]);
        const iy = Math.round(y / SCALE[1]);
        const iz = Math.round(z / SCALE[2]);
        writeLasRecord(view, point * recordLength, ix, iy, iz, intensity, [rgb[0] * 257, rgb[1] * 257, rgb[2] * 257]);
        const quantized = [ix * SCALE[0] + ORIGIN[0], iy * SCALE[1] + ORIGIN[1], iz * SCALE[2] + ORIGIN[2]];
        for (let axis = 0; axis < 3; axis += 1) {
          if (quantized[axis]! < min[axis]!) min[axis] = quantized[axis]!;
          if (quantized[axis]! > max[axis]!) max[axis] = quantized[axis]!;
        }
      }
      await file.write(records, 0, count * recordLength, position);
      position += count * recordLength;
      done += count;
    }
    await file.write(
      encodeLas12Header({ pointFormat: 2, points: options.points, scale: SCALE, offset: ORIGIN, bounds: { min, max } }),
      0,
      LAS_1_2_HEADER_BYTES,
      0,
    );
  } finally {
    await file.close();
  }
}

function terrainHeight(x: number, y: number): number {
  return 40 + 22 * Math.sin(x / 95) * Math.cos(y / 120) + 9 * Math.sin(x / 37 + y / 53) + 4 * Math.cos(y / 19 - x / 71) + 0.03 * (x + y);
}

/** Grass below 45 m, rock to 70 m, snow above, with some noise; answers the intensity. */
function terrainColor(z: number, random: () => number, rgb: [number, number, number]): number {
  const noise = random() * 30 - 15;
  if (z + noise * 0.3 < 45) set(rgb, 70 + noise, 130 + noise, 50 + noise);
  else if (z + noise * 0.3 < 70) set(rgb, 125 + noise, 110 + noise, 95 + noise);
  else set(rgb, 240 + noise / 3, 242 + noise / 3, 248 + noise / 3);
  return Math.round(300 + z * 6 + noise * 4);
}

/** A point on a wall (with windows) or on the roof; answers x, y, z and the intensity. */
function buildingPoint(random: () => number, base: number, rgb: [number, number, number]): [number, number, number, number] {
  const { x: left, y: front, width, depth, height } = BUILDING;
  const onRoof = random() < (width * depth) / (width * depth + 2 * (width + depth) * height);
  if (onRoof) {
    set(rgb, 150, 60, 50);
    return [left + random() * width, front + random() * depth, base + height, 1800];
  }
  const along = random() * 2 * (width + depth);
  const z = random() * height;
  let x: number;
  let y: number;
  let facade: number;
  if (along < width) [x, y, facade] = [left + along, front, along];
  else if (along < width + depth) [x, y, facade] = [left + width, front + along - width, along - width];
  else if (along < 2 * width + depth) [x, y, facade] = [left + along - width - depth, front + depth, along - width - depth];
  else [x, y, facade] = [left, front + along - 2 * width - depth, along - 2 * width - depth];
  // Windows: 2 m wide, 1.6 m tall, every 4 m along and 3 m up, from 1 m above the ground.
  const window = facade % 4 > 1 && facade % 4 < 3 && z > 1 && z % 3 > 1 && z % 3 < 2.6;
  if (window) set(rgb, 40, 70, 110);
  else set(rgb, 215, 205, 185);
  return [x, y, base + z, window ? 400 : 1500];
}

function set(rgb: [number, number, number], red: number, green: number, blue: number): void {
  rgb[0] = Math.max(0, Math.min(255, Math.round(red)));
  rgb[1] = Math.max(0, Math.min(255, Math.round(green)));
  rgb[2] = Math.max(0, Math.min(255, Math.round(blue)));
}

/** A small seeded generator (Tommy Ettinger's mulberry32). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
