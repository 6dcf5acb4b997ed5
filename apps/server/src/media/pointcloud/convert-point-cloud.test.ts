import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodePointCloudNode, pointCloudNodeBox, pointCloudPointBytes, type PointCloudManifest } from '@spatia/contract';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaError } from '../media-error.js';
import { convertPointCloud } from './convert-point-cloud.js';
import { encodeLas12Header, writeLasRecord } from './las-writer.js';
import { writeSyntheticPointCloud } from './synthetic-point-cloud.js';

let folder: string;
let temporaryDirectory: string;
let outDir: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'spatia-pointcloud-test-'));
  temporaryDirectory = path.join(folder, 'tmp');
  outDir = path.join(folder, 'out');
  await mkdir(temporaryDirectory);
  await mkdir(outDir);
});
afterEach(() => rm(folder, { recursive: true, force: true }));

async function convert(name: string, contents?: Buffer | string, tuning?: { chunkPoints?: number; leafPoints?: number }) {
  const file = path.join(folder, name);
  if (contents !== undefined) await writeFile(file, contents);
  return convertPointCloud({ path: file, fileName: name }, outDir, { temporaryDirectory, tuning });
}

/** Every invariant the viewers rely on, checked against octree.bin. */
async function expectValidOctree(manifest: PointCloudManifest, points: number) {
  const octree = await readFile(path.join(outDir, 'octree.bin'));
  const pointBytes = pointCloudPointBytes(manifest.attributes);
  expect(manifest.points).toBe(points);
  expect(manifest.nodes.reduce((sum, node) => sum + node.points, 0)).toBe(points);
  expect(manifest.nodes[0]!.name).toBe('r');
  const seen = new Set<string>();
  let bytes = 0;
  for (const node of manifest.nodes) {
    if (node.name !== 'r') expect(seen.has(node.name.slice(0, -1))).toBe(true);
    seen.add(node.name);
    expect(node.byteSize).toBe(node.points * pointBytes);
    expect(node.offset + node.byteSize).toBeLessThanOrEqual(octree.length);
    bytes += node.byteSize;
    const own = new Uint8Array(node.byteSize);
    own.set(octree.subarray(node.offset, node.offset + node.byteSize));
    const { positions } = decodePointCloudNode(own.buffer, node.points, manifest.attributes);
    const box = pointCloudNodeBox(manifest.cube, node.name);
    const tolerance = manifest.cube.size * 1e-6;
    for (let point = 0; point < node.points; point += 1) {
      for (let axis = 0; axis < 3; axis += 1) {
        const value = manifest.cube.min[axis]! + positions[point * 3 + axis]!;
        expect(value).toBeGreaterThanOrEqual(box.min[axis]! - tolerance);
        expect(value).toBeLessThanOrEqual(box.max[axis]! + tolerance);
      }
    }
  }
  expect(bytes).toBe(octree.length);
  const preview = await sharp(path.join(outDir, 'preview.jpg')).metadata();
  expect([preview.width, preview.height]).toEqual([1280, 720]);
  expect(await readdir(temporaryDirectory)).toEqual([]);
}

async function expectRefusal(promise: Promise<unknown>, reason: string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaError);
  expect((error as MediaError).reason).toBe(reason);
  expect(await readdir(outDir)).toEqual([]);
  expect(await readdir(temporaryDirectory)).toEqual([]);
}

