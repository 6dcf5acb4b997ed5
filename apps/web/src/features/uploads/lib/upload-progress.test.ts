import { describe, expect, it } from 'vitest';
import { createSpeedMeter, formatBytes, formatSpeed, percentOf, splitDuration } from './upload-progress';

const MB = 1024 * 1024;

describe('speed meter', () => {
  it('knows nothing from one sample', () => {
    const meter = createSpeedMeter();
    meter.sample(0, 0);
    expect(meter.bytesPerSecond).toBeNull();
    expect(meter.secondsLeft(10 * MB)).toBeNull();
  });

  it('measures a steady rate and the time left', () => {
    const meter = createSpeedMeter();
    for (let second = 0; second <= 10; second += 1) meter.sample(second * 2 * MB, second * 1000);
    expect(meter.bytesPerSecond).toBeCloseTo(2 * MB, 0);
    expect(meter.secondsLeft(40 * MB)).toBeCloseTo(10, 5);
  });

  it('smooths a one-off burst instead of jumping to it', () => {
    const meter = createSpeedMeter();
    for (let second = 0; second <= 10; second += 1) meter.sample(second * MB, second * 1000);
    meter.sample(10 * MB + 10 * MB, 11_000);
    const speed = meter.bytesPerSecond ?? 0;
    expect(speed).toBeGreaterThan(MB);
    expect(speed).toBeLessThan(5 * MB);
  });

  it('merges events that come too close together', () => {
    const meter = createSpeedMeter();
    meter.sample(0, 0);
    meter.sample(MB, 10);
    expect(meter.bytesPerSecond).toBeNull();
    meter.sample(MB, 1000);
    expect(meter.bytesPerSecond).toBeCloseTo(MB, 0);
  });

  it('does not count a pause as a slow transfer', () => {
    const meter = createSpeedMeter();
    for (let second = 0; second <= 5; second += 1) meter.sample(second * MB, second * 1000);
    meter.restart();
    meter.sample(5 * MB, 60_000);
    meter.sample(6 * MB, 61_000);
    expect(meter.bytesPerSecond).toBeCloseTo(MB, 0);
  });

  it('is never negative when a resumed upload starts below the last sample', () => {
    const meter = createSpeedMeter();
    meter.sample(8 * MB, 0);
    meter.sample(4 * MB, 1000);
    expect(meter.bytesPerSecond).toBe(0);
    expect(meter.secondsLeft(10 * MB)).toBeNull();
  });
});

describe('formatting', () => {
  it('writes sizes, speeds, durations and percentages', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * MB)).toBe('20 MB');
    expect(formatBytes(8.46 * MB)).toBe('8.5 MB');
    expect(formatBytes(5 * 1024 * MB)).toBe('5 GB');
    expect(formatBytes(150 * MB)).toBe('150 MB');
    expect(formatSpeed(4.25 * MB)).toBe('4.3 MB/s');
    expect(formatSpeed(42 * MB)).toBe('42 MB/s');
    expect(splitDuration(3725.2)).toEqual({ hours: 1, minutes: 2, seconds: 6 });
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
  });
});
