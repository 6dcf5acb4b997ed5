import { describe, expect, it } from 'vitest';
import { panoramaLevels } from './panorama-levels.js';

const sizes = (width: number) => panoramaLevels(width).map((level) => [level.faceSize, level.nbTiles]);

/** The pyramid from one tile of 512 up to faces of `largest`, doubling: [[512, 1], [1024, 2], …]. */
function pyramidUpTo(largest: number): number[][] {
  const levels: number[][] = [];
  for (let faceSize = 512; faceSize <= largest; faceSize *= 2) levels.push([faceSize, faceSize / 512]);
  return levels;
}

describe('panoramaLevels', () => {
  it('expects pyramids of tiles of 512, from one tile, doubling (the helper the cases below use)', () => {
    expect(pyramidUpTo(4096)).toEqual([
      [512, 1],
      [1024, 2],
      [2048, 4],
      [4096, 8],
    ]);
  });

  it.each([
    [16384, 4096],
    [8192, 2048],
    [4096, 1024],
    [2048, 512],
  ])('makes the largest face of %i wide about a quarter of it (%i), halving down to one tile', (width, largest) => {
    expect(sizes(width)).toEqual(pyramidUpTo(largest));
  });

  it.each([
    // 6000 / 4 = 1500: 2048 is 1.37 times that, 1024 is 1.46 times smaller.
    [6000, 2048],
    // 5000 / 4 = 1250: 1024 is the nearer.
    [5000, 1024],
    [12000, 4096],
  ])('rounds %i wide to the nearest power-of-two number of tiles, as a ratio (%i)', (width, largest) => {
    expect(sizes(width)).toEqual(pyramidUpTo(largest));
  });

  it.each([1000, 64])('keeps one level of one tile for a source %i wide', (width) => {
    expect(sizes(width)).toEqual([[512, 1]]);
  });
});
