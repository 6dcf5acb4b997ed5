/**
 * Orders and income (docs/orders.md): the console's `/order/...` pages list what a person bought
 * (consume) and sold (income), one page per kind of order; `/recode/income` sums what they earned.
 * Money is integer fen; days are business days (the server's time zone, Beijing by default) written `YYYY-MM-DD`.
 */
import type { Page } from './api.js';
import type { PaymentProvider } from './payments.js';
import type { ServiceRequirementType } from './service-orders.js';
import { defineErrors } from './errors.js';
import orderErrors from './orders.errors.json' with { type: 'json' };

export const ORDER_DIRECTIONS = ['consume', 'income'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];

/**
 * orientation: targeted sales of works; market: the work market; flow: traffic recharges; serviceProvider:
 * service orders; membership: months of the membership paid for (not a spec route: the issue asked for them).
 */
export const ORDER_TYPES = ['orientation', 'market', 'flow', 'serviceProvider', 'membership'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Spec 2.4: which kinds of order each side lists, in the sidebar's order. */
export const ORDER_TYPES_OF: Record<OrderDirection, readonly OrderType[]> = {
  consume: ['orientation', 'market', 'flow', 'serviceProvider', 'membership'],
  income: ['orientation', 'serviceProvider', 'market'],
};

export function isOrderPage(direction: OrderDirection, type: OrderType): boolean {
  return ORDER_TYPES_OF[direction].includes(type);
}

/** Spec 2.4 and 6: the service-provider purchase orders are for merchants only (admin passes). */
export function orderPageNeedsMerchant(direction: OrderDirection, type: OrderType): boolean {
  return direction === 'consume' && type === 'serviceProvider';
}

/**
 * One vocabulary over every source: pending (waiting to be paid or answered), completed (the money
 * moved), closed (ended without money moving). `sourceStatus` keeps the source's own word.
 */
export const ORDER_STATUSES = ['pending', 'completed', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The sources' own statuses: a payment order's (a paid one refunded in part or in full says so,
 * docs/refunds.md; it stays completed: money moved) and a work transfer's.
 */
export const ORDER_SOURCE_STATUSES = [
  'pending',
  'paid',
  'partlyRefunded',
  'refunded',
  'closed',
  'confirmed',
  'rejected',
  'withdrawn',
  'expired',
  // a service order's own (docs/service-orders.md); `paid` above is also one of them
  'placed',
  'accepted',
  'shot',
  'delivered',
  'completed',
  'cancelled',
] as const;
export type OrderSourceStatus = (typeof ORDER_SOURCE_STATUSES)[number];

/** One order as its lists show it. */
export interface OrderRecord {
  /** Unique over all sources: `{type}:{source id}`. */
  id: string;
  orderNo: string;
  type: OrderType;
  /** What was bought: a work (`workName`, `workUid`), months of traffic (`months`) or of a membership, or a shoot (a service order). */
  item:
    | { kind: 'work'; workName: string; workUid: string }
    | { kind: 'flow'; months: number }
    | { kind: 'membership'; months: number; versionName: string }
    | { kind: 'service'; title: string; requirementType: ServiceRequirementType };
  /** The other person of the order; null for a recharge, paid to the platform through `provider`. */
  counterpart: { uid: string; name: string } | null;
  provider: PaymentProvider | null;
  amountFen: number;
  /** What was refunded of it (a recharge refunded by an admin or the provider); 0 for most orders. */
  refundedFen: number;
  status: OrderStatus;
  sourceStatus: OrderSourceStatus;
  createdAt: number;
  /** When the money moved (paid, confirmed); null otherwise. */
  completedAt: number | null;
}

/** `GET /api/c/orders`: a page, and the totals of every order the filters match (not only the page). */
export interface OrderPage extends Page<OrderRecord> {
  /** `count`: orders matching the filters; `amountFen`: the money of the completed ones among them. */
  totals: { count: number; amountFen: number; completedCount: number };
}

/** The export answers at most this many orders; more is refused, asking for a narrower range. */
export const ORDER_EXPORT_MAX_ROWS = 10_000;
/** `GET /api/revenue/stat` spans at most this many days; without dates, the last `INCOME_DEFAULT_DAYS`. */
export const INCOME_MAX_DAYS = 366;
export const INCOME_DEFAULT_DAYS = 30;

/** Where income comes from: targeted sales, market sales, service orders, and team rewards once released (docs/team.md). */
export const INCOME_SOURCES = ['orientation', 'market', 'serviceProvider', 'team'] as const;
export type IncomeSource = (typeof INCOME_SOURCES)[number];

/** `GET /api/revenue/stat`. */
export interface IncomeStat {
  startTime: string;
  endTime: string;
  /** Today, a business day: the web's "last N days" end on it, not on the browser's date. */
  today: string;
  /** Income earned in the range. */
  totalFen: number;
  /** The income balance now: what can be withdrawn. */
  withdrawableFen: number;
  bySource: { source: IncomeSource; amountFen: number; count: number }[];
  /** Every day of the range, oldest first, zeros included. */
  byDay: { day: string; amountFen: number }[];
  records: { list: IncomeRecord[]; total: number; pageNum: number; pageSize: number };
}

export interface IncomeRecord {
  id: number;
  at: number;
  source: IncomeSource;
  amountFen: number;
  /** What was sold (the work's name). */
  description: string;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written `YYYY-MM-DD`, from 1970 to 9998 (2026-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (!match || Number(match[1]) < 1970 || Number(match[1]) > 9998) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** Days from `start` to `end`, both counted (2026-01-01 to 2026-01-01 is 1). */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The export's file name: `orders-consume-flow-2026-11-01_2026-11-30.csv`; `-all` without dates, `start` / `today` for an open end. */
export function orderExportFileName(direction: OrderDirection, type: OrderType, startTime?: string, endTime?: string): string {
  const range = startTime || endTime ? `-${startTime || 'start'}_${endTime || 'today'}` : '-all';
  return `orders-${direction}-${type}${range}.csv`;
}

/** Order lists, exports and income queries (the orders and income modules): 1630–1633. */
export const OrderErrors = defineErrors(orderErrors);
