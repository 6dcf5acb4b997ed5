import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentOrderKind, PaymentOrderStatus } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { pageOfOrders } from '../../db/page-of-rows.js';
import { flowRechargePlans, paymentOrders } from '../../db/schema/index.js';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
/** Which of a payer's orders a list holds: statuses (all when left out) and a creation time range [from, to). */
export interface PaymentOrderFilter {
  statuses?: readonly PaymentOrderStatus[];
  from?: Date;
  to?: Date;
}

export type NewPaymentOrder = Omit<typeof paymentOrders.$inferInsert, 'id' | 'status' | 'updatedAt'>;

/** The only place that reads and writes payment orders and the recharge price list. */
export class PaymentsRepository {
  constructor(readonly db: Db) {}

  async plans(executor: Executor = this.db): Promise<{ months: number; feeFen: number }[]> {
    return executor.select().from(flowRechargePlans).orderBy(asc(flowRechargePlans.months));
  }

  async replacePlans(plans: readonly { months: number; feeFen: number }[], tx: Transaction): Promise<void> {
    await tx.delete(flowRechargePlans);
    await tx.insert(flowRechargePlans).values([...plans]);
  }

  async insert(order: NewPaymentOrder, executor: Executor): Promise<PaymentOrderRow> {
    const [row] = await executor.insert(paymentOrders).values(order).returning();
    return row!;
  }

  async findById(id: number): Promise<PaymentOrderRow | undefined> {
    const [row] = await this.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
    return row;
  }

  async findByIdempotencyKey(userId: number, key: string, executor: Executor = this.db): Promise<PaymentOrderRow | undefined> {
    const [row] = await executor
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.idempotencyKey, key)));
    return row;
  }

  /** A pending order of the same purchase that can still be paid until `payableUntil`: paying again reuses it. */
  async findReusable(
    order: Pick<PaymentOrderRow, 'userId' | 'kind' | 'provider' | 'amountFen' | 'months'>,
    payableUntil: Date,
  ): Promise<PaymentOrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.userId, order.userId),
          eq(paymentOrders.status, 'pending'),
          eq(paymentOrders.kind, order.kind),
          eq(paymentOrders.provider, order.provider),
          eq(paymentOrders.amountFen, order.amountFen),
          eq(paymentOrders.months, order.months),
          gt(paymentOrders.expiresAt, payableUntil),
        ),
      )
      .orderBy(asc(paymentOrders.createdAt))
      .limit(1);
    return row;
  }

  async lockByOrderNo(orderNo: string, tx: Transaction): Promise<PaymentOrderRow | undefined> {
    const [row] = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)).for('update');
    return row;
  }

  async setCodeUrl(id: number, codeUrl: string): Promise<void> {
    await this.db.update(paymentOrders).set({ codeUrl, updatedAt: new Date() }).where(eq(paymentOrders.id, id));
  }

  async markPaid(id: number, transactionId: string, paidAt: Date, tx: Transaction): Promise<void> {
    await tx
      .update(paymentOrders)
      .set({ status: 'paid', providerTransactionId: transactionId, paidAt, codeUrl: '', updatedAt: new Date() })
      .where(eq(paymentOrders.id, id));
  }

  async markClosed(id: number, closedAt: Date, executor: Executor): Promise<void> {
    await executor
      .update(paymentOrders)
      .set({ status: 'closed', closedAt, codeUrl: '', updatedAt: closedAt })
      .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'pending')));
  }

  async markChecked(id: number, at: Date): Promise<void> {
    await this.db.update(paymentOrders).set({ checkedAt: at }).where(eq(paymentOrders.id, id));
  }

  /** Pending orders older than `createdBefore` not asked about since `checkedBefore`, oldest first. */
  async pendingToCheck(createdBefore: Date, checkedBefore: Date, limit: number): Promise<PaymentOrderRow[]> {
    return this.db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.status, 'pending'),
          lt(paymentOrders.createdAt, createdBefore),
          or(isNull(paymentOrders.checkedAt), lt(paymentOrders.checkedAt, checkedBefore)),
        ),
      )
      .orderBy(asc(paymentOrders.createdAt))
      .limit(limit);
  }

  /** One page of a payer's orders of a kind, newest first; how many match; and the count and sum of the paid ones among them. */
  async listForPayer(
    userId: number,
    kind: PaymentOrderKind,
    filter: PaymentOrderFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: PaymentOrderRow[]; total: number; completed: { count: number; amountFen: number } }> {
    const conditions: SQL[] = [eq(paymentOrders.userId, userId), eq(paymentOrders.kind, kind)];
    if (filter.statuses) conditions.push(inArray(paymentOrders.status, [...filter.statuses]));
    if (filter.from) conditions.push(gte(paymentOrders.createdAt, filter.from));
    if (filter.to) conditions.push(lt(paymentOrders.createdAt, filter.to));
    return pageOfOrders(this.db, paymentOrders, and(...conditions), [desc(paymentOrders.createdAt), desc(paymentOrders.id)], page, {
      completed: sql`${paymentOrders.status} = 'paid'`,
      amount: paymentOrders.amountFen,
    });
  }
}