/** A small LAS 1.2 of the given points (x, y, z, intensity, r, g, b in 16 bits). */
function las12(points: number[][], pointFormat: 0 | 2): Buffer {
  const scale: [number, number, number] = [0.01, 0.01, 0.01];
  const offset: [number, number, number] = [1000, 2000, 0];
  const axis = (index: number) => points.map((point) => point[index]!);
  const bounds = {
    min: [0, 1, 2].map((index) => Math.min(...axis(index))),
    max: [0, 1, 2].map((index) => Math.max(...axis(index))),
  } as PointCloudManifest['bounds'];
  const length = pointFormat === 2 ? 26 : 20;
  const records = Buffer.alloc(points.length * length);
  const view = new DataView(records.buffer, records.byteOffset, records.length);
  points.forEach(([x, y, z, intensity, r, g, b], index) => {
    const quantize = (value: number, at: number) => Math.round((value - offset[at]!) / scale[at]!);
    writeLasRecord(
      view,
      index * length,
      quantize(x!, 0),
      quantize(y!, 1),
      quantize(z!, 2),
      intensity ?? 0,
      pointFormat === 2 ? [r ?? 0, g ?? 0, b ?? 0] : null,
    );
  });
  return Buffer.concat([encodeLas12Header({ pointFormat, points: points.length, scale, offset, bounds }), records]);
}

/** A LAS 1.4 header (375 bytes) with point format 7 (RGB, 36 bytes) and only the 64-bit count set. */
function las14Format7(points: number[][]): Buffer {
  const header = Buffer.alloc(375);
  header.write('LASF', 0, 'latin1');
  header.writeUInt8(1, 24);
  header.writeUInt8(4, 25);
  header.writeUInt16LE(375, 94);
  header.writeUInt32LE(375, 96);
  header.writeUInt8(7, 104);
  header.writeUInt16LE(36, 105);
  [0.001, 0.001, 0.001].forEach((value, axis) => header.writeDoubleLE(value, 131 + axis * 8));
  header.writeBigUInt64LE(BigInt(points.length), 247);
  const records = Buffer.alloc(points.length * 36);
  points.forEach(([x, y, z, intensity, r, g, b], index) => {
    const at = index * 36;
    records.writeInt32LE(Math.round(x! * 1000), at);
    records.writeInt32LE(Math.round(y! * 1000), at + 4);
    records.writeInt32LE(Math.round(z! * 1000), at + 8);
    records.writeUInt16LE(intensity!, at + 12);
    records.writeUInt16LE(r!, at + 30);
    records.writeUInt16LE(g!, at + 32);
    records.writeUInt16LE(b!, at + 34);
  });
  return Buffer.concat([header, records]);
}

function gridPoints(count: number): number[][] {
  return Array.from({ length: count }, (_, index) => [
    1000 + (index % 37) * 0.5,
    2000 + Math.floor(index / 37) * 0.25,
    (index % 11) * 0.3,
    100 + (index % 50),
    (index * 7) % 65536,
    30000,
    65535,
  ]);
}

