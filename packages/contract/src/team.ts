/**
 * The two-level team and its promotion revenue (docs/team.md): a person's superior is fixed once, when they
 * register with an invite code; the superior's superior is the second level, never a third. When a
 * subordinate really pays (a flow recharge: `flow`; a market purchase or a service order: `project`), the
 * first level earns `firstLevelBasisPoints` and the second level `secondLevelBasisPoints` of what was paid,
 * net of refunds. Each reward is pending for `pendingDays`, then withdrawable income; a refund reverses it.
 * Nothing is paid for a sign-up. Money is integer fen.
 */
import type { Page } from './api.js';
import { defineErrors } from './errors.js';
import teamErrors from './team.errors.json' with { type: 'json' };

export const TeamErrors = defineErrors(teamErrors);

/** `1`: invited by the person; `2`: invited by someone the person invited. There is no third. */
export const TEAM_LEVELS = [1, 2] as const;
export type TeamLevel = (typeof TEAM_LEVELS)[number];

/** What a subordinate paid for: `flow` a flow recharge (`flowTgRevenues`); `project` a market purchase or a service order (`projectTgRevenues`). */
export const TEAM_REVENUE_KINDS = ['flow', 'project'] as const;
export type TeamRevenueKind = (typeof TEAM_REVENUE_KINDS)[number];

/** Where the payment came from. */
export const TEAM_REVENUE_SOURCES = ['flowRecharge', 'market', 'serviceOrder'] as const;
export type TeamRevenueSource = (typeof TEAM_REVENUE_SOURCES)[number];

/**
 * A reward's state: `pending` during the refund window, `withdrawable` once it moved to the income account,
 * `reversed` when refunds took all of it back (a partly refunded payment keeps its reduced reward).
 */
export const TEAM_REWARD_STATUSES = ['pending', 'withdrawable', 'reversed'] as const;
export type TeamRewardStatus = (typeof TEAM_REWARD_STATUSES)[number];

/** The rates and the window, as an admin sets them (`GET`/`PUT /api/admin/team/settings`). */
export interface TeamSettings {
  /** What the first level earns, in basis points of the amount paid (1000 = 10%). */
  firstLevelBasisPoints: number;
  /** What the second level earns, in basis points. */
  secondLevelBasisPoints: number;
  /** How many days a reward stays pending before it can be withdrawn. */
  pendingDays: number;
}

export const TEAM_RATE_BASIS_POINTS_MAX = 3000;
/** The two rates together at most this (30%): China caps what a two-level promotion may pay. */
export const TEAM_RATES_TOTAL_MAX = 3000;
export const TEAM_PENDING_DAYS_MAX = 90;
export const TEAM_DEFAULT_SETTINGS: TeamSettings = { firstLevelBasisPoints: 1000, secondLevelBasisPoints: 500, pendingDays: 7 };

/** A reward on a net amount paid: basis points of it, rounded down to whole fen. */
export function teamReward(netPaidFen: number, basisPoints: number): number {
  return Math.floor((Math.max(netPaidFen, 0) * basisPoints) / 10_000);
}

/** `GET /api/c/team/statOverview`. */
export interface TeamOverview {
  firstLevelCount: number;
  secondLevelCount: number;
  /** Rewards earned (pending or withdrawable, net of reversals) on payments of today, of this month (business calendar) and ever. */
  todayFen: number;
  monthFen: number;
  totalFen: number;
  /** Of the total, what is still pending (in the refund window). */
  pendingFen: number;
  /** Today as a business day (YYYY-MM-DD). */
  today: string;
  /** The caller's own invite code: the invite link is `/login?mode=register&invite={code}` (the registration form, filled in). */
  inviteCode: string;
  settings: TeamSettings;
}

/** One person of a level in `GET /api/c/firstSubordinates` and `GET /api/c/secondSubordinates`. */
export interface TeamSubordinate {
  uid: string;
  name: string;
  avatarUrl: string;
  /** The phone with its middle four digits masked. */
  phone: string;
  inviteCode: string;
  /** When they registered (ms). */
  joinedAt: number;
  /** Who invited them: the caller for the first level, one of the caller's first level for the second. */
  superior: { uid: string; name: string; inviteCode: string };
  /** What they earned the caller so far (rewards net of reversals, pending included). */
  contributionFen: number;
  /** How many people they invited. */
  subordinateCount: number;
}

/** One reward in `GET /api/c/flowTgRevenues` and `GET /api/c/projectTgRevenues`. */
export interface TeamRevenue {
  id: number;
  /** When the payment was made (ms). */
  at: number;
  kind: TeamRevenueKind;
  source: TeamRevenueSource;
  level: TeamLevel;
  /** Who paid. */
  payer: { uid: string; name: string; avatarUrl: string };
  /** The payment's order number. */
  orderNo: string;
  paidFen: number;
  refundedFen: number;
  basisPoints: number;
  /** The reward now (net of refunds). */
  amountFen: number;
  status: TeamRewardStatus;
  /** When it becomes (or became) withdrawable (ms). */
  releaseAt: number;
}

export type TeamRevenuePage = Page<TeamRevenue> & {
  /** The sum of `amountFen` over every reward of the range (not only this page). */
  sumFen: number;
};

export const TEAM_STAT_GRANULARITIES = ['day', 'month'] as const;
export type TeamStatGranularity = (typeof TEAM_STAT_GRANULARITIES)[number];
/** A chart by day spans at most this many days; by month at most `TEAM_STAT_MAX_MONTHS` months. */
export const TEAM_STAT_MAX_DAYS = 366;
export const TEAM_STAT_MAX_MONTHS = 36;
/** Without dates: the last 30 days, or the last 12 months. */
export const TEAM_STAT_DEFAULT_DAYS = 30;
export const TEAM_STAT_DEFAULT_MONTHS = 12;

/**
 * `GET /api/c/team/revenueStat?granularity=day|month&startTime=&endTime=` (the chart; `/revenue/stat` is the
 * income page's): the rewards earned by the day or month the payment was made, every period of the range,
 * zeros included.
 */
export interface TeamRevenueStat {
  granularity: TeamStatGranularity;
  /** First and last day of the range (YYYY-MM-DD). */
  startTime: string;
  endTime: string;
  points: { period: string; flowFen: number; projectFen: number; totalFen: number }[];
}
