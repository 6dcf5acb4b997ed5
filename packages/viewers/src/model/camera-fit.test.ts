import { describe, expect, it } from 'vitest';
import { fitCameraToBounds } from './camera-fit';

describe('fitCameraToBounds', () => {
  it('centres on the bounds and keeps the bounding sphere inside the narrower field of view', () => {
    const bounds = { min: [-1, 0, -1] as [number, number, number], max: [1, 2, 1] as [number, number, number] };
    const fit = fitCameraToBounds(bounds, 40, 0.5, 1);
    expect(fit.target).toEqual([0, 1, 0]);
    const distance = Math.hypot(fit.position[0] - 0, fit.position[1] - 1, fit.position[2] - 0);
    const radius = Math.sqrt(3);
    // Portrait: the horizontal half-angle is the narrower one.
    const horizontalHalf = Math.atan(Math.tan((20 * Math.PI) / 180) * 0.5);
    expect(distance).toBeCloseTo(radius / Math.sin(horizontalHalf), 9);
    expect(fit.near).toBeLessThan(distance - radius);
    expect(fit.far).toBeGreaterThan(distance + radius);
  });
});
