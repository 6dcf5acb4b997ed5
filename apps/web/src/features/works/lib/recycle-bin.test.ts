import { describe, expect, it } from 'vitest';
import { daysUntilPurge, purgeTime } from './recycle-bin';

const DAY = 24 * 60 * 60 * 1000;

describe('recycle bin dates', () => {
  it('removes a work for good 30 days after it was deleted', () => {
    expect(purgeTime(1_700_000_000_000)).toBe(1_700_000_000_000 + 30 * DAY);
  });

  it('reads 10-digit seconds like every other server time', () => {
    expect(purgeTime(1_700_000_000)).toBe(1_700_000_000_000 + 30 * DAY);
  });

  it('counts the whole days left, never below zero', () => {
    const deletedAt = 1_700_000_000_000;
    expect(daysUntilPurge(deletedAt, deletedAt)).toBe(30);
    expect(daysUntilPurge(deletedAt, deletedAt + 29.5 * DAY)).toBe(0);
    expect(daysUntilPurge(deletedAt, deletedAt + 40 * DAY)).toBe(0);
  });
});
