import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, percentToBasisPoints, refundBlockOf, sellerShareFen } from './market-admin-rules';

describe('market settings and refunds in the back office', () => {
  it('edits the fee as a percentage and stores basis points', () => {
    expect(basisPointsToPercent(1000)).toBe(10);
    expect(basisPointsToPercent(125)).toBe(1.25);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    // 0.29 * 100 is 28.999999999999996 in floating point.
    expect(percentToBasisPoints(0.29)).toBe(29);
  });

  it('shows what the seller earns, the fee rounded down to whole fen', () => {
    expect(sellerShareFen(999, 1000)).toBe(900);
    expect(sellerShareFen(5000, 0)).toBe(5000);
  });

  it('refunds only a completed purchase inside its window', () => {
    expect(refundBlockOf({ status: 'completed', refundableUntil: 2000 }, 1000)).toBeNull();
    expect(refundBlockOf({ status: 'completed', refundableUntil: 2000 }, 2001)).toBe('windowPassed');
    expect(refundBlockOf({ status: 'refunded', refundableUntil: 2000 }, 1000)).toBe('refunded');
  });
});
