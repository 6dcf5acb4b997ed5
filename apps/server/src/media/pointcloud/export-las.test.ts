import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { parse } from '@loaders.gl/core';
import { LASLoader } from '@loaders.gl/las';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertPointCloud } from './convert-point-cloud.js';
import { exportPointCloudLas } from './export-las.js';
import { writeSyntheticPointCloud } from './synthetic-point-cloud.js';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'spatia-pointcloud-export-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function exportAndParse(sourcePath: string, name: string) {
  const outDir = path.join(folder, `${name}-out`);
  await mkdir(outDir);
  const manifest = await convertPointCloud({ path: sourcePath, fileName: path.basename(sourcePath) }, outDir, {
    temporaryDirectory: folder,
    tuning: { chunkPoints: 3000, leafPoints: 1000 },
  });
  const octree = await open(path.join(outDir, 'octree.bin'), 'r');
  const exported = path.join(folder, `${name}-export.las`);
  // A small high-water mark makes the export wait for 'drain'.
  const output = createWriteStream(exported, { highWaterMark: 1024 });
  try {
    await exportPointCloudLas(
      manifest,
      async (offset, length) => {
        const bytes = Buffer.alloc(length);
        await octree.read(bytes, 0, length, offset);
        return bytes;
      },
      output,
    );
    output.end();
    await finished(output);
  } finally {
    await octree.close();
  }
  const bytes = await readFile(exported);
  const parsed = await parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length), LASLoader, { worker: false });
  return { manifest, parsed, bytes };
}

describe('exportPointCloudLas', () => {
  it('exports every point as a LAS 1.2 format 2 that loaders.gl reads back with the same count and bounds', async () => {
    const source = path.join(folder, 'terrain.las');
    await writeSyntheticPointCloud(source, { points: 12_000, seed: 5 });
    const { manifest, parsed, bytes } = await exportAndParse(source, 'terrain');
    expect(bytes.readUInt8(104)).toBe(2);
    expect(parsed.header?.vertexCount).toBe(12_000);
    const positions = parsed.attributes.POSITION!.value as Float32Array | Float64Array;
    expect(positions.length).toBe(12_000 * 3);
    const [scaleX] = manifest.scale;
    for (let axis = 0; axis < 3; axis += 1) {
      let min = Infinity;
      let max = -Infinity;
      for (let point = 0; point < 12_000; point += 1) {
        min = Math.min(min, positions[point * 3 + axis]!);
        max = Math.max(max, positions[point * 3 + axis]!);
      }
      // loaders.gl may return positions relative to the header's offset, and as float32.
      const shift = Math.abs(min - manifest.bounds.min[axis]!) > 1 ? manifest.offset[axis]! : 0;
      const tolerance = scaleX * 1.5 + (positions instanceof Float32Array ? Math.abs(min) * 2 ** -23 : 0);
      expect(Math.abs(min + shift - manifest.bounds.min[axis]!)).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(max + shift - manifest.bounds.max[axis]!)).toBeLessThanOrEqual(tolerance);
    }
    // The header's bounds are the quantized extremes (loaders.gl holds them as float32 too).
    const header = parsed.header as unknown as { boundingBox: [number[], number[]] };
    for (let axis = 0; axis < 3; axis += 1) {
      for (const [read, expected] of [
        [header.boundingBox[0][axis]!, manifest.bounds.min[axis]!],
        [header.boundingBox[1][axis]!, manifest.bounds.max[axis]!],
      ] as const) {
        expect(Math.abs(read - expected)).toBeLessThanOrEqual(scaleX + Math.abs(expected) * 2 ** -23);
      }
    }
    expect(parsed.attributes.COLOR_0).toBeDefined();
  });

  it('exports a cloud without colours as point format 0', async () => {
    const source = path.join(folder, 'plain.xyz');
    const lines = Array.from({ length: 500 }, (_, index) => `${index % 20} ${Math.floor(index / 20)} ${(index % 7) * 0.5}`);
    await (await import('node:fs/promises')).writeFile(source, lines.join('\n'));
    const { parsed, bytes } = await exportAndParse(source, 'plain');
    expect(bytes.readUInt8(104)).toBe(0);
    expect(parsed.header?.vertexCount).toBe(500);
  });
});
