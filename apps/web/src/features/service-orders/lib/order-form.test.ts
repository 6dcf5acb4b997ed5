import { describe, expect, it } from 'vitest';
import type { ServicePriceRule } from '@spatia/contract';
import {
  appointmentProblem,
  liveEstimate,
  mapCodeOfProvince,
  normalizeCouponCode,
  placeRequestOf,
  provinceOfMapCode,
  saveDraft,
  takeDraft,
} from './order-form';

const rule: ServicePriceRule = {
  requirementType: 'panoramaTour',
  pricePerSiteFen: 5_000,
  pricePerM2Fen: 300,
  minimumFen: 20_000,
  depositBps: 3_000,
  enabled: true,
};

describe('the booking form', () => {
  it('estimates live with the contract`s function: per site or per m², never under the minimum', () => {
    expect(liveEstimate([rule], { requirementType: 'panoramaTour', pricing: 'sites', siteCount: 10 }, null)).toEqual({
      listPriceFen: 50_000,
      discountFen: 0,
      priceFen: 50_000,
      depositFen: 15_000,
    });
    expect(liveEstimate([rule], { requirementType: 'panoramaTour', pricing: 'area', areaM2: 10 }, null)?.priceFen).toBe(20_000);
    expect(
      liveEstimate(
        [rule],
        { requirementType: 'panoramaTour', pricing: 'sites', siteCount: 10 },
        { kind: 'amount', amountOffFen: 5_000, percentOff: 0, minSpendFen: 0 },
      )?.priceFen,
    ).toBe(45_000);
  });

  it('has no estimate without a quantity, a rule or an enabled rule', () => {
    expect(liveEstimate([rule], { requirementType: 'panoramaTour', pricing: 'sites' }, null)).toBeNull();
    expect(liveEstimate([rule], { requirementType: 'model3d', pricing: 'sites', siteCount: 3 }, null)).toBeNull();
    expect(
      liveEstimate([{ ...rule, enabled: false }], { requirementType: 'panoramaTour', pricing: 'sites', siteCount: 3 }, null),
    ).toBeNull();
  });

  it('maps the map`s six-digit province codes to the contract`s two and back', () => {
    expect(provinceOfMapCode('110000')).toBe('11');
    expect(provinceOfMapCode(null)).toBeNull();
    expect(provinceOfMapCode('11')).toBeNull();
    expect(mapCodeOfProvince('44')).toBe('440000');
    expect(mapCodeOfProvince(undefined)).toBeNull();
  });

  it('wants an appointment in the future, within a year', () => {
    const now = Date.UTC(2026, 10, 29);
    expect(appointmentProblem(null, now)).toBe('required');
    expect(appointmentProblem(now - 1, now)).toBe('past');
    expect(appointmentProblem(now + 86_400_000, now)).toBeNull();
    expect(appointmentProblem(now + 366 * 86_400_000, now)).toBe('tooFar');
  });

  it('sends the chosen method`s quantity only, trimmed texts and the coupon upper-cased', () => {
    expect(normalizeCouponCode(' save10 ')).toBe('SAVE10');
    const request = placeRequestOf(
      {
        requirementType: 'panoramaTour',
        pricing: 'sites',
        siteCount: 12,
        areaM2: 300,
        title: ' Flat ',
        phone: '13800000000',
        provinceCode: '11',
        city: ' Beijing ',
        address: ' 1 Road ',
        point: { lat: 39.9, lng: 116.4 },
        couponCode: 'save10',
        appointmentAt: 123,
      },
      59_000,
    );
    expect(request).toMatchObject({ title: 'Flat', city: 'Beijing', address: '1 Road', siteCount: 12, areaM2: null, couponCode: 'SAVE10' });
    expect(request).toMatchObject({ latitude: 39.9, longitude: 116.4, estimateFen: 59_000, appointmentAt: 123 });
    expect(placeRequestOf({ requirementType: 'model3d', pricing: 'area', areaM2: 5 }, undefined)).not.toHaveProperty('couponCode');
  });

  it('keeps the form once across a sign-in', () => {
    saveDraft({ title: 'Flat', siteCount: 3 });
    expect(takeDraft()).toEqual({ title: 'Flat', siteCount: 3 });
    expect(takeDraft()).toBeNull();
  });
});
