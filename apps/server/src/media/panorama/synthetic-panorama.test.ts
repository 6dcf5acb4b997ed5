import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSyntheticPanorama } from './synthetic-panorama.js';

describe('renderSyntheticPanorama', () => {
  it('draws N at yaw 0 (the middle), E at 90°, S on the seam and W at -90°, sky above and ground below', async () => {
    const width = 2048;
    const height = 1024;
    const jpeg = await renderSyntheticPanorama({ width, height, label: '客厅' });
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([width, height, 3]);
    const pixel = (x: number, y: number) => [...data.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)];
    const near = (actual: number[], expected: number[]) => actual.every((channel, index) => Math.abs(channel - expected[index]!) < 24);
    // The left part of each marker's board, 17° above the horizon (its text is in the middle).
    const boardRow = Math.round(height / 2 - (17 / 180) * height);
    const boardColumn = (yaw: number) => Math.round(((yaw - 8 + 180) / 360) * width);
    expect(near(pixel(boardColumn(0), boardRow), [217, 48, 37])).toBe(true);
    expect(near(pixel(boardColumn(90), boardRow), [249, 171, 0])).toBe(true);
    expect(near(pixel(boardColumn(180), boardRow), [26, 115, 232])).toBe(true);
    expect(near(pixel(boardColumn(-90), boardRow), [24, 128, 56])).toBe(true);
    const [skyRed, , skyBlue] = pixel(300, Math.round(height * 0.3));
    expect(skyBlue).toBeGreaterThan(skyRed! + 60);
    const [groundRed, groundGreen, groundBlue] = pixel(333, Math.round(height * 0.7));
    expect(groundGreen).toBeGreaterThan(groundBlue! + 20);
    expect(groundGreen).toBeGreaterThan(groundRed!);
  });

  it('draws different labels differently', async () => {
    const [living, kitchen] = await Promise.all([
      renderSyntheticPanorama({ width: 512, height: 256, label: 'Living room' }),
      renderSyntheticPanorama({ width: 512, height: 256, label: 'Kitchen 厨房' }),
    ]);
    expect(living.equals(kitchen)).toBe(false);
  });
});
