import { and, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { TransferStatus } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { findOneRow } from '../../db/one-row.js';
import { orderFilterConditions, pageOfOrders, pageOfRows, type OrderFilter } from '../../db/page-of-rows.js';
import { workTransfers } from './transfers.tables.js';

export type TransferRow = typeof workTransfers.$inferSelect;

/** Which sales a list holds. */
export type SaleFilter = OrderFilter<TransferStatus>;

/** The only place that reads and writes work transfers. */
export class TransfersRepository {
  constructor(readonly db: Db) {}

  async insert(transfer: Omit<typeof workTransfers.$inferInsert, 'id'>, executor: Executor): Promise<TransferRow> {
    const [row] = await executor.insert(workTransfers).values(transfer).returning();
    return row!;
  }

  findById(id: number): Promise<TransferRow | undefined> {
    return findOneRow(this.db, workTransfers, eq(workTransfers.id, id));
  }

  lock(id: number, tx: Transaction): Promise<TransferRow | undefined> {
    return findOneRow(tx, workTransfers, eq(workTransfers.id, id), 'forUpdate');
  }

  async statusesOf(ids: readonly number[]): Promise<Map<number, TransferStatus>> {
    const rows = await this.db
      .select({ id: workTransfers.id, status: workTransfers.status })
      .from(workTransfers)
      .where(inArray(workTransfers.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.status]));
  }

  async answer(id: number, status: TransferStatus, at: Date, executor: Executor): Promise<void> {
    await executor.update(workTransfers).set({ status, answeredAt: at }).where(eq(workTransfers.id, id));
  }

  /** Pending transfers past their latest receipt time become expired; answers how many. */
  async expireDue(now: Date): Promise<number> {
    const rows = await this.db
      .update(workTransfers)
      .set({ status: 'expired', answeredAt: now })
      .where(and(eq(workTransfers.status, 'pending'), lte(workTransfers.expiresAt, now)))
      .returning({ id: workTransfers.id });
    return rows.length;
  }

  async list(
    side: 'receiver' | 'sender',
    userId: number,
    status: TransferStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: TransferRow[]; total: number }> {
    const conditions: SQL[] = [eq(side === 'receiver' ? workTransfers.receiverId : workTransfers.senderId, userId)];
    if (status) conditions.push(eq(workTransfers.status, status));
    const where = and(...conditions);
    const order = [desc(workTransfers.createdAt), desc(workTransfers.id)];
    return pageOfRows(this.db, { table: workTransfers, where, order }, { limit, offset });
  }

  /** One page of the targeted sales on one side of a user, newest first; how many match; the count and sum of the confirmed ones. */
  async listSales(
    side: 'receiver' | 'sender',
    userId: number,
    filter: SaleFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: TransferRow[]; total: number; completed: { count: number; amountFen: number } }> {
    const conditions = [
      eq(side === 'receiver' ? workTransfers.receiverId : workTransfers.senderId, userId),
      eq(workTransfers.kind, 'sale'),
      ...orderFilterConditions(filter, workTransfers),
    ];
    const order = [desc(workTransfers.createdAt), desc(workTransfers.id)];
    return pageOfOrders(this.db, { table: workTransfers, where: and(...conditions), order }, page, {
      completed: sql`${workTransfers.status} = 'confirmed'`,
      amount: workTransfers.price,
    });
  }
}
