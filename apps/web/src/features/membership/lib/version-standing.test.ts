import type { MembershipApplicationItem, MembershipItem, MyMembership } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { applicationBlock, heldMembership, pendingApplication, versionStanding } from './version-standing';

const NOW = 1_000_000_000;
const DAY = 24 * 60 * 60 * 1000;

const membership = (extra: Partial<MembershipItem> = {}): MembershipItem => ({
  id: 1,
  versionId: 1,
  versionName: 'Professional',
  kind: 'trial',
  status: 'active',
  startsAt: NOW - DAY,
  endsAt: NOW + 29 * DAY,
  graceEndsAt: NOW + 36 * DAY,
  autoRenew: false,
  ...extra,
});

const application = (extra: Partial<MembershipApplicationItem> = {}): MembershipApplicationItem => ({
  id: 7,
  versionId: 2,
  versionName: 'Enterprise',
  status: 'pending',
  reason: '',
  companyName: 'ACME',
  name: 'Li',
  phone: '13800000000',
  licenceImages: [],
  createdAt: NOW - 60_000,
  decidedAt: null,
  ...extra,
});

const mine = (extra: Partial<MyMembership> = {}): MyMembership => ({
  current: null,
  applications: [],
  trialUsed: false,
  renewal: null,
  payments: [],
  ...extra,
});

describe('heldMembership', () => {
  it('is the active membership until its end, and nothing after or once ended', () => {
    expect(heldMembership(mine({ current: membership() }), NOW)?.versionId).toBe(1);
    expect(heldMembership(mine({ current: membership({ endsAt: NOW - 1 }) }), NOW)).toBeNull();
    expect(heldMembership(mine({ current: membership({ status: 'expired' }) }), NOW)).toBeNull();
    expect(heldMembership(mine({ current: membership({ status: 'revoked' }) }), NOW)).toBeNull();
    expect(heldMembership(undefined, NOW)).toBeNull();
  });
});

describe('pendingApplication and applicationBlock', () => {
  it('finds the application under review among decided ones', () => {
    const decided = application({ id: 3, status: 'rejected', reason: 'blurred' });
    expect(pendingApplication(mine({ applications: [decided, application()] }))?.id).toBe(7);
    expect(pendingApplication(mine({ applications: [decided] }))).toBeNull();
  });

  it('blocks a second application while one waits, and any after the free trial was used', () => {
    expect(applicationBlock(mine({ applications: [application()] }))).toBe('pending');
    expect(applicationBlock(mine({ trialUsed: true }))).toBe('trialUsed');
    expect(applicationBlock(mine({ applications: [application({ status: 'withdrawn' })] }))).toBeNull();
    expect(applicationBlock(undefined)).toBeNull();
  });
});

describe('versionStanding', () => {
  it('marks the plan held as held, with its end, whatever else is true', () => {
    const held = mine({ current: membership(), trialUsed: true });
    expect(versionStanding(1, held, NOW)).toEqual({ kind: 'held', endsAt: NOW + 29 * DAY });
    expect(versionStanding(2, held, NOW)).toEqual({ kind: 'blocked', reason: 'trialUsed' });
  });

  it('marks the plan applied for as pending, and the others blocked until it is decided', () => {
    const waiting = mine({ applications: [application({ versionId: 1 })] });
    expect(versionStanding(1, waiting, NOW)).toEqual({ kind: 'pending', submittedAt: NOW - 60_000 });
    expect(versionStanding(2, waiting, NOW)).toEqual({ kind: 'blocked', reason: 'pending' });
  });

  it('opens every plan to a person with nothing held, waiting or used, and to one whose plan ended', () => {
    expect(versionStanding(1, mine(), NOW)).toEqual({ kind: 'open' });
    expect(versionStanding(1, mine({ current: membership({ status: 'expired', endsAt: NOW - DAY }) }), NOW)).toEqual({ kind: 'open' });
    expect(versionStanding(1, undefined, NOW)).toEqual({ kind: 'open' });
  });
});
