import {
  TEAM_RATES_TOTAL_MAX,
  TEAM_STAT_DEFAULT_DAYS,
  TEAM_STAT_DEFAULT_MONTHS,
  TEAM_STAT_MAX_DAYS,
  TEAM_STAT_MAX_MONTHS,
  daysInRange,
  teamReward,
  type Page,
  type TeamLevel,
  type TeamOverview,
  type TeamRevenueKind,
  type TeamRevenuePage,
  type TeamRevenueSource,
  type TeamRevenueStat,
  type TeamSettings,
  type TeamStatGranularity,
  type TeamSubordinate,
} from '@spatia/contract';
import type { Transaction } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { BusinessCalendar } from '../../lib/business-time.js';
import { addDays, daysFrom, monthOf } from '../../lib/day-range.js';
import type { Logger } from '../../lib/logger.js';
import type { AdminLogService } from '../admin-log/index.js';
import { LedgerAccount, type LedgerService } from '../ledger/index.js';
import type { TeamRepository } from './team.repository.js';

/** Where rewards come from: the platform's promotion expense (a system account, below zero by what was paid out). */
export const TEAM_REWARDS_ACCOUNT = 'system:team:rewards';
/** Rewards in their pending window: here until released to the beneficiary's income, or reversed. */
export const TEAM_PENDING_ACCOUNT = 'system:team:pending';
/** The ledger kinds of the team's movements. */
export const TEAM_KINDS = { reward: 'teamReward', released: 'teamRewardReleased', reversed: 'teamRewardReversed' } as const;
/** Revenue lists: at most this many days; without dates the last 30. */
const REVENUE_MAX_DAYS = 366;
const REVENUE_DEFAULT_DAYS = 30;
const RELEASE_BATCH = 200;
const DAY_MS = 86_400_000;

export interface SubordinatesQuery {
  q?: string;
  superiorCode?: string;
  pageNum: number;
  pageSize: number;
}

export interface RevenuesQuery {
  startTime?: string;
  endTime?: string;
  pageNum: number;
  pageSize: number;
}

export interface RevenueStatQuery {
  granularity?: TeamStatGranularity;
  startTime?: string;
  endTime?: string;
}

/** A real payment another module told of (domain events `recharge.flowPaid`, `market.purchased`, `serviceOrder.paid`). */
export interface PaymentTold {
  reference: string;
  orderNo: string;
  payerUserId: number;
  amountFen: number;
  paidAt: number;
}

/** A refund of such a payment (`recharge.flowRefunded`, `market.purchaseRefunded`, `serviceOrder.refunded`). */
export interface RefundTold {
  orderNo: string;
  refundReference: string;
  amountFen: number;
}

const KIND_OF: Record<TeamRevenueSource, TeamRevenueKind> = { flowRecharge: 'flow', market: 'project', serviceOrder: 'project' };

export interface TeamDeps {
  repository: TeamRepository;
  ledger: LedgerService;
  adminLog: Pick<AdminLogService, 'record'>;
  calendar: BusinessCalendar;
  log: Pick<Logger, 'error' | 'info'>;
  now?: () => number;
}

/** The two-level team and its promotion revenue (docs/team.md). */
export class TeamService {
  private readonly repository: TeamRepository;

