import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePointCloudNode, type PointCloudManifest } from '@spatia/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaError } from '../media-error.js';
import { convertPointCloud } from './convert-point-cloud.js';
import { writeSyntheticPointCloud } from './synthetic-point-cloud.js';

/** A real LAZ (LASzip point10 v2 + rgb12 v2, one chunk) of `writeSyntheticPointCloud(…, { points: 3000, seed: 5 })`: see fixtures/README.md. */
const FIXTURE = fileURLToPath(new URL('./fixtures/synthetic-3000.laz', import.meta.url));

let folder: string;
let temporaryDirectory: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'spatia-laz-test-'));
  temporaryDirectory = path.join(folder, 'tmp');
  await mkdir(temporaryDirectory);
});
afterEach(() => rm(folder, { recursive: true, force: true }));

async function convertInto(file: string, name: string): Promise<{ manifest: PointCloudManifest; outDir: string }> {
  const outDir = path.join(folder, `out-${name}`);
  await mkdir(outDir);
  const manifest = await convertPointCloud({ path: file, fileName: name }, outDir, { temporaryDirectory });
  return { manifest, outDir };
}

/** Every point of the octree as "x y z r g b intensity" (positions in millimetres of the source), sorted. */
async function decodedPoints(manifest: PointCloudManifest, outDir: string): Promise<string[]> {
  const octree = await readFile(path.join(outDir, 'octree.bin'));
  const points: string[] = [];
  for (const node of manifest.nodes) {
    const own = new Uint8Array(node.byteSize);
    own.set(octree.subarray(node.offset, node.offset + node.byteSize));
    const { positions, colors, intensities } = decodePointCloudNode(own.buffer, node.points, manifest.attributes);
    for (let point = 0; point < node.points; point += 1) {
      const xyz = [0, 1, 2].map((axis) => Math.round((manifest.cube.min[axis]! + positions[point * 3 + axis]!) * 1000));
      const rgb = colors ? [0, 1, 2].map((channel) => colors[point * 4 + channel]!) : [];
      points.push([...xyz, ...rgb, intensities ? intensities[point]! : ''].join(' '));
    }
  }
  return points.sort();
}

describe('LAZ (a real LASzip file)', () => {
  it('decodes to the same points as the LAS it was compressed from', async () => {
    const lasFile = path.join(folder, 'synthetic-3000.las');
    await writeSyntheticPointCloud(lasFile, { points: 3000, seed: 5 });
    const las = await convertInto(lasFile, 'synthetic-3000.las');
    const laz = await convertInto(FIXTURE, 'synthetic-3000.laz');

    expect(laz.manifest.sourceFormat).toBe('laz');
    expect(las.manifest.sourceFormat).toBe('las');
    expect(laz.manifest.points).toBe(3000);
    expect(laz.manifest.nodes.reduce((sum, node) => sum + node.points, 0)).toBe(3000);
    expect(laz.manifest.bounds).toEqual(las.manifest.bounds);
    expect(laz.manifest.scale).toEqual(las.manifest.scale);
    expect(laz.manifest.offset).toEqual(las.manifest.offset);
    expect(laz.manifest.attributes).toEqual({ rgb: true, intensity: true });
    expect(laz.manifest.intensityRange).toEqual(las.manifest.intensityRange);

    const lazPoints = await decodedPoints(laz.manifest, laz.outDir);
    expect(lazPoints).toHaveLength(3000);
    expect(lazPoints).toEqual(await decodedPoints(las.manifest, las.outDir));
    expect(laz.manifest.nodes).toEqual(las.manifest.nodes);
    expect((await readFile(path.join(laz.outDir, 'octree.bin'))).equals(await readFile(path.join(las.outDir, 'octree.bin')))).toBe(true);
    // The colours are the synthetic palette's, not zeros: grass, rock, snow, walls, roof, windows.
    expect(new Set(lazPoints.map((point) => point.split(' ').slice(3, 6).join(' '))).size).toBeGreaterThan(50);
    expect(await readdir(temporaryDirectory)).toEqual([]);
  });

  it('refuses the LAZ cut in half as damaged and leaves nothing behind', async () => {
    const whole = await readFile(FIXTURE);
    const file = path.join(folder, 'half.laz');
    await writeFile(file, whole.subarray(0, Math.floor(whole.length / 2)));
    const outDir = path.join(folder, 'out');
    await mkdir(outDir);
    const error = await convertPointCloud({ path: file, fileName: 'half.laz' }, outDir, { temporaryDirectory }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).reason).toBe('damagedFile');
    expect(await readdir(outDir)).toEqual([]);
    expect(await readdir(temporaryDirectory)).toEqual([]);
  });
});
