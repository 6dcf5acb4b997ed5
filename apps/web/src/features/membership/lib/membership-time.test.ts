import { describe, expect, it } from 'vitest';
import { daysLeft, percentLeft } from './membership-time';

const DAY = 24 * 60 * 60 * 1000;

describe('membership time', () => {
  it('counts a started day as a day, and nothing after the end', () => {
    expect(daysLeft(10 * DAY, 0)).toBe(10);
    expect(daysLeft(10 * DAY, 9.5 * DAY)).toBe(1);
    expect(daysLeft(10 * DAY, 11 * DAY)).toBe(0);
  });

  it('gives the part of the period still ahead', () => {
    expect(percentLeft(0, 30 * DAY, 0)).toBe(100);
    expect(percentLeft(0, 30 * DAY, 15 * DAY)).toBe(50);
    expect(percentLeft(0, 30 * DAY, 31 * DAY)).toBe(0);
    expect(percentLeft(5, 5, 0)).toBe(0);
  });
});
