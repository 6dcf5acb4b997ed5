import { describe, expect, it } from 'vitest';
import china from 'echarts/map/json/china.json';
import {
  containsPoint,
  projection,
  provinceAt,
  ringsToPath,
  unpackChinaGeo,
  unpackRing,
  viewBoxOf,
  type PackedChinaGeo,
} from './china-geo';

const provinces = unpackChinaGeo(china as unknown as PackedChinaGeo);

describe('china-geo', () => {
  it('unpacks a ring of zig-zag steps from its offset', () => {
    // '@@' is a zero step: the first point is the offset itself; 'B' (66) is +1, 'A' (65) is -1.
    expect(unpackRing('@@BA', [1024, 2048], 1024)).toEqual([
      [1, 2],
      [1 + 1 / 1024, 2 - 1 / 1024],
    ]);
  });

  it('unpacks the 34 provincial divisions with their codes and plausible bounds', () => {
    expect(provinces).toHaveLength(34);
    const beijing = provinces.find((province) => province.code === '110000')!;
    expect(beijing.name).toBe('北京');
    const [west, south, east, north] = beijing.bounds;
    expect(west).toBeGreaterThan(115);
    expect(east).toBeLessThan(118);
    expect(south).toBeGreaterThan(39);
    expect(north).toBeLessThan(41.5);
  });

  it('finds the province of a point, and none at sea', () => {
    expect(provinceAt(provinces, 116.4, 39.9)?.code).toBe('110000');
    expect(provinceAt(provinces, 121.47, 31.23)?.code).toBe('310000');
    expect(provinceAt(provinces, 113.28, 23.13)?.code).toBe('440000');
    expect(provinceAt(provinces, 87.6, 43.8)?.code).toBe('650000');
    expect(provinceAt(provinces, 125, 30)).toBeNull();
  });

  it('counts a hole as outside', () => {
    const square = (size: number) =>
      [
        [-size, -size],
        [size, -size],
        [size, size],
        [-size, size],
      ] as const;
    expect(containsPoint([square(2)], 0, 0)).toBe(true);
    expect(containsPoint([square(2), square(1)], 0, 0)).toBe(false);
    expect(containsPoint([square(2), square(1)], 1.5, 0)).toBe(true);
  });

  it('projects both ways and writes paths and view boxes', () => {
    const { toXY, toLngLat } = projection(35);
    const [x, y] = toXY(116.4, 39.9);
    const [lng, lat] = toLngLat(x, y);
    expect(lng).toBeCloseTo(116.4, 9);
    expect(lat).toBeCloseTo(39.9, 9);
    expect(
      ringsToPath(
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
          ],
        ],
        (a, b) => [a, -b],
      ),
    ).toBe('M0,0L1,0L1,-1Z');
    expect(viewBoxOf([0, 0, 10, 5], (a, b) => [a, -b], 1)).toBe('-1 -6 12 7');
  });
});
