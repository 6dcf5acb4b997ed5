import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CUBE_FACES,
  PANORAMA_PREVIEW_PATH,
  PANORAMA_THUMB_PATH,
  panoramaBasePath,
  panoramaTilePath,
  type CubeFace,
  type PanoramaManifest,
} from '@spatia/contract';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_FILESYSTEM } from '../../lib/memory-scratch.js';
import { directionOf, faceOfDirection } from './cube-projection.js';
import { PanoramaError } from './panorama-error.js';
import { renderPanoramaScene } from './render-panorama-scene.js';
import { renderSyntheticPanorama } from './synthetic-panorama.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'spatia-render-'));
const scratch = path.join(folder, 'scratch');
const source = path.join(folder, 'living-room.jpg');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

beforeAll(async () => {
  writeFileSync(source, await renderSyntheticPanorama({ width: 4096, height: 2048, label: 'Living room 客厅' }));
});

/** Every file a manifest promises, relative to the scene's folder. */
function manifestPaths(manifest: PanoramaManifest): string[] {
  const paths = [PANORAMA_PREVIEW_PATH, PANORAMA_THUMB_PATH, ...CUBE_FACES.map(panoramaBasePath)];
  manifest.levels.forEach(({ nbTiles }, level) => {
    for (const face of CUBE_FACES) {
      for (let row = 0; row < nbTiles; row += 1)
        for (let column = 0; column < nbTiles; column += 1) paths.push(panoramaTilePath(level, face, column, row));
    }
  });
  return paths.sort();
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Temporary folders of this process left in the given folder or on the memory filesystem. */
function leftovers(temporaryDirectory: string): string[] {
  const inMemory = existsSync(MEMORY_FILESYSTEM)
    ? readdirSync(MEMORY_FILESYSTEM).filter((name) => name.startsWith(`spatia-panorama-${process.pid}-`))
    : [];
  return [...readdirSync(temporaryDirectory), ...inMemory];
}

function newScratch(): string {
  rmSync(scratch, { recursive: true, force: true });
  return mkdtempSync(scratch);
}

describe('renderPanoramaScene', () => {
  it('writes every file of the manifest, and nothing else, reporting growing progress', async () => {
    const outDir = path.join(folder, 'scene');
    const temporaryDirectory = newScratch();
    const fractions: number[] = [];
    const manifest = await renderPanoramaScene(source, outDir, { onProgress: (fraction) => fractions.push(fraction), temporaryDirectory });

    expect(manifest).toEqual({
      sourceWidth: 4096,
      sourceHeight: 2048,
      tileSize: 512,
      levels: [
        { faceSize: 512, nbTiles: 1 },
        { faceSize: 1024, nbTiles: 2 },
      ],
    });
    expect(filesUnder(outDir)).toEqual(manifestPaths(manifest));
    for (const file of manifestPaths(manifest)) {
      const { format, width, height } = await sharp(path.join(outDir, file)).metadata();
      const expected = file === PANORAMA_PREVIEW_PATH ? [2048, 1024] : file === PANORAMA_THUMB_PATH ? [480, 240] : [512, 512];
      expect([file, format, width, height]).toEqual([file, 'jpeg', ...expected]);
    }
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((fraction, index) => fraction > 0 && fraction <= 1 && (index === 0 || fraction > fractions[index - 1]!))).toBe(
      true,
    );
    expect(leftovers(temporaryDirectory)).toEqual([]);
  });

  it('shows the cardinal markers where the viewer looks for them', async () => {
    const outDir = path.join(folder, 'scene');
    const markers: Array<[number, CubeFace, number[]]> = [
      [0, 'front', [217, 48, 37]],
      [90, 'right', [249, 171, 0]],
      [180, 'back', [26, 115, 232]],
      [-90, 'left', [24, 128, 56]],
    ];
    for (const [yaw, face, colour] of markers) {
      // The left part of the marker's board (its text is in the middle), 17° above the horizon.
      const direction = directionOf(((yaw - 8) * Math.PI) / 180, (17 * Math.PI) / 180);
      const { face: seen, u, v } = faceOfDirection(direction);
      expect(seen).toBe(face);
      const { data } = await sharp(path.join(outDir, panoramaBasePath(face)))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const offset = (Math.floor(((v + 1) / 2) * 512) * 512 + Math.floor(((u + 1) / 2) * 512)) * 3;
      const pixel = [...data.subarray(offset, offset + 3)];
      pixel.forEach((channel, index) => expect(Math.abs(channel - colour[index]!)).toBeLessThan(24));
    }
  });

  it('puts each tile where its column and row say, on every face', async () => {
    const outDir = path.join(folder, 'scene');
    const pixelsOf = (image: Sharp) => image.raw().toBuffer();
    const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, index) => sum + Math.abs(value - b[index]!), 0) / a.length;
    for (const face of CUBE_FACES) {
      // A level-1 tile, halved, against each quarter of the base face: the one it is must be the closest.
      const quarters = [];
      for (const [column, row] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const region = { left: column * 256, top: row * 256, width: 256, height: 256 };
        quarters.push({ column, row, pixels: await pixelsOf(sharp(path.join(outDir, panoramaBasePath(face))).extract(region)) });
      }
      for (const { column, row } of quarters) {
        const tile = await pixelsOf(sharp(path.join(outDir, panoramaTilePath(1, face, column, row))).resize(256, 256));
        const nearest = [...quarters].sort((a, b) => difference(a.pixels, tile) - difference(b.pixels, tile))[0]!;
        expect([face, nearest.column, nearest.row]).toEqual([face, column, row]);
      }
    }
  });

  it('stops when aborted, rejecting with the reason and leaving no temporary file', async () => {
    const temporaryDirectory = newScratch();
    const controller = new AbortController();
    const rendering = renderPanoramaScene(source, path.join(folder, 'aborted'), {
      signal: controller.signal,
      temporaryDirectory,
      onProgress: () => controller.abort(),
    });
    await expect(rendering).rejects.toMatchObject({ name: 'AbortError' });
    expect(leftovers(temporaryDirectory)).toEqual([]);

    const already = AbortSignal.abort();
    await expect(renderPanoramaScene(source, path.join(folder, 'aborted'), { signal: already })).rejects.toBe(already.reason);
  });

  it('fails with the error of a progress callback that throws, whenever it throws', async () => {
    for (const failingCall of [1, 2, 5]) {
      const temporaryDirectory = newScratch();
      let calls = 0;
      const problem = new Error(`lease lost at call ${failingCall}`);
      const onProgress = () => {
        calls += 1;
        if (calls === failingCall) throw problem;
      };
      await expect(renderPanoramaScene(source, path.join(folder, 'interrupted'), { onProgress, temporaryDirectory })).rejects.toBe(problem);
      expect(leftovers(temporaryDirectory)).toEqual([]);
    }
  });

  it('fails a truncated source as unreadable, leaving no temporary file', async () => {
    const temporaryDirectory = newScratch();
    const whole = await sharp(source).toBuffer();
    const cut = path.join(folder, 'cut.jpg');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const error = await renderPanoramaScene(cut, path.join(folder, 'cut'), { temporaryDirectory }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PanoramaError);
    expect(error).toMatchObject({ reason: 'unreadableImage', fileName: 'cut.jpg' });
    expect(leftovers(temporaryDirectory)).toEqual([]);
  });
});
