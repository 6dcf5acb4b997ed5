import type { TeamLevel, TeamRevenueKind, TeamRevenueSource, TeamRewardStatus, TeamSettings } from '@spatia/contract';
import { TEAM_DEFAULT_SETTINGS } from '@spatia/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Executor, type Transaction } from '../../db/database.js';
import { users } from '../users/users.tables.js';
import { teamCounts, teamDaily, teamPayments, teamRefunds, teamRewards, teamSettings } from './team.tables.js';

export interface CountsRow {
  firstCount: number;
  secondCount: number;
  rewardFen: number;
}

export interface PaymentRow {
  id: number;
  reference: string;
  orderNo: string;
  paidFen: number;
  refundedFen: number;
  paidAt: Date;
}

export interface RewardRow {
  id: number;
  paymentId: number;
  level: TeamLevel;
  beneficiaryUserId: number;
  basisPoints: number;
  amountFen: number;
  status: TeamRewardStatus;
}

export interface SubordinateRow {
  uid: string;
  name: string;
  avatarUrl: string;
  phone: string;
  inviteCode: string;
  joinedAt: Date;
  superiorUid: string;
  superiorName: string;
  superiorInviteCode: string;
  contributionFen: number;
  subordinateCount: number;
}

export interface RevenueRow {
  id: number;
  paidAt: Date;
  kind: TeamRevenueKind;
  source: TeamRevenueSource;
  level: TeamLevel;
  payerUid: string;
  payerName: string;
  payerAvatarUrl: string;
  orderNo: string;
  paidFen: number;
  refundedFen: number;
  basisPoints: number;
  amountFen: number;
  status: TeamRewardStatus;
  releaseAt: Date;
}

const num = (value: unknown) => Number(value ?? 0);

/** The team's statements: its own tables, and the invitation tree of `users` (an exception declared in eslint/house-rules.js). */
export class TeamRepository {
  constructor(readonly db: Db) {}

  /** The counts a person would have, from the tree and their rewards: what a first change or read writes. */
  private computed(userId: number): SQL {
    return sql`select ${userId}::bigint,
      (select count(*) from ${users} f where f.invited_by_user_id = ${userId})::int,
      (select count(*) from ${users} s join ${users} f on f.id = s.invited_by_user_id where f.invited_by_user_id = ${userId})::int,
      (select coalesce(sum(r.amount_fen), 0) from ${teamRewards} r where r.beneficiary_user_id = ${userId})::bigint,
      (select coalesce(sum(r.amount_fen), 0) from ${teamRewards} r where r.beneficiary_user_id = ${userId} and r.status = 'pending')::bigint`;
  }

  /**
   * Adds to a person's counts in the caller's transaction; a person without a row yet is counted from the tree
   * and their rewards (which already hold the change), so the row is right either way. The plain update comes
   * first: the insert's counting subqueries run before its conflict is found, and a row nearly always exists.
   */
  async bump(
    userId: number,
    delta: { first?: number; second?: number; rewardFen?: number; pendingFen?: number },
    tx: Transaction,
  ): Promise<void> {
    const increments = sql`first_count = ${teamCounts}.first_count + ${delta.first ?? 0},
        second_count = ${teamCounts}.second_count + ${delta.second ?? 0},
        reward_fen = ${teamCounts}.reward_fen + ${delta.rewardFen ?? 0},
        pending_fen = ${teamCounts}.pending_fen + ${delta.pendingFen ?? 0}`;
    const updated = await rowsOf<{ user_id: unknown }>(
      tx,
      sql`update ${teamCounts} set ${increments} where ${teamCounts}.user_id = ${userId} returning ${teamCounts}.user_id`,
    );
    if (updated.length > 0) return;
    await tx.execute(sql`insert into ${teamCounts} (user_id, first_count, second_count, reward_fen, pending_fen) ${this.computed(userId)}
      on conflict (user_id) do update set ${increments}`);
  }

  /** Adds to the person's rewards of a business day. */
  async bumpDay(userId: number, day: string, amountFen: number, tx: Transaction): Promise<void> {
    await tx
      .insert(teamDaily)
      .values({ userId, day, amountFen })
      .onConflictDoUpdate({ target: [teamDaily.userId, teamDaily.day], set: { amountFen: sql`${teamDaily.amountFen} + ${amountFen}` } });
  }

