import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentOrderKind, PaymentOrderStatus, PaymentProvider } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { HotQueries } from '../../db/hot-query.js';
import { findByIdempotencyKey, releaseIdempotencyKey } from '../../db/idempotency-key.js';
import { orderFilterConditions, pageOfOrders, type OrderFilter } from '../../db/page-of-rows.js';
import { flowRechargePlans, paymentOrders } from './recharge.tables.js';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
/** Which of a payer's orders a list holds. */
export type PaymentOrderFilter = OrderFilter<PaymentOrderStatus>;

/** A provider's word that an order is paid. */
export interface PaymentPaid {
  orderNo: string;
  provider: PaymentProvider;
  amountFen: number;
  transactionId: string;
  paidAt: Date;
  now: Date;
}

export type NewPaymentOrder = Omit<typeof paymentOrders.$inferInsert, 'id' | 'status' | 'updatedAt'>;

/** The only place that reads and writes payment orders and the recharge price list. */
export class RechargeRepository {
  private readonly hot: HotQueries;

  constructor(readonly db: Db) {
    this.hot = new HotQueries(db);
  }

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

  findByIdempotencyKey(userId: number, key: string): Promise<PaymentOrderRow | undefined> {
    return findByIdempotencyKey(this.db, paymentOrders, userId, key);
  }

  /** Frees the order's Idempotency-Key, older than its window, for a new order. */
  releaseIdempotencyKey(id: number): Promise<void> {
    return releaseIdempotencyKey(this.db, paymentOrders, id);
  }

