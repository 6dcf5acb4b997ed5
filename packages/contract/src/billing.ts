/**
 * Traffic billing, the flow wallet and lease time (docs/billing.md). Money is integer fen; traffic is
 * billed per business day (the server's time zone, Beijing by default) and owner from the files served for their works.
 */
import { defineErrors } from './errors.js';
import billingErrors from './billing.errors.json' with { type: 'json' };
import type { FlowRechargePlan } from './payments.js';

/** Bytes in a billed GB: decimal, as cloud providers bill traffic. Budgets are in the same GB. */
export const BYTES_PER_GB = 1_000_000_000;
/** Requests are priced per this many. */
export const REQUESTS_PER_PRICE_UNIT = 10_000;

/** What an admin sets (the back office's billing page). */
export interface BillingPrices {
  /** Fen per 10,000 requests. */
  requestFenPer10k: number;
  /** Fen per GB served. */
  gbFen: number;
  /** Fen for one month of lease time. */
  leaseMonthFen: number;
  /** Below this balance the owner is told once (until it rises above again). */
  lowBalanceFen: number;
  /** Days works stay served once the balance no longer covers the traffic. */
  graceDays: number;
}

export const BILLING_PRICE_LIMITS = {
  requestFenPer10k: { minimum: 0, maximum: 100_000 },
  gbFen: { minimum: 0, maximum: 100_000 },
  leaseMonthFen: { minimum: 1, maximum: 10_000_000 },
  lowBalanceFen: { minimum: 0, maximum: 100_000_000 },
  graceDays: { minimum: 0, maximum: 30 },
} as const satisfies Record<keyof BillingPrices, { minimum: number; maximum: number }>;

/** The cost of one owner's day: each part rounded to the fen, half up. */
export function trafficCostFen(prices: Pick<BillingPrices, 'requestFenPer10k' | 'gbFen'>, requests: number, bytes: number) {
  const requestCostFen = Math.round((requests * prices.requestFenPer10k) / REQUESTS_PER_PRICE_UNIT);
  const trafficCostFen = Math.round((bytes * prices.gbFen) / BYTES_PER_GB);
  return { requestCostFen, trafficCostFen, costFen: requestCostFen + trafficCostFen };
}

export const WALLET_STAT_DAYS = [30, 90] as const;
export type WalletStatDays = (typeof WALLET_STAT_DAYS)[number];

/** Why a work's viewers see a notice instead of the work. */
export const SERVING_HOLD_REASONS = ['budget', 'balance'] as const;
export type ServingHoldReason = (typeof SERVING_HOLD_REASONS)[number];

export interface WalletDay {
  day: string;
  requests: number;
  bytes: number;
  /** What the day's bill came to; 0 for a day not billed yet (today) or covered by a lease. */
  costFen: number;
  billed: boolean;
}

export interface WalletWork {
  uid: string;
  name: string;
  requests: number;
  bytes: number;
  /** Its share of the period's cost at today's prices (bills are per owner, not per work). */
  costFen: number;
  budgetGb: number;
  /** Bytes served this calendar month (of business days), against the budget. */
  monthBytes: number;
  hold: ServingHoldReason | null;
}

export interface LeaseStatus {
  /** The lease running now, if any. */
  running: boolean;
  /** From the first running or upcoming period to the last one's end: what the wallet calls the lease. */
  startsAt: number | null;
  endsAt: number | null;
  /** Whole days left until endsAt. */
  daysLeft: number;
}

export interface WalletStat {
  balanceFen: number;
  /** The business time zone (IANA name) whose days these are and are billed; Asia/Shanghai unless the operator set another. */
  timeZone: string;
  days: WalletDay[];
  requests: number;
  requestCostFen: number;
  bytes: number;
  trafficCostFen: number;
  /** Billed traffic the balance did not cover. */
  unpaidFen: number;
  /** When works stop being served for an unpaid balance (null when nothing is unpaid). */
  graceEndsAt: number | null;
  lease: LeaseStatus;
  prices: BillingPrices;
  works: WalletWork[];
}

export const LEASE_MONTHS_MAX = 36;

export interface LeasePeriod {
  id: number;
  months: number;
  priceFen: number;
  startsAt: number;
  endsAt: number;
  createdAt: number;
}

export interface LeaseOverview {
  lease: LeaseStatus;
  balanceFen: number;
  leaseMonthFen: number;
  /** The recharge price list, which prices lease time too: see `leasePriceFen`. */
  plans: FlowRechargePlan[];
  periods: LeasePeriod[];
}

/** A plan's price a month, and what it saves against the one-month plan (whole percent; 0 when none). */
export function planSavings(plan: FlowRechargePlan, plans: readonly FlowRechargePlan[]): { perMonthFen: number; savingPercent: number } {
  const perMonthFen = Math.round(plan.feeFen / plan.months);
  const single = plans.find((candidate) => candidate.months === 1);
  if (!single || plan.months === 1) return { perMonthFen, savingPercent: 0 };
  const savingPercent = Math.floor((1 - plan.feeFen / (single.feeFen * plan.months)) * 100);
  return { perMonthFen, savingPercent: Math.max(0, savingPercent) };
}

/**
 * What `months` of lease time cost (docs/billing.md "What a recharge buys"): the recharge price list's fee
 * for that many months where the list has them, so that a recharge of a plan buys exactly the plan's months
 * of lease; any other number of months, the monthly lease price times the months.
 */
export function leasePriceFen(months: number, plans: readonly FlowRechargePlan[], leaseMonthFen: number): number {
  return plans.find((plan) => plan.months === months)?.feeFen ?? leaseMonthFen * months;
}

/** The answer of `POST /client/{id}/purchaseTimeBalance`. */
export interface LeasePurchase {
  period: LeasePeriod;
  lease: LeaseStatus;
  balanceFen: number;
}

/** Traffic billing: a work paused for its traffic (1610, 1611), the recharge price list (1612). */
export const BillingErrors = defineErrors(billingErrors);
