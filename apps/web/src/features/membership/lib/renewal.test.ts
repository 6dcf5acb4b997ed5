import type { MembershipItem, MembershipRenewalOptions } from '@spatia/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { membershipPhase, renewalMethod, renewalQuote, renewedEndsAt } from './renewal';

const NOW = Date.UTC(2030, 0, 15, 12);
const DAY = 24 * 60 * 60 * 1000;

const options = (extra: Partial<MembershipRenewalOptions> = {}): MembershipRenewalOptions => ({
  versionId: 1,
  versionName: 'Professional',
  monthlyPriceFen: 9900,
  months: [1, 3, 6, 12],
  providers: ['sandbox'],
  balanceFen: 30_000,
  debtFen: 0,
  ...extra,
});

const membership = (extra: Partial<MembershipItem> = {}): MembershipItem => ({
  id: 1,
  versionId: 1,
  versionName: 'Professional',
  kind: 'trial',
  status: 'active',
  startsAt: NOW - 20 * DAY,
  endsAt: NOW + 10 * DAY,
  graceEndsAt: NOW + 17 * DAY,
  autoRenew: false,
  ...extra,
});

describe('membershipPhase', () => {
  it('runs until its end, keeps its features in the grace period, then has lapsed', () => {
    expect(membershipPhase(membership(), NOW)).toBe('active');
    expect(membershipPhase(membership({ endsAt: NOW - DAY, graceEndsAt: NOW + 6 * DAY }), NOW)).toBe('grace');
    // Past its grace before the expiry job ran: lapsed all the same.
    expect(membershipPhase(membership({ endsAt: NOW - 8 * DAY, graceEndsAt: NOW - DAY }), NOW)).toBe('ended');
    expect(membershipPhase(membership({ status: 'expired', endsAt: NOW - 8 * DAY }), NOW)).toBe('ended');
    expect(membershipPhase(membership({ status: 'revoked' }), NOW)).toBe('revoked');
  });
});

describe('renewalQuote', () => {
  it('totals the monthly price times the months', () => {
    expect(renewalQuote(options(), 1).totalFen).toBe(9900);
    expect(renewalQuote(options(), 3).totalFen).toBe(29_700);
    expect(renewalQuote(options(), 12).totalFen).toBe(118_800);
  });

  it('offers the balance when it covers the total, and says how much it lacks when it does not', () => {
    const three = renewalQuote(options({ balanceFen: 29_700 }), 3);
    expect(three.methods[0]).toEqual({ method: 'balance', disabled: false, shortFen: 0 });
    const six = renewalQuote(options({ balanceFen: 29_700 }), 6);
    expect(six.methods[0]).toEqual({ method: 'balance', disabled: true, shortFen: 29_700 });
    // The QR providers pay whatever the balance holds.
    expect(six.methods[1]).toEqual({ method: 'sandbox', disabled: false, shortFen: 0 });
  });

  it('lists the balance first, then the providers in the server’s order', () => {
    const quote = renewalQuote(options({ providers: ['wechat', 'alipay'] }), 1);
    expect(quote.methods.map((choice) => choice.method)).toEqual(['balance', 'wechat', 'alipay']);
  });

  it('refuses every method while a refund leaves a debt', () => {
    const quote = renewalQuote(options({ debtFen: 1200, balanceFen: 0 }), 1);
    expect(quote.blocked).toBe('debt');
    expect(quote.methods.every((choice) => choice.disabled)).toBe(true);
    expect(renewalMethod(quote, 'sandbox')).toBeNull();
  });
});

describe('renewalMethod', () => {
  it('keeps the method chosen while it can pay, else the balance when it can, else the first provider', () => {
    expect(renewalMethod(renewalQuote(options(), 1), null)).toBe('balance');
    expect(renewalMethod(renewalQuote(options(), 1), 'sandbox')).toBe('sandbox');
    // The balance chosen, then more months than it covers: the QR code instead.
    expect(renewalMethod(renewalQuote(options(), 6), 'balance')).toBe('sandbox');
  });

  it('has nothing to offer when the balance is short and the site takes no QR payments', () => {
    expect(renewalMethod(renewalQuote(options({ providers: [], balanceFen: 100 }), 1), null)).toBeNull();
  });
});

describe('renewedEndsAt', () => {
  it('goes on from the end of a running membership, in its grace period too', () => {
    const running = membership();
    expect(renewedEndsAt(running, 3, NOW)).toBe(dayjs(running.endsAt).add(3, 'month').valueOf());
    const inGrace = membership({ endsAt: NOW - DAY, graceEndsAt: NOW + 6 * DAY });
    expect(renewedEndsAt(inGrace, 1, NOW)).toBe(dayjs(inGrace.endsAt).add(1, 'month').valueOf());
  });

  it('starts again now for a lapsed membership', () => {
    expect(renewedEndsAt(membership({ status: 'expired', endsAt: NOW - 30 * DAY }), 1, NOW)).toBe(dayjs(NOW).add(1, 'month').valueOf());
    expect(renewedEndsAt(null, 12, NOW)).toBe(dayjs(NOW).add(12, 'month').valueOf());
  });
});
