import { describe, expect, it } from 'vitest';
import { panoramaLevels } from './panorama-levels.js';

const sizes = (width: number) => panoramaLevels(width).map((level) => [level.faceSize, level.nbTiles]);

describe('panoramaLevels', () => {
  it('makes the largest face about a quarter of the source width, halving down to one tile', () => {
    expect(sizes(16384)).toEqual([
      [512, 1],
      [1024, 2],
      [2048, 4],
      [4096, 8],
    ]);
    expect(sizes(8192)).toEqual([
      [512, 1],
      [1024, 2],
      [2048, 4],
    ]);
    expect(sizes(4096)).toEqual([
      [512, 1],
      [1024, 2],
    ]);
    expect(sizes(2048)).toEqual([[512, 1]]);
  });

  it('rounds to the nearest power-of-two number of tiles, as a ratio', () => {
    // 6000 / 4 = 1500: 2048 is 1.37 times that, 1024 is 1.46 times smaller.
    expect(sizes(6000)).toEqual([
      [512, 1],
      [1024, 2],
      [2048, 4],
    ]);
    // 5000 / 4 = 1250: 1024 is the nearer.
    expect(sizes(5000)).toEqual([
      [512, 1],
      [1024, 2],
    ]);
    expect(sizes(12000)).toEqual([
      [512, 1],
      [1024, 2],
      [2048, 4],
      [4096, 8],
    ]);
  });

  it('keeps one level of one tile for small sources', () => {
    expect(sizes(1000)).toEqual([[512, 1]]);
    expect(sizes(64)).toEqual([[512, 1]]);
  });
});
