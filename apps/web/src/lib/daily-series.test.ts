import { describe, expect, it } from 'vitest';
import { niceCeiling } from './daily-series';

describe('niceCeiling', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(17)).toBe(20);
    expect(niceCeiling(4100)).toBe(5000);
    expect(niceCeiling(60_000)).toBe(100_000);
  });
});