describe('convertPointCloud', () => {
  it('converts a LAS 1.2 with colours, keeping its scale and offset, and draws a preview', async () => {
    const manifest = await convert('cloud.las', las12(gridPoints(3000), 2));
    await expectValidOctree(manifest, 3000);
    expect(manifest.sourceFormat).toBe('las');
    expect(manifest.attributes).toEqual({ rgb: true, intensity: true });
    expect(manifest.scale).toEqual([0.01, 0.01, 0.01]);
    expect(manifest.offset).toEqual([1000, 2000, 0]);
    expect(manifest.intensityRange).toEqual([100, 149]);
    expect(manifest.bounds.min[0]).toBeCloseTo(1000, 6);
    expect(manifest.bounds.max[0]).toBeCloseTo(1018, 6);
  });

  it('converts the synthetic terrain across several chunks and levels above them', async () => {
    const file = path.join(folder, 'terrain.las');
    await writeSyntheticPointCloud(file, { points: 30_000, seed: 3 });
    const progress: number[] = [];
    const manifest = await convertPointCloud({ path: file, fileName: 'terrain.las' }, outDir, {
      temporaryDirectory,
      tuning: { chunkPoints: 4000, leafPoints: 1500 },
      onProgress: (done, total) => {
        expect(total).toBe(30_000);
        progress.push(done);
      },
    });
    await expectValidOctree(manifest, 30_000);
    expect(manifest.nodes.length).toBeGreaterThan(20);
    expect(Math.max(...manifest.nodes.map((node) => node.name.length))).toBeGreaterThan(3);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(30_000);
  });

  it('keeps the levels above many small chunks within the top budget, the chunks keeping the rest', async () => {
    const file = path.join(folder, 'terrain.las');
    const points = 20_000;
    await writeSyntheticPointCloud(file, { points, seed: 5 });
    const chunkPoints = 150;
    /** The chunks (cubes of at most a chunk's worth whose parent holds more) and the points of the nodes above them. */
    const topOf = (manifest: PointCloudManifest) => {
      const inCube = new Map<string, number>();
      for (const node of manifest.nodes) {
        for (let length = 1; length <= node.name.length; length += 1) {
          const cube = node.name.slice(0, length);
          inCube.set(cube, (inCube.get(cube) ?? 0) + node.points);
        }
      }
      const above = manifest.nodes.filter((node) => inCube.get(node.name)! > chunkPoints);
      const chunks = manifest.nodes.filter(
        (node) => inCube.get(node.name)! <= chunkPoints && inCube.get(node.name.slice(0, -1))! > chunkPoints,
      );
      return { chunks: chunks.length, points: above.reduce((sum, node) => sum + node.points, 0) };
    };
    const topPoints = 1000;
    const withoutBudget = await convertPointCloud({ path: file, fileName: 'terrain.las' }, outDir, {
      temporaryDirectory,
      tuning: { chunkPoints, leafPoints: 60 },
    });
    await expectValidOctree(withoutBudget, points);
    expect(topOf(withoutBudget).points).toBeGreaterThan(topPoints * 2);

    await rm(outDir, { recursive: true });
    await mkdir(outDir);
    const bounded = await convertPointCloud({ path: file, fileName: 'terrain.las' }, outDir, {
      temporaryDirectory,
      tuning: { chunkPoints, leafPoints: 60, topPoints },
    });
    await expectValidOctree(bounded, points);
    const top = topOf(bounded);
    expect(top.chunks).toBeGreaterThan(100);
    expect(top.points).toBeLessThanOrEqual(topPoints);
    expect(top.points).toBeGreaterThan(topPoints / 2);
    expect(bounded.nodes[0]!.points).toBeGreaterThan(0);
  });

  it('writes the same synthetic file for the same seed', async () => {
    await writeSyntheticPointCloud(path.join(folder, 'a.las'), { points: 2000, seed: 7 });
    await writeSyntheticPointCloud(path.join(folder, 'b.las'), { points: 2000, seed: 7 });
    expect((await readFile(path.join(folder, 'a.las'))).equals(await readFile(path.join(folder, 'b.las')))).toBe(true);
  });

  it('reads a LAS 1.4 point format 7 by its 64-bit count and scales 16-bit colours to 8 bits', async () => {
    const manifest = await convert('cloud.las', las14Format7(gridPoints(500)));
    await expectValidOctree(manifest, 500);
    const octree = await readFile(path.join(outDir, 'octree.bin'));
    const root = manifest.nodes[0]!;
    const own = new Uint8Array(root.byteSize);
    own.set(octree.subarray(root.offset, root.offset + root.byteSize));
    const { colors } = decodePointCloudNode(own.buffer, root.points, manifest.attributes);
    expect([colors![1], colors![2], colors![3]]).toEqual([117, 255, 255]);
  });

  it('leaves intensity out of a LAS whose intensities are all zero, and colours by elevation', async () => {
    const manifest = await convert(
      'plain.las',
      las12(
        gridPoints(200).map(([x, y, z]) => [x!, y!, z!, 0]),
        0,
      ),
    );
    await expectValidOctree(manifest, 200);
    expect(manifest.attributes).toEqual({ rgb: false, intensity: false });
    expect(manifest.intensityRange).toEqual([0, 0]);
  });

  it('reads PLY in ascii, binary little-endian and big-endian', async () => {
    const vertices = gridPoints(300);
    const head = (format: string) =>
      `ply\nformat ${format} 1.0\ncomment made by a test\nelement vertex ${vertices.length}\nproperty float x\nproperty float y\nproperty double z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nproperty ushort intensity\nelement face 0\nproperty list uchar int vertex_indices\nend_header\n`;
    const ascii = head('ascii') + vertices.map(([x, y, z, intensity]) => `${x} ${y} ${z} 10 20 30 ${intensity}`).join('\n') + '\n';
    const binary = (little: boolean) => {
      const body = Buffer.alloc(vertices.length * 21);
      vertices.forEach(([x, y, z, intensity], index) => {
        const at = index * 21;
        if (little) {
          body.writeFloatLE(x!, at);
          body.writeFloatLE(y!, at + 4);
          body.writeDoubleLE(z!, at + 8);
          body.writeUInt16LE(intensity!, at + 19);
        } else {
          body.writeFloatBE(x!, at);
          body.writeFloatBE(y!, at + 4);
          body.writeDoubleBE(z!, at + 8);
          body.writeUInt16BE(intensity!, at + 19);
        }
        body.set([10, 20, 30], at + 16);
      });
      return Buffer.concat([Buffer.from(head(little ? 'binary_little_endian' : 'binary_big_endian')), body]);
    };
    for (const [name, contents] of [
      ['ascii.ply', ascii],
      ['little.ply', binary(true)],
      ['big.ply', binary(false)],
    ] as const) {
      const manifest = await convert(name, contents);
      await expectValidOctree(manifest, vertices.length);
      expect(manifest.sourceFormat).toBe('ply');
      expect(manifest.attributes).toEqual({ rgb: true, intensity: true });
      expect(manifest.intensityRange).toEqual([100, 149]);
      expect(manifest.bounds.max[0]).toBeCloseTo(1018, 3);
      await rm(outDir, { recursive: true });
      await mkdir(outDir);
    }
  });

  it('reads XYZ text of 3, 4, 6 and 7 columns, separated by spaces or commas, with comments', async () => {
    const lines = gridPoints(100);
    const layouts: [string, (point: number[]) => number[], { rgb: boolean; intensity: boolean }][] = [
      ['3.xyz', ([x, y, z]) => [x!, y!, z!], { rgb: false, intensity: false }],
      ['4.txt', ([x, y, z, i]) => [x!, y!, z!, i!], { rgb: false, intensity: true }],
      ['6.csv', ([x, y, z]) => [x!, y!, z!, 200, 100, 50], { rgb: true, intensity: false }],
      ['7.pts', ([x, y, z, i]) => [x!, y!, z!, i!, 200, 100, 50], { rgb: true, intensity: true }],
    ];
    for (const [name, fields, attributes] of layouts) {
      const separator = name.endsWith('.csv') ? ',' : ' ';
      const text = `# exported by a scanner\n\n${lines.map((point) => fields(point).join(separator)).join('\r\n')}\n`;
      const manifest = await convert(name, text);
      await expectValidOctree(manifest, 100);
      expect(manifest.sourceFormat).toBe('xyz');
      expect(manifest.attributes).toEqual(attributes);
      await rm(outDir, { recursive: true });
      await mkdir(outDir);
    }
  });

  it('tells formats by content, not by name', async () => {
    const manifest = await convert('scan.ply', las12(gridPoints(50), 2));
    expect(manifest.sourceFormat).toBe('las');
  });

  it('refuses bytes that are no point cloud, whatever their name', async () => {
    await expectRefusal(convert('cloud.las', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 0, 0, 0, 0])), 'unsupportedFormat');
    await expectRefusal(convert('notes.txt', 'hello world\nthis is no cloud\n'), 'unsupportedFormat');
  });

  it('refuses a LAS whose header claims more points than the file holds, or fewer', async () => {
    const honest = las12(gridPoints(100), 2);
    const more = Buffer.from(honest);
    more.writeUInt32LE(150, 107);
    await expectRefusal(convert('more.las', more), 'damagedFile');
    const fewer = Buffer.from(honest);
    fewer.writeUInt32LE(50, 107);
    await expectRefusal(convert('fewer.las', fewer), 'damagedFile');
    await expectRefusal(convert('cut.las', honest.subarray(0, 100)), 'damagedFile');
  });

  it('refuses truncated PLY files', async () => {
    const head =
      'ply\nformat binary_little_endian 1.0\nelement vertex 100\nproperty float x\nproperty float y\nproperty float z\nend_header\n';
    await expectRefusal(convert('cut.ply', Buffer.concat([Buffer.from(head), Buffer.alloc(12 * 60)])), 'damagedFile');
    const asciiHead = 'ply\nformat ascii 1.0\nelement vertex 10\nproperty float x\nproperty float y\nproperty float z\nend_header\n';
    await expectRefusal(convert('cut-ascii.ply', `${asciiHead}1 2 3\n4 5 6\n`), 'damagedFile');
    await expectRefusal(convert('no-end.ply', 'ply\nformat ascii 1.0\nelement vertex 10\n'), 'damagedFile');
  });

  it('refuses an XYZ line that breaks the layout', async () => {
    await expectRefusal(convert('bad.xyz', '1 2 3\n4 5 6\n7 8\n'), 'damagedFile');
  });

  it('refuses an empty file, a text of comments and a PLY of no vertex as nothing to show', async () => {
    await expectRefusal(convert('empty.las', Buffer.alloc(0)), 'nothingToShow');
    await expectRefusal(convert('comments.xyz', '# nothing yet\n'), 'nothingToShow');
    await expectRefusal(
      convert('none.ply', 'ply\nformat ascii 1.0\nelement vertex 0\nproperty float x\nproperty float y\nproperty float z\nend_header\n'),
      'nothingToShow',
    );
    await expectRefusal(convert('none.las', las12([], 0)), 'nothingToShow');
  });

  it('refuses a LAZ whose compressed points are garbage as damaged', async () => {
    // A LAS with the compression bit set but plain records: no LASzip VLR, nothing to decompress (a real LAZ: laz.test.ts).
    const laz = las12(gridPoints(100), 2);
    laz.writeUInt8(2 | 0x80, 104);
    await expectRefusal(convert('broken.laz', laz), 'damagedFile');
  });

  it('stops on abort while chunks are built on worker threads and leaves nothing behind', async () => {
    const file = path.join(folder, 'terrain.las');
    await writeSyntheticPointCloud(file, { points: 30_000, seed: 3 });
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const conversion = convertPointCloud({ path: file, fileName: 'terrain.las' }, outDir, {
      temporaryDirectory,
      signal: controller.signal,
      tuning: { chunkPoints: 4000, leafPoints: 1500 },
      // The build pass starts at 60% of the progress; the first chunk done takes it past that.
      onProgress: (done, total) => {
        if (done > total * 0.6) controller.abort(reason);
      },
    });
    await expect(conversion).rejects.toBe(reason);
    expect(await readdir(outDir)).toEqual([]);
    expect(await readdir(temporaryDirectory)).toEqual([]);
  });

  it('stops on abort with the signal reason and leaves nothing behind', async () => {
    const file = path.join(folder, 'terrain.las');
    await writeSyntheticPointCloud(file, { points: 200_000 });
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const conversion = convertPointCloud({ path: file, fileName: 'terrain.las' }, outDir, {
      temporaryDirectory,
      signal: controller.signal,
      onProgress: (done) => {
        if (done > 50_000) controller.abort(reason);
      },
    });
    await expect(conversion).rejects.toBe(reason);
    expect(await readdir(outDir)).toEqual([]);
    expect(await readdir(temporaryDirectory)).toEqual([]);
  });
});
