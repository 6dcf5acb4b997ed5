import { describe, expect, it } from 'vitest';
import type { ServiceOrderDetail } from '@spatia/contract';
import { payableParts } from '../components/pay-panel';
import { timelineOf } from './timeline';

function order(overrides: Partial<ServiceOrderDetail>): ServiceOrderDetail {
  return {
    id: 1,
    orderNo: 'S1',
    requirementType: 'panoramaTour',
    title: 'Flat',
    provinceCode: '11',
    city: 'Beijing',
    pricing: 'sites',
    siteCount: 3,
    areaM2: null,
    listPriceFen: 30_000,
    discountFen: 0,
    priceFen: 30_000,
    depositFen: 9_000,
    paidFen: 0,
    refundedFen: 0,
    status: 'placed',
    appointmentAt: 10,
    createdAt: 1,
    customer: { uid: 'c', name: 'C', avatarUrl: '' },
    provider: null,
    phone: '13800000000',
    address: 'Road',
    latitude: null,
    longitude: null,
    remark: '',
    couponCode: null,
    payable: null,
    actions: [],
    cancelReason: '',
    paidAt: null,
    acceptedAt: null,
    shotAt: null,
    deliveredAt: null,
    completedAt: null,
    cancelledAt: null,
    deliveryNote: '',
    deliveredWorks: [],
    providerIncomeFen: null,
    ...overrides,
  };
}

describe('an order`s timeline', () => {
  it('marks the steps reached done, with their times, the next current and the rest ahead', () => {
    const entries = timelineOf(order({ status: 'accepted', paidAt: 2, acceptedAt: 3 }));
    expect(entries.map((entry) => [entry.step, entry.state, entry.at])).toEqual([
      ['placed', 'done', 1],
      ['paid', 'done', 2],
      ['accepted', 'done', 3],
      ['shot', 'current', null],
      ['delivered', 'ahead', null],
      ['completed', 'ahead', null],
    ]);
  });

  it('ends a cancelled order after its last step, refunded when money went back', () => {
    const entries = timelineOf(order({ status: 'cancelled', paidAt: 2, cancelledAt: 5, refundedFen: 9_000 }));
    expect(entries.map((entry) => entry.step)).toEqual(['placed', 'paid', 'cancelled', 'refunded']);
    expect(timelineOf(order({ status: 'cancelled', cancelledAt: 5 })).map((entry) => entry.step)).toEqual(['placed', 'cancelled']);
  });
});

describe('what can be paid', () => {
  it('offers the deposit or the whole of a placed order, the rest later, nothing without the pay action', () => {
    expect(payableParts(order({ actions: ['pay', 'cancel'] }))).toEqual([
      { part: 'deposit', amountFen: 9_000 },
      { part: 'whole', amountFen: 30_000 },
    ]);
    expect(payableParts(order({ actions: ['pay'], depositFen: 30_000 }))).toEqual([{ part: 'whole', amountFen: 30_000 }]);
    expect(payableParts(order({ status: 'delivered', actions: ['pay', 'confirm'], payable: { part: 'rest', amountFen: 21_000 } }))).toEqual(
      [{ part: 'rest', amountFen: 21_000 }],
    );
    expect(payableParts(order({ actions: [] }))).toEqual([]);
  });
});
