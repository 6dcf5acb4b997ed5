import { describe, expect, it } from 'vitest';
import { daysInRange, isCalendarDay, isOrderPage, orderExportFileName, orderPageNeedsMerchant } from './orders.js';

describe('isCalendarDay', () => {
  it('takes real days written YYYY-MM-DD', () => {
    expect(isCalendarDay('2026-11-27')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
  });

  it('refuses days that do not exist, other formats and years out of range', () => {
    for (const text of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-1', '27.11.2026', '', '1969-12-31', '9999-12-31']) {
      expect(isCalendarDay(text), text).toBe(false);
    }
  });
});

describe('daysInRange', () => {
  it('counts both ends', () => {
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2026-01-01', '2026-01-31')).toBe(31);
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
  });
});

describe('order pages', () => {
  it('are the spec’s: four purchase kinds, three income kinds', () => {
    expect(isOrderPage('consume', 'flow')).toBe(true);
    expect(isOrderPage('income', 'flow')).toBe(false);
    expect(isOrderPage('income', 'serviceProvider')).toBe(true);
  });

  it('keep only the service-provider purchases to merchants', () => {
    expect(orderPageNeedsMerchant('consume', 'serviceProvider')).toBe(true);
    expect(orderPageNeedsMerchant('income', 'serviceProvider')).toBe(false);
    expect(orderPageNeedsMerchant('consume', 'flow')).toBe(false);
  });
});

describe('orderExportFileName', () => {
  it('names the kind and the days', () => {
    expect(orderExportFileName('consume', 'flow', '2026-11-01', '2026-11-30')).toBe('orders-consume-flow-2026-11-01_2026-11-30.csv');
    expect(orderExportFileName('income', 'orientation')).toBe('orders-income-orientation-all.csv');
    expect(orderExportFileName('consume', 'market', '2026-11-01')).toBe('orders-consume-market-2026-11-01_today.csv');
    expect(orderExportFileName('consume', 'market', undefined, '2026-11-30')).toBe('orders-consume-market-start_2026-11-30.csv');
  });
});
