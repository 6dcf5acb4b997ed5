import { and, asc, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentOrderStatus } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { paymentOrders, paymentRefunds } from './recharge.tables.js';
import type { PaymentOrderRow } from './recharge.repository.js';
import { containsPattern } from '../../db/like-pattern.js';

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
export type NewPaymentRefund = Omit<typeof paymentRefunds.$inferInsert, 'id' | 'status' | 'createdAt'>;

/** The only place that reads and writes refunds, and the refund columns of payment orders (docs/refunds.md). */
export class RefundsRepository {
  constructor(readonly db: Db) {}

  async findOrder(id: number, executor: Executor = this.db): Promise<PaymentOrderRow | undefined> {
    const [row] = await executor.select().from(paymentOrders).where(eq(paymentOrders.id, id));
    return row;
  }

  async findOrderByNo(orderNo: string): Promise<PaymentOrderRow | undefined> {
    const [row] = await this.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
    return row;
  }

  /** The order, locked until the caller's transaction ends: refunds of one order are decided one at a time. */
  async lockOrder(tx: Transaction, id: number): Promise<PaymentOrderRow | undefined> {
    const [row] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, id)).for('update');
    return row;
  }

  async refundsOf(orderIds: readonly number[], executor: Executor = this.db): Promise<PaymentRefundRow[]> {
    if (orderIds.length === 0) return [];
    return executor
      .select()
      .from(paymentRefunds)
      .where(inArray(paymentRefunds.orderId, [...orderIds]))
      .orderBy(asc(paymentRefunds.id));
  }

  async findByRefundNo(refundNo: string, executor: Executor = this.db): Promise<PaymentRefundRow | undefined> {
    const [row] = await executor.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, refundNo));
    return row;
  }

  async findByIdempotencyKey(adminId: number, key: string): Promise<PaymentRefundRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.requestedBy, adminId), eq(paymentRefunds.idempotencyKey, key)));
    return row;
  }

  /** Inserts the refund unless its number (or the admin's Idempotency-Key) exists; answers it, or nothing. */
  async insert(refund: NewPaymentRefund, executor: Executor): Promise<PaymentRefundRow | undefined> {
    const [row] = await executor.insert(paymentRefunds).values(refund).onConflictDoNothing().returning();
    return row;
  }

  /** Turns a pending refund succeeded; answers it when this call did (once, however many race). */
  async markSucceeded(tx: Transaction, id: number, at: Date, providerRefundId: string | undefined): Promise<PaymentRefundRow | undefined> {
    const [row] = await tx
      .update(paymentRefunds)
      .set({ status: 'succeeded', succeededAt: at, ...(providerRefundId ? { providerRefundId } : {}) })
      .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')))
      .returning();
    return row;
  }

  async markFailed(id: number, at: Date): Promise<PaymentRefundRow | undefined> {
    const [row] = await this.db
      .update(paymentRefunds)
      .set({ status: 'failed', failedAt: at })
      .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')))
      .returning();
    return row;
  }

  async addRefunded(tx: Transaction, orderId: number, amountFen: number): Promise<void> {
    await tx
      .update(paymentOrders)
      .set({ refundedFen: sql`${paymentOrders.refundedFen} + ${amountFen}`, updatedAt: new Date() })
      .where(eq(paymentOrders.id, orderId));
  }

  /** Pending refunds asked for before `createdBefore`, oldest first: the provider is asked again. */
  async pendingRefunds(createdBefore: Date, limit: number): Promise<PaymentRefundRow[]> {
    return this.db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.status, 'pending'), lt(paymentRefunds.createdAt, createdBefore)))
      .orderBy(asc(paymentRefunds.createdAt))
      .limit(limit);
  }

  /** Paid orders paid since `paidSince`, not asked about refunds since `checkedBefore`, least recently asked first. */
  async paidToCheck(paidSince: Date, checkedBefore: Date, limit: number): Promise<PaymentOrderRow[]> {
    return this.db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.status, 'paid'),
          sql`${paymentOrders.paidAt} >= ${paidSince.toISOString()}`,
          sql`${paymentOrders.refundedFen} < ${paymentOrders.amountFen}`,
          or(isNull(paymentOrders.refundCheckedAt), lt(paymentOrders.refundCheckedAt, checkedBefore)),
        ),
      )
      .orderBy(sql`${paymentOrders.refundCheckedAt} asc nulls first`, asc(paymentOrders.id))
      .limit(limit);
  }

  async markRefundChecked(id: number, at: Date): Promise<void> {
    await this.db.update(paymentOrders).set({ refundCheckedAt: at }).where(eq(paymentOrders.id, id));
  }

  /** One page of recharge orders for the back office, newest first, optionally one status or an order number's part. */
  async listOrders(
    filter: { status?: PaymentOrderStatus; orderNo?: string; userIds?: number[] },
    page: { limit: number; offset: number },
  ): Promise<{ rows: PaymentOrderRow[]; total: number }> {
    const conditions: SQL[] = [eq(paymentOrders.kind, 'flowRecharge')];
    if (filter.status) conditions.push(eq(paymentOrders.status, filter.status));
    if (filter.orderNo || filter.userIds) {
      const either: SQL[] = [];
      if (filter.orderNo) either.push(ilike(paymentOrders.orderNo, containsPattern(filter.orderNo)));
      if (filter.userIds && filter.userIds.length > 0) either.push(inArray(paymentOrders.userId, filter.userIds));
      conditions.push(either.length > 0 ? or(...either)! : sql`false`);
    }
    const where = and(...conditions);
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(paymentOrders)
        .where(where)
        .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(paymentOrders)
        .where(where),
    ]);
    return { rows, total: Number(count?.total ?? 0) };
  }
}