  /**
   * The overview in one statement: the counts row (undefined when the person has none yet), the invite
   * code, the settings row and the rewards of today and of this month from the daily sums.
   */
  async overview(
    userId: number,
    today: string,
    monthStart: string,
  ): Promise<{
    counts?: CountsRow & { pendingFen: number };
    inviteCode: string;
    settings: TeamSettings;
    todayFen: number;
    monthFen: number;
  }> {
    const [row] = await rowsOf<Record<string, unknown>>(
      this.db,
      sql`select u.invite_code, c.first_count, c.second_count, c.reward_fen, c.pending_fen,
          s.first_level_basis_points, s.second_level_basis_points, s.pending_days,
          (select coalesce(sum(d.amount_fen), 0) from ${teamDaily} d where d.user_id = u.id and d.day = ${today}) as today,
          (select coalesce(sum(d.amount_fen), 0) from ${teamDaily} d where d.user_id = u.id and d.day >= ${monthStart} and d.day <= ${today}) as month
        from ${users} u
          left join ${teamCounts} c on c.user_id = u.id
          left join ${teamSettings} s on s.id = 1
        where u.id = ${userId}`,
    );
    const settings =
      row?.first_level_basis_points == null
        ? { ...TEAM_DEFAULT_SETTINGS }
        : {
            firstLevelBasisPoints: num(row.first_level_basis_points),
            secondLevelBasisPoints: num(row.second_level_basis_points),
            pendingDays: num(row.pending_days),
          };
    return {
      counts:
        row?.first_count == null
          ? undefined
          : {
              firstCount: num(row.first_count),
              secondCount: num(row.second_count),
              rewardFen: num(row.reward_fen),
              pendingFen: num(row.pending_fen),
            },
      inviteCode: row ? String(row.invite_code) : '',
      settings,
      todayFen: num(row?.today),
      monthFen: num(row?.month),
    };
  }

  /** Counts a person who has no counts row yet from the tree and their rewards (once: a row that exists stays). */
  async countOnce(userId: number): Promise<void> {
    await this.db.execute(
      sql`insert into ${teamCounts} (user_id, first_count, second_count, reward_fen, pending_fen) ${this.computed(userId)} on conflict (user_id) do nothing`,
    );
  }

  /** The person's superior and theirs (null where there is none). */
  async superiorsOf(userId: number, executor: Executor): Promise<{ first: number | null; second: number | null }> {
    const [row] = await rowsOf<{ first: string | number | null; second: string | number | null }>(
      executor,
      sql`select s.invited_by_user_id as first, f.invited_by_user_id as second
        from ${users} s left join ${users} f on f.id = s.invited_by_user_id where s.id = ${userId}`,
    );
    return { first: row?.first == null ? null : Number(row.first), second: row?.second == null ? null : Number(row.second) };
  }

  async inviteCodeOf(userId: number): Promise<string> {
    const [row] = await this.db.select({ inviteCode: users.inviteCode }).from(users).where(eq(users.id, userId));
    return row?.inviteCode ?? '';
  }

  /** Whether `code` is the invite code of one of the person's first level. */
  async firstLevelIdByCode(userId: number, code: string): Promise<number | undefined> {
    const [row] = await rowsOf<{ id: string | number }>(
      this.db,
      sql`select id from ${users} where invite_code = ${code} and invited_by_user_id = ${userId}`,
    );
    return row ? Number(row.id) : undefined;
  }

  /** A page of the people of a level, newest first, matching `q` in name, phone or invite code. */
  async subordinates(
    userId: number,
    level: TeamLevel,
    filter: { q?: string; superiorId?: number },
    page: { limit: number; offset: number },
  ): Promise<{ rows: SubordinateRow[]; total: number }> {
    const conditions: SQL[] = [level === 1 ? sql`f.id = ${userId}` : sql`f.invited_by_user_id = ${userId}`];
    if (filter.superiorId !== undefined) conditions.push(sql`f.id = ${filter.superiorId}`);
    const q = filter.q?.trim().toLowerCase();
    if (q)
      conditions.push(sql`(strpos(lower(s.full_name), ${q}) > 0 or strpos(s.phone, ${q}) > 0 or strpos(lower(s.invite_code), ${q}) > 0)`);
    const where = sql.join(conditions, sql` and `);
    const from = sql`from ${users} s join ${users} f on f.id = s.invited_by_user_id where ${where}`;
    const [rows, totals] = await Promise.all([
      rowsOf<Record<string, unknown>>(
        this.db,
        sql`select s.id, s.uid, s.full_name, s.avatar_url, s.phone, s.invite_code, s.created_at,
            f.uid as superior_uid, f.full_name as superior_name, f.invite_code as superior_invite_code,
            (select coalesce(sum(r.amount_fen), 0) from ${teamRewards} r
              where r.beneficiary_user_id = ${userId} and r.payer_user_id = s.id) as contribution,
            coalesce((select c.first_count from ${teamCounts} c where c.user_id = s.id),
              (select count(*) from ${users} x where x.invited_by_user_id = s.id)) as subordinate_count
          ${from}
          order by s.created_at desc, s.id desc
          limit ${page.limit} offset ${page.offset}`,
      ),
      rowsOf<{ total: string | number }>(this.db, sql`select count(*) as total ${from}`),
    ]);
    return {
      rows: rows.map((row) => ({
        uid: String(row.uid),
        name: String(row.full_name),
        avatarUrl: String(row.avatar_url),
        phone: String(row.phone),
        inviteCode: String(row.invite_code),
        joinedAt: new Date(row.created_at as string | Date),
        superiorUid: String(row.superior_uid),
        superiorName: String(row.superior_name),
        superiorInviteCode: String(row.superior_invite_code),
        contributionFen: num(row.contribution),
        subordinateCount: num(row.subordinate_count),
      })),
      total: num(totals[0]?.total),
    };
  }

