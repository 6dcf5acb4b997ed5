import { describe, expect, it } from 'vitest';
import { checkWithdrawAmount } from './withdraw-amount';

const limits = { minFen: 1_000, maxFen: 20_000_000, withdrawableFen: 12_345 };

describe('the withdraw amount', () => {
  it('takes yuan with at most two decimals, in fen', () => {
    expect(checkWithdrawAmount('10', limits)).toEqual({ ok: true, fen: 1_000 });
    expect(checkWithdrawAmount(' 123.45 ', limits)).toEqual({ ok: true, fen: 12_345 });
    expect(checkWithdrawAmount('99.9', limits)).toEqual({ ok: true, fen: 9_990 });
  });

  it('names what is wrong', () => {
    expect(checkWithdrawAmount('', limits)).toMatchObject({ ok: false, key: 'empty' });
    expect(checkWithdrawAmount('12.345', limits)).toMatchObject({ ok: false, key: 'format' });
    expect(checkWithdrawAmount('-5', limits)).toMatchObject({ ok: false, key: 'format' });
    expect(checkWithdrawAmount('9.99', limits)).toEqual({ ok: false, key: 'belowMinimum', values: { min: 1_000 } });
    expect(checkWithdrawAmount('123.46', limits)).toEqual({ ok: false, key: 'overIncome', values: { available: 12_345 } });
    expect(checkWithdrawAmount('300000', { ...limits, withdrawableFen: 50_000_000 })).toMatchObject({ key: 'aboveMaximum' });
  });
});