  constructor(private readonly deps: TeamDeps) {
    this.repository = deps.repository;
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  // ── Reactions, inside the cause's transaction ──

  /** Someone registered with an invite code: their superior counts one more at level one, the superior's superior at level two. */
  async registered(payload: { userId: number; invitedByUserId: number }, tx: Transaction): Promise<void> {
    const { first } = await this.repository.superiorsOf(payload.invitedByUserId, tx);
    await this.repository.bump(payload.invitedByUserId, { first: 1 }, tx);
    if (first !== null) await this.repository.bump(first, { second: 1 }, tx);
  }

  /**
   * A subordinate paid: a reward for each superior (at most two levels), each booked once in the ledger from
   * the promotion expense to the pending account, under a reference naming the payment.
   */
  async paid(source: TeamRevenueSource, payment: PaymentTold, tx: Transaction): Promise<void> {
    if (!Number.isSafeInteger(payment.amountFen) || payment.amountFen < 1) return;
    const { first, second } = await this.repository.superiorsOf(payment.payerUserId, tx);
    if (first === null) return;
    const paidAt = new Date(payment.paidAt);
    const recorded = await this.repository.insertPayment(
      {
        reference: `${source}:${payment.reference}`,
        source,
        payerUserId: payment.payerUserId,
        orderNo: payment.orderNo,
        paidFen: payment.amountFen,
        paidAt,
      },
      tx,
    );
    if (!recorded) return; // told before: never twice
    const settings = await this.repository.settings(tx);
    const releaseAt = new Date(this.now() + settings.pendingDays * DAY_MS);
    const levels: [TeamLevel, number | null, number][] = [
      [1, first, settings.firstLevelBasisPoints],
      [2, second, settings.secondLevelBasisPoints],
    ];
    await this.openAccounts(tx);
    for (const [level, beneficiary, basisPoints] of levels) {
      if (beneficiary === null) continue;
      const amountFen = teamReward(payment.amountFen, basisPoints);
      if (amountFen === 0) continue;
      await this.repository.insertReward(
        {
          paymentId: recorded.id,
          level,
          beneficiaryUserId: beneficiary,
          payerUserId: payment.payerUserId,
          kind: KIND_OF[source],
          paidAt,
          basisPoints,
          amountFen,
          status: 'pending',
          releaseAt,
        },
        tx,
      );
      await this.deps.ledger.post(
        {
          reference: `team:reward:${source}:${payment.reference}:${level}`,
          kind: TEAM_KINDS.reward,
          memo: payment.orderNo,
          entries: [
            { account: TEAM_REWARDS_ACCOUNT, amount: -amountFen },
            { account: TEAM_PENDING_ACCOUNT, amount: amountFen },
          ],
        },
        tx,
      );
      await this.repository.bump(beneficiary, { rewardFen: amountFen, pendingFen: amountFen }, tx);
      await this.repository.bumpDay(beneficiary, this.deps.calendar.dayOf(paidAt), amountFen, tx);
    }
  }

  /**
   * A payment was refunded (in part): each reward shrinks to the rate of what stays paid. A pending reward
   * goes back from the pending account; a released one from the beneficiary's income, and what the income no
   * longer holds becomes their debt, which the next income settles (docs/refunds.md). Once per refund.
   */
  async refunded(source: TeamRevenueSource, refund: RefundTold, tx: Transaction): Promise<void> {
    if (!Number.isSafeInteger(refund.amountFen) || refund.amountFen < 1) return;
    const payments = await this.repository.lockPayments(source, refund.orderNo, tx);
    if (payments.length === 0) return; // nobody was rewarded for it
    const fresh = await this.repository.insertRefund(
      { reference: `${source}:${refund.refundReference}`, paymentId: payments[0]!.id, amountFen: refund.amountFen },
      tx,
    );
    if (!fresh) return;
    await this.openAccounts(tx);
    let left = refund.amountFen;
    for (const payment of payments) {
      if (left === 0) break;
      const take = Math.min(left, payment.paidFen - payment.refundedFen);
      if (take === 0) continue;
      left -= take;
      const refundedFen = payment.refundedFen + take;
      await this.repository.setRefunded(payment.id, refundedFen, tx);
      for (const reward of await this.repository.lockRewards(payment.id, tx)) {
        const amountFen = teamReward(payment.paidFen - refundedFen, reward.basisPoints);
        const back = reward.amountFen - amountFen;
        if (back <= 0) continue;
        const reference = `team:reverse:${source}:${refund.refundReference}:${payment.id}:${reward.level}`;
        if (reward.status === 'pending') {
          await this.deps.ledger.post(
            {
              reference,
              kind: TEAM_KINDS.reversed,
              memo: payment.orderNo,
              entries: [
                { account: TEAM_PENDING_ACCOUNT, amount: -back },
                { account: TEAM_REWARDS_ACCOUNT, amount: back },
              ],
            },
            tx,
          );
        } else {
          await this.deps.ledger.reverse(
            {
              reference,
              kind: TEAM_KINDS.reversed,
              memo: payment.orderNo,
              userId: reward.beneficiaryUserId,
              from: 'income',
              to: TEAM_REWARDS_ACCOUNT,
              amountFen: back,
            },
            tx,
          );
        }
        await this.repository.updateReward(reward.id, { amountFen, ...(amountFen === 0 ? { status: 'reversed' as const } : {}) }, tx);
        await this.repository.bump(reward.beneficiaryUserId, { rewardFen: -back, pendingFen: reward.status === 'pending' ? -back : 0 }, tx);
        await this.repository.bumpDay(reward.beneficiaryUserId, this.deps.calendar.dayOf(payment.paidAt), -back, tx);
      }
    }
  }

  /** The job: pending rewards whose window passed move to their beneficiary's income (withdrawable). Answers how many. */
  async releaseDue(): Promise<number> {
    let released = 0;
    for (;;) {
      const count = await this.repository.db.transaction(async (tx) => {
        const due = await this.repository.lockDue(new Date(this.now()), RELEASE_BATCH, tx);
        for (const reward of due) {
          if (reward.amountFen > 0) {
            await this.deps.ledger.openUserAccounts(reward.beneficiaryUserId, tx);
            await this.deps.ledger.post(
              {
                reference: `team:release:${reward.id}`,
                kind: TEAM_KINDS.released,
                memo: reward.orderNo,
                entries: [
                  { account: TEAM_PENDING_ACCOUNT, amount: -reward.amountFen },
                  { account: LedgerAccount.income(reward.beneficiaryUserId), amount: reward.amountFen },
                ],
              },
              tx,
            );
            // What a reversed reward left owing is paid first from the income that just came in.
            await this.deps.ledger.settleDebt(reward.beneficiaryUserId, tx, 'income');
          }
          await this.repository.updateReward(reward.id, { status: 'withdrawable', releasedAt: new Date(this.now()) }, tx);
          if (reward.amountFen > 0) await this.repository.bump(reward.beneficiaryUserId, { pendingFen: -reward.amountFen }, tx);
        }
        return due.length;
      });
      released += count;
      if (count < RELEASE_BATCH) break;
    }
    if (released > 0) this.deps.log.info({ released }, 'team rewards released');
    return released;
  }

  private async openAccounts(tx: Transaction): Promise<void> {
    await this.deps.ledger.openSystemAccount(TEAM_REWARDS_ACCOUNT, tx);
    await this.deps.ledger.openSystemAccount(TEAM_PENDING_ACCOUNT, tx);
  }

  // ── The calls ──

  async overview(userId: number): Promise<TeamOverview> {
    const now = this.now();
    const calendar = this.deps.calendar;
    const today = calendar.today(now);
    let read = await this.repository.overview(userId, today, calendar.monthStart(now));
    if (!read.counts) {
      // Someone never counted (older than the team): counted from the tree once.
      await this.repository.countOnce(userId);
      read = await this.repository.overview(userId, today, calendar.monthStart(now));
    }
    return {
      firstLevelCount: read.counts?.firstCount ?? 0,
      secondLevelCount: read.counts?.secondCount ?? 0,
      todayFen: read.todayFen,
      monthFen: read.monthFen,
      totalFen: read.counts?.rewardFen ?? 0,
      pendingFen: read.counts?.pendingFen ?? 0,
      today,
      inviteCode: read.inviteCode,
      settings: read.settings,
    };
  }

  async subordinates(userId: number, level: TeamLevel, query: SubordinatesQuery): Promise<Page<TeamSubordinate>> {
    const page = { list: [] as TeamSubordinate[], total: 0, pageNum: query.pageNum, pageSize: query.pageSize };
    const code = query.superiorCode?.trim();
    let superiorId: number | undefined;
    if (code) {
      if (level === 1) {
        // The first level's superior is the caller: another code names nobody of it.
        if (code !== (await this.repository.inviteCodeOf(userId))) return page;
      } else {
        superiorId = await this.repository.firstLevelIdByCode(userId, code);
        if (superiorId === undefined) throw fail('teamSuperiorNotInTeam', { code });
      }
    }
    const { rows, total } = await this.repository.subordinates(
      userId,
      level,
      { q: query.q, superiorId },
      { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize },
    );
    page.total = total;
    page.list = rows.map((row) => ({
      uid: row.uid,
      name: row.name,
      avatarUrl: row.avatarUrl,
      phone: maskPhone(row.phone),
      inviteCode: row.inviteCode,
      joinedAt: row.joinedAt.getTime(),
      superior: { uid: row.superiorUid, name: row.superiorName, inviteCode: row.superiorInviteCode },
      contributionFen: row.contributionFen,
      subordinateCount: row.subordinateCount,
    }));
    return page;
  }

  async revenues(userId: number, kind: TeamRevenueKind, query: RevenuesQuery): Promise<TeamRevenuePage> {
    const calendar = this.deps.calendar;
    calendar.parseDayRange(query.startTime, query.endTime);
    const end = query.endTime || calendar.today(this.now());
    const start = query.startTime || addDays(end, -(REVENUE_DEFAULT_DAYS - 1));
    const days = daysInRange(start, end);
    if (days > REVENUE_MAX_DAYS) throw fail('dateRangeTooLong', { max: REVENUE_MAX_DAYS, days });
    const { from, to } = calendar.parseDayRange(start, end);
    const { rows, total, sumFen } = await this.repository.revenues(userId, kind, from!, to!, {
      limit: query.pageSize,
      offset: (query.pageNum - 1) * query.pageSize,
    });
    return {
      list: rows.map((row) => ({
        id: row.id,
        at: row.paidAt.getTime(),
        kind: row.kind,
        source: row.source,
        level: row.level,
        payer: { uid: row.payerUid, name: row.payerName, avatarUrl: row.payerAvatarUrl },
        orderNo: row.orderNo,
        paidFen: row.paidFen,
        refundedFen: row.refundedFen,
        basisPoints: row.basisPoints,
        amountFen: row.amountFen,
        status: row.status,
        releaseAt: row.releaseAt.getTime(),
      })),
      total,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      sumFen,
    };
  }

  async revenueStat(userId: number, query: RevenueStatQuery): Promise<TeamRevenueStat> {
    const calendar = this.deps.calendar;
    const granularity = query.granularity ?? 'day';
    calendar.parseDayRange(query.startTime, query.endTime);
    const end = query.endTime || calendar.today(this.now());
    let start = query.startTime;
    if (!start)
      start = granularity === 'day' ? addDays(end, -(TEAM_STAT_DEFAULT_DAYS - 1)) : firstOfMonthsBefore(end, TEAM_STAT_DEFAULT_MONTHS - 1);
    const periods = granularity === 'day' ? daysFrom(start, end) : monthsFrom(start, end);
    const max = granularity === 'day' ? TEAM_STAT_MAX_DAYS : TEAM_STAT_MAX_MONTHS;
    if (periods.length > max) throw fail('teamStatRangeTooLong', { max, count: periods.length });
    const { from, to } = calendar.parseDayRange(start, end);
    const sums = await this.repository.sumsByPeriod(userId, granularity === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM', from!, to!, calendar.zone);
    const points = new Map(periods.map((period) => [period, { period, flowFen: 0, projectFen: 0, totalFen: 0 }]));
    for (const sum of sums) {
      const point = points.get(sum.period);
      if (!point) continue;
      if (sum.kind === 'flow') point.flowFen += sum.amountFen;
      else point.projectFen += sum.amountFen;
      point.totalFen += sum.amountFen;
    }
    return { granularity, startTime: start, endTime: end, points: [...points.values()] };
  }

  async settings(): Promise<TeamSettings> {
    return this.repository.settings();
  }

  /** The rates apply to payments from now on; the window to rewards booked from now on. */
  async updateSettings(admin: { id: number }, settings: TeamSettings): Promise<TeamSettings> {
    if (settings.secondLevelBasisPoints > settings.firstLevelBasisPoints) throw fail('teamSecondRateAboveFirst');
    if (settings.firstLevelBasisPoints + settings.secondLevelBasisPoints > TEAM_RATES_TOTAL_MAX)
      throw fail('teamRatesTooHigh', { max: `${TEAM_RATES_TOTAL_MAX / 100}%` });
    await this.repository.db.transaction(async (tx) => {
      const before = await this.repository.settings(tx);
      await this.repository.saveSettings(settings, admin.id, tx);
      await this.deps.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'team.settings',
        targetType: 'teamSettings',
        targetId: 'team',
        before: { ...before },
        after: { ...settings },
      });
    });
    return this.repository.settings();
  }
}

/** `138****1234`. */
export function maskPhone(phone: string): string {
  return phone.length >= 11 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/** The first day of the month `months` months before the month of `day`. */
function firstOfMonthsBefore(day: string, months: number): string {
  const [year, month] = monthOf(day).split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** Every month (`YYYY-MM`) from the month of `start` to that of `end`. */
export function monthsFrom(start: string, end: string): string[] {
  const [startYear, startMonth] = monthOf(start).split('-').map(Number) as [number, number];
  const [endYear, endMonth] = monthOf(end).split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let index = startYear * 12 + startMonth - 1; index <= endYear * 12 + endMonth - 1 && months.length <= 1200; index++) {
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}