  /** A page of the person's rewards of a kind on payments made in [from, to), newest first, with the range's count and sum. */
  async revenues(
    userId: number,
    kind: TeamRevenueKind,
    from: Date,
    to: Date,
    page: { limit: number; offset: number },
  ): Promise<{ rows: RevenueRow[]; total: number; sumFen: number }> {
    const where = sql`r.beneficiary_user_id = ${userId} and r.kind = ${kind}
      and r.paid_at >= ${from.toISOString()} and r.paid_at < ${to.toISOString()}`;
    const [rows, totals] = await Promise.all([
      rowsOf<Record<string, unknown>>(
        this.db,
        sql`select r.id, r.paid_at, r.kind, p.source, r.level, u.uid, u.full_name, u.avatar_url, p.order_no,
            p.paid_fen, p.refunded_fen, r.basis_points, r.amount_fen, r.status, r.release_at
          from ${teamRewards} r join ${teamPayments} p on p.id = r.payment_id join ${users} u on u.id = r.payer_user_id
          where ${where}
          order by r.paid_at desc, r.id desc
          limit ${page.limit} offset ${page.offset}`,
      ),
      rowsOf<{ total: string | number; sum: string | number }>(
        this.db,
        sql`select count(*) as total, coalesce(sum(r.amount_fen), 0) as sum from ${teamRewards} r where ${where}`,
      ),
    ]);
    return {
      rows: rows.map((row) => ({
        id: num(row.id),
        paidAt: new Date(row.paid_at as string | Date),
        kind: row.kind as TeamRevenueKind,
        source: row.source as TeamRevenueSource,
        level: num(row.level) as TeamLevel,
        payerUid: String(row.uid),
        payerName: String(row.full_name),
        payerAvatarUrl: String(row.avatar_url),
        orderNo: String(row.order_no),
        paidFen: num(row.paid_fen),
        refundedFen: num(row.refunded_fen),
        basisPoints: num(row.basis_points),
        amountFen: num(row.amount_fen),
        status: row.status as TeamRewardStatus,
        releaseAt: new Date(row.release_at as string | Date),
      })),
      total: num(totals[0]?.total),
      sumFen: num(totals[0]?.sum),
    };
  }

  /** The person's rewards in [from, to) summed by period (`YYYY-MM-DD` or `YYYY-MM` in the zone) and kind. */
  async sumsByPeriod(
    userId: number,
    format: 'YYYY-MM-DD' | 'YYYY-MM',
    from: Date,
    to: Date,
    zone: string,
  ): Promise<{ period: string; kind: TeamRevenueKind; amountFen: number }[]> {
    const rows = await rowsOf<{ period: string; kind: TeamRevenueKind; amount: string | number }>(
      this.db,
      sql`select to_char(paid_at at time zone ${zone}, ${format}) as period, kind, sum(amount_fen) as amount
        from ${teamRewards}
        where beneficiary_user_id = ${userId} and kind in ('flow', 'project')
          and paid_at >= ${from.toISOString()} and paid_at < ${to.toISOString()}
        group by 1, 2`,
    );
    return rows.map((row) => ({ period: row.period, kind: row.kind, amountFen: num(row.amount) }));
  }

