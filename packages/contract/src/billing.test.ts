import { describe, expect, it } from 'vitest';
import { leasePriceFen, planSavings } from './billing.js';

const plans = [
  { months: 1, feeFen: 3000 },
  { months: 3, feeFen: 8500 },
  { months: 12, feeFen: 36000 },
];

describe('planSavings', () => {
  it('gives the price a month and the saving against the one-month plan, rounded down', () => {
    expect(planSavings(plans[0]!, plans)).toEqual({ perMonthFen: 3000, savingPercent: 0 });
    expect(planSavings(plans[1]!, plans)).toEqual({ perMonthFen: 2833, savingPercent: 5 });
  });

  it('never shows a negative saving, nor one without a one-month plan to compare with', () => {
    expect(planSavings(plans[2]!, plans).savingPercent).toBe(0);
    expect(planSavings({ months: 3, feeFen: 8500 }, [{ months: 3, feeFen: 8500 }]).savingPercent).toBe(0);
  });
});

describe('leasePriceFen', () => {
  it('prices the months of a plan at its fee, and other months at the monthly price', () => {
    expect(leasePriceFen(3, plans, 3000)).toBe(8500);
    expect(leasePriceFen(2, plans, 3000)).toBe(6000);
    expect(leasePriceFen(1, [], 2500)).toBe(2500);
  });
});
