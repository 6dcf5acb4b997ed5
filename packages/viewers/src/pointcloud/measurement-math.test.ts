import type { Vec3 } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { formatMeasurement, heightDifference, measurementValue, polygonArea, polylineLength, withoutRepeats } from './measurement-math';

describe('measurement maths', () => {
  it('sums a polyline', () => {
    expect(
      polylineLength([
        [0, 0, 0],
        [3, 4, 0],
        [3, 4, 12],
      ]),
    ).toBe(17);
    expect(polylineLength([[1, 1, 1]])).toBe(0);
  });

  it('gives the shoelace area of a horizontal polygon', () => {
    const square: Vec3[] = [
      [0, 0, 5],
      [4, 0, 5],
      [4, 3, 5],
      [0, 3, 5],
    ];
    expect(polygonArea(square)).toBeCloseTo(12, 12);
    // Clockwise gives the same area; an L shape (concave) too.
    expect(polygonArea([...square].reverse())).toBeCloseTo(12, 12);
    const lShape: Vec3[] = [
      [0, 0, 0],
      [2, 0, 0],
      [2, 1, 0],
      [1, 1, 0],
      [1, 2, 0],
      [0, 2, 0],
    ];
    expect(polygonArea(lShape)).toBeCloseTo(3, 12);
  });

  it('gives the true area of a tilted or vertical polygon', () => {
    // A 2 × 2 square on a 45° roof: its horizontal projection would be 2·√2.
    const s = Math.SQRT1_2 * 2;
    const roof: Vec3[] = [
      [0, 0, 0],
      [2, 0, 0],
      [2, s, s],
      [0, s, s],
    ];
    expect(polygonArea(roof)).toBeCloseTo(4, 12);
    const wall: Vec3[] = [
      [0, 0, 0],
      [5, 0, 0],
      [5, 0, 2],
      [0, 0, 2],
    ];
    expect(polygonArea(wall)).toBeCloseTo(10, 12);
  });

  it('keeps its digits at UTM-sized coordinates', () => {
    const at = (x: number, y: number): Vec3 => [500_000 + x, 4_400_000 + y, 100];
    expect(polygonArea([at(0, 0), at(0.3, 0), at(0.3, 0.2), at(0, 0.2)])).toBeCloseTo(0.06, 9);
  });

  it('measures a height with its helper corner', () => {
    const result = heightDifference([1, 2, 10], [4, 6, 3]);
    expect(result.height).toBe(7);
    expect(result.horizontal).toBe(5);
    expect(result.corner).toEqual([1, 2, 3]);
  });

  it('gives each kind its value and unit', () => {
    expect(
      measurementValue('height', [
        [0, 0, 0],
        [9, 9, 2.5],
      ]),
    ).toBe(2.5);
    expect(formatMeasurement('distance', 12.345)).toBe('12.35 m');
    expect(formatMeasurement('distance', 0.0423)).toBe('0.042 m');
    expect(formatMeasurement('area', 1234.56)).toBe('1234.6 m²');
  });

  it('drops repeated points from a double-click', () => {
    expect(
      withoutRepeats([
        [0, 0, 0],
        [1, 0, 0],
        [1, 0, 0],
        [2, 0, 0],
      ]),
    ).toEqual([
      [0, 0, 0],
      [1, 0, 0],
      [2, 0, 0],
    ]);
  });
});
