import { describe, expect, it } from 'vitest';
import { incomeRangeProblem, orderPageOf, orderTypesFor, readOrderFilters, writeOrderFilters } from './order-filters';

describe('orderPageOf', () => {
  it('reads the direction and type of the seven order pages, and of the membership payments', () => {
    expect(orderPageOf('/order/consume/flow')).toEqual({ direction: 'consume', type: 'flow' });
    expect(orderPageOf('/order/consume/membership')).toEqual({ direction: 'consume', type: 'membership' });
    expect(orderPageOf('/order/income/serviceProvider/')).toEqual({ direction: 'income', type: 'serviceProvider' });
  });

  it('answers null for anything else', () => {
    for (const path of [
      '/order/income/flow',
      '/order/income/membership',
      '/order/consume',
      '/order/sideways/flow',
      '/wallet/index',
      '/order/consume/flow/1',
    ]) {
      expect(orderPageOf(path), path).toBeNull();
    }
  });
});

describe('orderTypesFor', () => {
  it('shows the service-provider purchases to merchants only, and the membership payments to everyone', () => {
    expect(orderTypesFor('consume', false)).toEqual(['orientation', 'market', 'flow', 'membership']);
    expect(orderTypesFor('consume', true)).toEqual(['orientation', 'market', 'flow', 'serviceProvider', 'membership']);
    expect(orderTypesFor('income', false)).toEqual(['orientation', 'serviceProvider', 'market']);
  });
});

describe('order filters in the address', () => {
  it('reads what the server takes', () => {
    const params = new URLSearchParams('status=completed&startTime=2026-11-01&endTime=2026-11-30');
    expect(readOrderFilters(params)).toEqual({ status: 'completed', startTime: '2026-11-01', endTime: '2026-11-30' });
  });

  it('drops what it would refuse', () => {
    expect(readOrderFilters(new URLSearchParams('status=paid&startTime=2026-02-30&endTime=2026-03-01'))).toEqual({});
    expect(readOrderFilters(new URLSearchParams('startTime=2026-11-30&endTime=2026-11-01'))).toEqual({});
    expect(readOrderFilters(new URLSearchParams('startTime=2026-11-30'))).toEqual({});
  });

  it('writes back only what is set, and reads back the same', () => {
    expect(writeOrderFilters({}).toString()).toBe('');
    const filters = { status: 'pending', startTime: '2026-11-01', endTime: '2026-11-02' } as const;
    expect(readOrderFilters(writeOrderFilters(filters))).toEqual(filters);
  });
});

describe('incomeRangeProblem', () => {
  it('takes up to 366 days', () => {
    expect(incomeRangeProblem('2025-01-01', '2026-01-01')).toBeNull();
    expect(incomeRangeProblem('2026-11-27', '2026-11-27')).toBeNull();
  });

  it('names what is wrong otherwise', () => {
    expect(incomeRangeProblem('2025-01-01', '2026-01-02')).toBe('tooLong');
    expect(incomeRangeProblem('2026-11-28', '2026-11-27')).toBe('reversed');
  });
});
