import { BYTES_PER_GB } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { budgetPercent, formatGb } from './traffic-units';

describe('traffic units', () => {
  // Decimal GB with fewer decimals as the figure grows; below 0.01 GB, the unit that fits.
  it.each([
    [0, '0 GB'],
    [250_000_000, '0.25 GB'],
    [12.54 * BYTES_PER_GB, '12.5 GB'],
    [1234.4 * BYTES_PER_GB, '1,234 GB'],
    [9_500_000, '10 MB'],
    [210_400, '210 KB'],
    [512, '512 B'],
  ])('shows %d bytes as %s', (bytes, text) => {
    expect(formatGb(bytes)).toBe(text);
  });

  it('measures a month against the budget, capped at 100', () => {
    expect(budgetPercent(BYTES_PER_GB, 4)).toBe(25);
    expect(budgetPercent(5 * BYTES_PER_GB, 4)).toBe(100);
    expect(budgetPercent(0, 200)).toBe(0);
  });
});
