import { BYTES_PER_GB } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { budgetPercent, formatGb } from './traffic-units';

describe('traffic units', () => {
  it('shows bytes as decimal GB with fewer decimals as the figure grows', () => {
    expect(formatGb(0)).toBe('0 GB');
    expect(formatGb(250_000_000)).toBe('0.25 GB');
    expect(formatGb(12.54 * BYTES_PER_GB)).toBe('12.5 GB');
    expect(formatGb(1234.4 * BYTES_PER_GB)).toBe('1,234 GB');
    expect(formatGb(9_500_000)).toBe('10 MB');
    expect(formatGb(210_400)).toBe('210 KB');
    expect(formatGb(512)).toBe('512 B');
  });

  it('measures a month against the budget, capped at 100', () => {
    expect(budgetPercent(BYTES_PER_GB, 4)).toBe(25);
    expect(budgetPercent(5 * BYTES_PER_GB, 4)).toBe(100);
    expect(budgetPercent(0, 200)).toBe(0);
  });
});
