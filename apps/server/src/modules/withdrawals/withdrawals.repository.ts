import type { PayoutChannel, PayoutProvider, WithdrawalStatus } from '@spatia/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { findByIdempotencyKey, releaseIdempotencyKey } from '../../db/idempotency-key.js';
import { findOneRow, updateRowById } from '../../db/one-row.js';
import { alipayAuthorizations, payoutAccounts, withdrawals } from './withdrawals.tables.js';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type AlipayAuthorizationRow = typeof alipayAuthorizations.$inferSelect;
export type NewWithdrawal = Pick<
  typeof withdrawals.$inferInsert,
  'withdrawalNo' | 'userId' | 'amountFen' | 'channel' | 'account' | 'realName' | 'idempotencyKey' | 'requestFingerprint' | 'createdAt'
>;

export interface WithdrawalFilter {
  userId?: number;
  statuses?: readonly WithdrawalStatus[];
  withdrawalNo?: string;
}

/** The only place that reads and writes payout accounts and withdrawals. */
export class WithdrawalsRepository {
  constructor(readonly db: Db) {}

  async accountsOf(userId: number): Promise<PayoutAccountRow[]> {
    return this.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).orderBy(asc(payoutAccounts.channel));
  }

  accountOf(userId: number, channel: PayoutChannel, executor: Executor = this.db): Promise<PayoutAccountRow | undefined> {
    return findOneRow(executor, payoutAccounts, and(eq(payoutAccounts.userId, userId), eq(payoutAccounts.channel, channel)));
  }

  /** Binds the channel's account, replacing the one bound before. */
  async saveAccount(
    userId: number,
    channel: PayoutChannel,
    fields: { account: string; realName: string },
    at: Date,
    executor: Executor = this.db,
  ): Promise<PayoutAccountRow> {
    const [row] = await executor
      .insert(payoutAccounts)
      .values({ userId, channel, ...fields, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({ target: [payoutAccounts.userId, payoutAccounts.channel], set: { ...fields, updatedAt: at } })
      .returning();
    return row!;
  }

  async removeAccount(userId: number, channel: PayoutChannel): Promise<boolean> {
    const removed = await this.db
      .delete(payoutAccounts)
      .where(and(eq(payoutAccounts.userId, userId), eq(payoutAccounts.channel, channel)))
      .returning({ channel: payoutAccounts.channel });
    return removed.length > 0;
  }

  // ---- binding Alipay by authorization ----

  async insertAlipayAuthorization(row: typeof alipayAuthorizations.$inferInsert): Promise<void> {
    await this.db.insert(alipayAuthorizations).values(row);
  }

  findAlipayAuthorization(stateHash: string): Promise<AlipayAuthorizationRow | undefined> {
    return findOneRow(this.db, alipayAuthorizations, eq(alipayAuthorizations.stateHash, stateHash));
  }

  /** Uses the authorization up: one caller wins; whoever comes later (or after it expired) gets undefined. */
  async completeAlipayAuthorization(stateHash: string, alipayUserId: string, at: Date, tx: Transaction): Promise<boolean> {
    const claimed = await tx
      .update(alipayAuthorizations)
      .set({ completedAt: at, alipayUserId })
      .where(
        and(
          eq(alipayAuthorizations.stateHash, stateHash),
          isNull(alipayAuthorizations.completedAt),
          gt(alipayAuthorizations.expiresAt, at),
        ),
      )
      .returning({ stateHash: alipayAuthorizations.stateHash });
    return claimed.length > 0;
  }

  /** Who else has this Alipay account as their payout account. */
  async alipayAccountHolder(account: string, executor: Executor = this.db): Promise<number | undefined> {
    const row = await findOneRow(executor, payoutAccounts, and(eq(payoutAccounts.channel, 'alipay'), eq(payoutAccounts.account, account)));
    return row?.userId;
  }

  async insert(withdrawal: NewWithdrawal, tx: Transaction): Promise<WithdrawalRow> {
    const [row] = await tx.insert(withdrawals).values(withdrawal).returning();
    return row!;
  }

  findById(id: number, executor: Executor = this.db): Promise<WithdrawalRow | undefined> {
    return findOneRow(executor, withdrawals, eq(withdrawals.id, id));
  }

  findByIdempotencyKey(userId: number, key: string): Promise<WithdrawalRow | undefined> {
    return findByIdempotencyKey(this.db, withdrawals, userId, key);
  }

  /** Frees the withdrawal's Idempotency-Key, older than its window, for a new request. */
  releaseIdempotencyKey(id: number): Promise<void> {
    return releaseIdempotencyKey(this.db, withdrawals, id);
  }

  /** The row, locked until the transaction ends: deciders and the payout job take turns on it. */
  lock(id: number, tx: Transaction): Promise<WithdrawalRow | undefined> {
    return findOneRow(tx, withdrawals, eq(withdrawals.id, id), 'forUpdate');
  }

  update(id: number, changes: Partial<Omit<WithdrawalRow, 'id'>>, executor: Executor): Promise<WithdrawalRow> {
    return updateRowById(executor, withdrawals, id, changes);
  }

  /**
   * Takes an approved withdrawal for paying out: one caller wins, whoever else tries at the same moment
   * (another worker) gets undefined.
   */
  async claimApproved(id: number, provider: PayoutProvider, at: Date, lookAgainAt: Date): Promise<WithdrawalRow | undefined> {
    const [row] = await this.db
      .update(withdrawals)
      .set({
        status: 'paying',
        provider,
        attempts: sql`${withdrawals.attempts} + 1`,
        lastAttemptAt: at,
        nextAttemptAt: lookAgainAt,
        updatedAt: at,
      })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'approved')))
      .returning();
    return row;
  }

  /** Takes a withdrawal still paying for another look at the provider, unless someone took it since `seenAttemptAt`. */
  async claimPaying(row: WithdrawalRow, at: Date, lookAgainAt: Date): Promise<WithdrawalRow | undefined> {
    const [claimed] = await this.db
      .update(withdrawals)
      .set({ attempts: sql`${withdrawals.attempts} + 1`, lastAttemptAt: at, nextAttemptAt: lookAgainAt, updatedAt: at })
      .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, 'paying'), eq(withdrawals.attempts, row.attempts)))
      .returning();
    return claimed;
  }

  /**
   * One provider's share of a payout run, oldest first: the approved withdrawals of the channels it takes
   * new payouts for, and those it is paying whose next look is due and that the job has not given up on.
   * Each provider is asked for its own share, so one provider's backlog never crowds out another's.
   */
  async dueForPayout(
    provider: PayoutProvider,
    newPayoutChannels: readonly PayoutChannel[],
    now: Date,
    limit: number,
  ): Promise<WithdrawalRow[]> {
    return this.db
      .select()
      .from(withdrawals)
      .where(
        or(
          newPayoutChannels.length === 0
            ? undefined
            : and(eq(withdrawals.status, 'approved'), inArray(withdrawals.channel, [...newPayoutChannels])),
          and(
            eq(withdrawals.status, 'paying'),
            eq(withdrawals.provider, provider),
            isNull(withdrawals.payoutStuckAt),
            or(isNull(withdrawals.nextAttemptAt), lte(withdrawals.nextAttemptAt, now)),
          ),
        ),
      )
      .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
      .limit(limit);
  }

  /** A page, newest first, with the number of withdrawals the filter matches. */
  async list(filter: WithdrawalFilter, offset: number, limit: number): Promise<{ rows: WithdrawalRow[]; total: number }> {
    const where = this.where(filter);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .offset(offset)
        .limit(limit),
      this.db.select({ total: count() }).from(withdrawals).where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  private where(filter: WithdrawalFilter): SQL | undefined {
    return and(
      filter.userId === undefined ? undefined : eq(withdrawals.userId, filter.userId),
      filter.statuses === undefined ? undefined : inArray(withdrawals.status, [...filter.statuses]),
      filter.withdrawalNo === undefined ? undefined : eq(withdrawals.withdrawalNo, filter.withdrawalNo),
    );
  }
}
