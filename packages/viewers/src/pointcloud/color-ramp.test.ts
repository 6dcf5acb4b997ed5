import { describe, expect, it } from 'vitest';
import { availableColorModes, ELEVATION_STOPS, rampGlsl, rampPosition, sampleRamp } from './color-ramp';

describe('colour ramps', () => {
  it('places values in their range, clamped', () => {
    expect(rampPosition(15, 10, 20)).toBe(0.5);
    expect(rampPosition(-5, 10, 20)).toBe(0);
    expect(rampPosition(99, 10, 20)).toBe(1);
    expect(rampPosition(3, 3, 3)).toBe(0.5);
  });

  it('interpolates between stops', () => {
    expect(sampleRamp(ELEVATION_STOPS, 0)).toEqual(ELEVATION_STOPS[0]);
    expect(sampleRamp(ELEVATION_STOPS, 1)).toEqual(ELEVATION_STOPS[4]);
    const middle = sampleRamp(
      [
        [0, 0, 0],
        [1, 1, 1],
      ],
      0.25,
    );
    expect(middle).toEqual([0.25, 0.25, 0.25]);
    // Exactly on the second stop of five.
    expect(sampleRamp(ELEVATION_STOPS, 0.25).map((value) => value.toFixed(6))).toEqual(
      ELEVATION_STOPS[1]!.map((value) => value.toFixed(6)),
    );
  });

  it('offers RGB and intensity only when the cloud has them', () => {
    expect(availableColorModes({ rgb: true, intensity: true })).toEqual(['rgb', 'elevation', 'intensity']);
    expect(availableColorModes({ rgb: false, intensity: false })).toEqual(['elevation']);
  });

  it('writes the same ramp in GLSL', () => {
    const glsl = rampGlsl('elevationRamp', ELEVATION_STOPS);
    expect(glsl).toContain('vec3 elevationRamp(float t)');
    expect(glsl.match(/return mix/g)).toHaveLength(4);
  });
});