  /** A pending order of the same purchase that can still be paid until `payableUntil`: paying again reuses it. */
  async findReusable(
    order: Pick<PaymentOrderRow, 'userId' | 'kind' | 'provider' | 'flow' | 'amountFen' | 'months' | 'subjectId'>,
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
          eq(paymentOrders.flow, order.flow),
          eq(paymentOrders.amountFen, order.amountFen),
          eq(paymentOrders.months, order.months),
          sql`${paymentOrders.subjectId} is not distinct from ${order.subjectId}`,
          gt(paymentOrders.expiresAt, payableUntil),
        ),
      )
      .orderBy(asc(paymentOrders.createdAt))
      .limit(1);
    return row;
  }

  async findByOrderNo(orderNo: string): Promise<PaymentOrderRow | undefined> {
    const [row] = await this.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
    return row;
  }

  /**
   * Marks the order paid, unless it is paid already or is not the provider's or not of this amount, and
   * writes what `alsoWrite` adds in the same statement: common table expressions over `paid` (columns
   * `user_id`, `kind`, `order_no`, `amount_fen`, `months`), the order as it was paid. One statement is one
   * round trip and atomic without a transaction; a concurrent one waits for the row and then finds it paid.
   * The statement is turned into text once per provider (a prepared statement on PostgreSQL), so what
   * `alsoWrite` gives may differ per payment only through `paid` and the placeholder `transactionId`.
   * Answers the order paid, or nothing when no such unpaid order is left.
   */
  /**
   * Marks the order paid, with what `alsoWrite` adds to the same statement; `inDebt` (an expression over
   * `paid`) is read in it too, so that the caller needs no second round trip to learn it.
   */
  async markPaidWith(
    payment: PaymentPaid,
    alsoWrite: (paid: SQL) => SQL[],
    inDebt: (paid: SQL) => SQL,
  ): Promise<{ id: number; userId: number; kind: PaymentOrderKind; inDebt: boolean } | undefined> {
    const paid = sql.raw('paid');
    const [row] = await this.hot.run<{ id: number | string; user_id: number | string; kind: PaymentOrderKind; in_debt: boolean }>(
      `markPaid:${payment.provider}`,
      () => sql`with paid as (
          update ${paymentOrders}
          set status = 'paid', provider_transaction_id = ${sql.placeholder('transactionId')},
              paid_at = ${sql.placeholder('paidAt')}, code_url = '', updated_at = ${sql.placeholder('now')}
          where order_no = ${sql.placeholder('orderNo')} and provider = ${payment.provider}
            and amount_fen = ${sql.placeholder('amountFen')} and status <> 'paid'
          returning id, user_id, kind, order_no, amount_fen, months
        ), ${sql.join(alsoWrite(paid), sql`, `)}
        select id, user_id, kind, ${inDebt(paid)} as in_debt from paid`,
      {
        transactionId: payment.transactionId,
        paidAt: payment.paidAt.toISOString(),
        now: payment.now.toISOString(),
        orderNo: payment.orderNo,
        amountFen: payment.amountFen,
      },
    );
    return row && { id: Number(row.id), userId: Number(row.user_id), kind: row.kind, inDebt: row.in_debt };
  }

  /** The paid order, locked until the caller's transaction ends, when its fulfilment has not run yet. */
  async lockUnfulfilled(id: number, tx: Transaction): Promise<PaymentOrderRow | undefined> {
    const [row] = await tx
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'paid'), isNull(paymentOrders.fulfilledAt)))
      .for('update');
    return row;
  }

  async markFulfilled(id: number, at: Date, tx: Transaction): Promise<void> {
    await tx.update(paymentOrders).set({ fulfilledAt: at, updatedAt: at }).where(eq(paymentOrders.id, id));
  }

  /** Paid orders of these kinds whose fulfilment has not run, paid before `paidBefore`, oldest first (the reconciliation job). */
  async unfulfilled(kinds: readonly PaymentOrderKind[], paidBefore: Date, limit: number): Promise<PaymentOrderRow[]> {
    if (kinds.length === 0) return [];
    return this.db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.status, 'paid'),
          // The partial index payment_orders_unfulfilled's own condition, so that the planner uses it.
          sql`${paymentOrders.kind} <> 'flowRecharge'`,
          isNull(paymentOrders.fulfilledAt),
          inArray(paymentOrders.kind, [...kinds]),
          lt(paymentOrders.paidAt, paidBefore),
        ),
      )
      .orderBy(asc(paymentOrders.paidAt))
      .limit(limit);
  }

  async setCodeUrl(id: number, codeUrl: string): Promise<void> {
    await this.db.update(paymentOrders).set({ codeUrl, updatedAt: new Date() }).where(eq(paymentOrders.id, id));
  }

  async markClosed(id: number, closedAt: Date, executor: Executor): Promise<void> {
    await executor
      .update(paymentOrders)
      .set({ status: 'closed', closedAt, codeUrl: '', updatedAt: closedAt })
      .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'pending')));
  }

  /** The payer's pending orders of one purchase (a kind and its subject), such as the payments of a service order. */
  async pendingOfSubject(userId: number, kind: PaymentOrderKind, subjectId: number): Promise<PaymentOrderRow[]> {
    return this.db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.userId, userId),
          eq(paymentOrders.kind, kind),
          eq(paymentOrders.subjectId, subjectId),
          eq(paymentOrders.status, 'pending'),
        ),
      );
  }

  async markChecked(id: number, at: Date): Promise<void> {
    await this.db.update(paymentOrders).set({ checkedAt: at }).where(eq(paymentOrders.id, id));
  }

  /** Pending orders older than `createdBefore` not asked about since `checkedBefore`, oldest first. */
  async pendingToCheck(
    createdBefore: Date,
    checkedBefore: Date,
    limit: number,
    providers: readonly PaymentProvider[],
  ): Promise<PaymentOrderRow[]> {
    if (providers.length === 0) return [];
    return this.db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.status, 'pending'),
          inArray(paymentOrders.provider, [...providers]),
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
    const conditions = [eq(paymentOrders.userId, userId), eq(paymentOrders.kind, kind), ...orderFilterConditions(filter, paymentOrders)];
    const order = [desc(paymentOrders.createdAt), desc(paymentOrders.id)];
    return pageOfOrders(this.db, { table: paymentOrders, where: and(...conditions), order }, page, {
      completed: sql`${paymentOrders.status} = 'paid'`,
      amount: paymentOrders.amountFen,
    });
  }
}
