import { describe, expect, it } from 'vitest';
import { couponDiscountOf, depositOf, estimateServiceOrder, PROVINCES, provinceName, type ServicePriceRule } from './service-orders.js';

const rule: ServicePriceRule = {
  requirementType: 'panoramaTour',
  pricePerSiteFen: 2_000,
  pricePerM2Fen: 50,
  minimumFen: 5_000,
  depositBps: 3_000,
  enabled: true,
};

describe('the estimate', () => {
  it('prices by sites or by area, never below the minimum', () => {
    expect(estimateServiceOrder(rule, { pricing: 'sites', siteCount: 5 })).toEqual({
      listPriceFen: 10_000,
      discountFen: 0,
      priceFen: 10_000,
      depositFen: 3_000,
    });
    expect(estimateServiceOrder(rule, { pricing: 'area', areaM2: 20 })?.listPriceFen).toBe(5_000);
    expect(estimateServiceOrder(rule, { pricing: 'area', areaM2: 300 })?.listPriceFen).toBe(15_000);
  });

  it('answers null for a missing, fractional or out-of-range quantity', () => {
    expect(estimateServiceOrder(rule, { pricing: 'sites' })).toBeNull();
    expect(estimateServiceOrder(rule, { pricing: 'sites', siteCount: 0 })).toBeNull();
    expect(estimateServiceOrder(rule, { pricing: 'area', areaM2: 2.5 })).toBeNull();
    expect(estimateServiceOrder(rule, { pricing: 'area', siteCount: 3 })).toBeNull();
  });

  it('applies a coupon from its minimum spend, never below 1 fen, and rounds the deposit up', () => {
    const amount = { kind: 'amount', amountOffFen: 2_000, percentOff: 0, minSpendFen: 5_000 } as const;
    expect(estimateServiceOrder(rule, { pricing: 'sites', siteCount: 5 }, amount)).toEqual({
      listPriceFen: 10_000,
      discountFen: 2_000,
      priceFen: 8_000,
      depositFen: 2_400,
    });
    expect(couponDiscountOf(amount, 4_999)).toBe(0);
    expect(couponDiscountOf({ ...amount, amountOffFen: 50_000 }, 10_000)).toBe(9_999);
    expect(couponDiscountOf({ kind: 'percent', amountOffFen: 0, percentOff: 15, minSpendFen: 0 }, 9_999)).toBe(1_499);
    expect(depositOf(1, 3_000)).toBe(1);
    expect(depositOf(1_001, 3_000)).toBe(301);
    expect(depositOf(1_000, 10_000)).toBe(1_000);
  });
});

describe('provinces', () => {
  it('lists the 34 province-level divisions by their two-digit code', () => {
    expect(PROVINCES).toHaveLength(34);
    expect(new Set(PROVINCES.map((province) => province.code)).size).toBe(34);
    expect(PROVINCES.every((province) => /^\d{2}$/.test(province.code))).toBe(true);
    expect(provinceName('31', 'zh')).toBe('上海市');
    expect(provinceName('31', 'en')).toBe('Shanghai');
  });
});
