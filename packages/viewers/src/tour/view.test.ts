import { describe, expect, it } from 'vitest';
import { horizontalFov, toDirection, toPosition, verticalFov, zoomForHorizontalFov } from './view';

describe('view conversions', () => {
  it('turns degrees into radians and back, yaw kept in (-180, 180]', () => {
    expect(toPosition({ yaw: 90, pitch: -45 })).toEqual({ yaw: Math.PI / 2, pitch: -Math.PI / 4 });
    expect(toDirection({ yaw: (270 * Math.PI) / 180, pitch: 0.1 })).toEqual({ yaw: -90, pitch: 5.73 });
    expect(toDirection({ yaw: -Math.PI, pitch: 0 })).toEqual({ yaw: 180, pitch: 0 });
  });

  it('converts horizontal and vertical fields of view', () => {
    expect(verticalFov(90, 1)).toBeCloseTo(90);
    expect(horizontalFov(verticalFov(80, 16 / 9), 16 / 9)).toBeCloseTo(80);
  });

  it('maps a horizontal field of view to the zoom level (vertical 90° → 0, 30° → 100)', () => {
    expect(zoomForHorizontalFov(90, 1)).toBe(0);
    expect(zoomForHorizontalFov(30, 1)).toBe(100);
    expect(zoomForHorizontalFov(60, 1)).toBe(50);
    // A phone held upright cannot show 90° across: the widest zoom it has.
    expect(zoomForHorizontalFov(90, 390 / 844)).toBe(0);
    // Unknown sizes fall back to 16:9 instead of dividing by zero.
    expect(zoomForHorizontalFov(80, 0)).toBe(zoomForHorizontalFov(80, 16 / 9));
  });
});