  /** Records a payment once by its reference; undefined when it was recorded before. */
  async insertPayment(
    payment: { reference: string; source: TeamRevenueSource; payerUserId: number; orderNo: string; paidFen: number; paidAt: Date },
    tx: Transaction,
  ): Promise<{ id: number } | undefined> {
    const [row] = await tx.insert(teamPayments).values(payment).onConflictDoNothing().returning({ id: teamPayments.id });
    return row;
  }

  async insertReward(reward: Omit<typeof teamRewards.$inferInsert, 'id' | 'createdAt' | 'releasedAt'>, tx: Transaction): Promise<number> {
    const [row] = await tx.insert(teamRewards).values(reward).returning({ id: teamRewards.id });
    return row!.id;
  }

  /** Records a refund once by its reference; false when it was recorded before. */
  async insertRefund(refund: { reference: string; paymentId: number; amountFen: number }, tx: Transaction): Promise<boolean> {
    const rows = await tx.insert(teamRefunds).values(refund).onConflictDoNothing().returning({ id: teamRefunds.id });
    return rows.length > 0;
  }

  /** The payments of an order of a source, newest first, locked until the transaction ends. */
  async lockPayments(source: TeamRevenueSource, orderNo: string, tx: Transaction): Promise<PaymentRow[]> {
    const rows = await rowsOf<Record<string, unknown>>(
      tx,
      sql`select id, reference, order_no, paid_fen, refunded_fen, paid_at from ${teamPayments}
        where source = ${source} and order_no = ${orderNo} order by id desc for update`,
    );
    return rows.map((row) => ({
      id: num(row.id),
      reference: String(row.reference),
      orderNo: String(row.order_no),
      paidFen: num(row.paid_fen),
      refundedFen: num(row.refunded_fen),
      paidAt: new Date(row.paid_at as string | Date),
    }));
  }

  async setRefunded(paymentId: number, refundedFen: number, tx: Transaction): Promise<void> {
    await tx.update(teamPayments).set({ refundedFen }).where(eq(teamPayments.id, paymentId));
  }

  /** The rewards of a payment, locked. */
  async lockRewards(paymentId: number, tx: Transaction): Promise<RewardRow[]> {
    const rows = await rowsOf<Record<string, unknown>>(
      tx,
      sql`select id, payment_id, level, beneficiary_user_id, basis_points, amount_fen, status from ${teamRewards}
        where payment_id = ${paymentId} order by level for update`,
    );
    return rows.map(toReward);
  }

  async updateReward(
    id: number,
    change: { amountFen?: number; status?: TeamRewardStatus; releasedAt?: Date },
    tx: Transaction,
  ): Promise<void> {
    await tx.update(teamRewards).set(change).where(eq(teamRewards.id, id));
  }

  /** Pending rewards due for release, locked (skipping those a refund holds), each with its payment's order number (the income record's memo). */
  async lockDue(now: Date, limit: number, tx: Transaction): Promise<(RewardRow & { orderNo: string })[]> {
    const rows = await rowsOf<Record<string, unknown>>(
      tx,
      sql`select id, payment_id, level, beneficiary_user_id, basis_points, amount_fen, status,
          (select p.order_no from ${teamPayments} p where p.id = ${teamRewards}.payment_id) as order_no
        from ${teamRewards}
        where status = 'pending' and release_at <= ${now.toISOString()}
        order by release_at, id limit ${limit} for update skip locked`,
    );
    return rows.map((row) => ({ ...toReward(row), orderNo: typeof row.order_no === 'string' ? row.order_no : '' }));
  }

  async settings(executor: Executor = this.db): Promise<TeamSettings> {
    const [row] = await executor.select().from(teamSettings).where(eq(teamSettings.id, 1));
    if (!row) return { ...TEAM_DEFAULT_SETTINGS };
    return {
      firstLevelBasisPoints: row.firstLevelBasisPoints,
      secondLevelBasisPoints: row.secondLevelBasisPoints,
      pendingDays: row.pendingDays,
    };
  }

  async saveSettings(settings: TeamSettings, updatedBy: number, tx: Transaction): Promise<void> {
    await tx
      .insert(teamSettings)
      .values({ id: 1, ...settings, updatedBy })
      .onConflictDoUpdate({ target: teamSettings.id, set: { ...settings, updatedBy, updatedAt: new Date() } });
  }
}

function toReward(row: Record<string, unknown>): RewardRow {
  return {
    id: num(row.id),
    paymentId: num(row.payment_id),
    level: num(row.level) as TeamLevel,
    beneficiaryUserId: num(row.beneficiary_user_id),
    basisPoints: num(row.basis_points),
    amountFen: num(row.amount_fen),
    status: row.status as TeamRewardStatus,
  };
}
