import { describe, expect, it } from 'vitest';
import { fillDays, niceCeiling } from './daily-series';

const emptyTraffic = (day: string) => ({ day, requests: 0, bytes: 0 });

describe('fillDays', () => {
  const now = Date.parse('2026-03-10T08:00:00Z');

  it('gives every day up to today, oldest first, zero where nothing was served', () => {
    const filled = fillDays([{ day: '2026-03-09', requests: 4, bytes: 1000 }], 3, emptyTraffic, now);
    expect(filled).toEqual([
      { day: '2026-03-08', requests: 0, bytes: 0 },
      { day: '2026-03-09', requests: 4, bytes: 1000 },
      { day: '2026-03-10', requests: 0, bytes: 0 },
    ]);
  });

  it('leaves out days older than the window', () => {
    expect(fillDays([{ day: '2026-01-01', requests: 9, bytes: 9 }], 30, emptyTraffic, now).every((day) => day.requests === 0)).toBe(true);
  });
});

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
