import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ServiceOrderStatus, ServiceRequirementType } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { findOneRow } from '../../db/one-row.js';
import { orderFilterConditions, pageOfOrders, pageOfRows, type OrderFilter } from '../../db/page-of-rows.js';
import {
  serviceCouponRedemptions,
  serviceCoupons,
  serviceOrderDeliveries,
  serviceOrderPayments,
  serviceOrderSettings,
  serviceOrders,
  servicePriceRules,
} from './service-orders.tables.js';
import { containsPattern } from '../../db/like-pattern.js';

export type ServiceOrderRow = typeof serviceOrders.$inferSelect;
export type ServiceOrderInsert = Omit<typeof serviceOrders.$inferInsert, 'id'>;
export type ServicePriceRuleRow = typeof servicePriceRules.$inferSelect;
export type ServiceCouponRow = typeof serviceCoupons.$inferSelect;
export type ServiceOrderPaymentRow = typeof serviceOrderPayments.$inferSelect;
export type ServiceOrderDeliveryRow = typeof serviceOrderDeliveries.$inferSelect;

type Window = { limit: number; offset: number };
const newestFirst = [desc(serviceOrders.createdAt), desc(serviceOrders.id)];
/** Statuses of an order a provider holds and has not finished. */
const ACTIVE_FOR_PROVIDER: ServiceOrderStatus[] = ['accepted', 'shot', 'delivered'];

/** The only place that reads and writes service orders, their payments, deliveries, price rules and coupons. */
export class ServiceOrdersRepository {
  constructor(readonly db: Db) {}

  // Price rules and settings

  rules(executor: Executor = this.db): Promise<ServicePriceRuleRow[]> {
    return executor.select().from(servicePriceRules).orderBy(asc(servicePriceRules.requirementType));
  }

  rule(requirementType: ServiceRequirementType, executor: Executor = this.db): Promise<ServicePriceRuleRow | undefined> {
    return findOneRow(executor, servicePriceRules, eq(servicePriceRules.requirementType, requirementType));
  }

  async saveRule(row: Omit<typeof servicePriceRules.$inferInsert, 'updatedAt'>, executor: Executor): Promise<ServicePriceRuleRow> {
    const { requirementType, ...changes } = row;
    const [saved] = await executor
      .insert(servicePriceRules)
      .values(row)
      .onConflictDoUpdate({ target: servicePriceRules.requirementType, set: { ...changes, updatedAt: sql`now()` } })
      .returning();
    void requirementType;
    return saved!;
  }

  async platformFeeBps(executor: Executor = this.db): Promise<number | undefined> {
    const row = await findOneRow(executor, serviceOrderSettings, eq(serviceOrderSettings.id, 1));
    return row?.platformFeeBps;
  }

  async setPlatformFeeBps(platformFeeBps: number, executor: Executor): Promise<void> {
    await executor
      .insert(serviceOrderSettings)
      .values({ id: 1, platformFeeBps })
      .onConflictDoUpdate({ target: serviceOrderSettings.id, set: { platformFeeBps, updatedAt: sql`now()` } });
  }

  // Coupons

  async insertCoupon(row: Omit<typeof serviceCoupons.$inferInsert, 'id'>, executor: Executor): Promise<ServiceCouponRow> {
    const [inserted] = await executor.insert(serviceCoupons).values(row).returning();
    return inserted!;
  }

  findCouponByCode(code: string, executor: Executor = this.db): Promise<ServiceCouponRow | undefined> {
    return findOneRow(executor, serviceCoupons, eq(serviceCoupons.code, code));
  }

  findCoupon(id: number, executor: Executor = this.db): Promise<ServiceCouponRow | undefined> {
    return findOneRow(executor, serviceCoupons, eq(serviceCoupons.id, id));
  }

  lockCoupon(id: number, tx: Transaction): Promise<ServiceCouponRow | undefined> {
    return findOneRow(tx, serviceCoupons, eq(serviceCoupons.id, id), 'forUpdate');
  }

  async setCouponEnabled(id: number, enabled: boolean, executor: Executor): Promise<ServiceCouponRow | undefined> {
    const [row] = await executor.update(serviceCoupons).set({ enabled }).where(eq(serviceCoupons.id, id)).returning();
    return row;
  }

  coupons(page: Window) {
    return pageOfRows(
      this.db,
      { table: serviceCoupons, where: undefined, order: [desc(serviceCoupons.createdAt), desc(serviceCoupons.id)] },
      page,
    );
  }

  /** How many orders of this person hold a use of the coupon now. */
  async redemptionsBy(couponId: number, userId: number, executor: Executor = this.db): Promise<number> {
    const [row] = await executor
      .select({ n: count() })
      .from(serviceCouponRedemptions)
      .where(and(eq(serviceCouponRedemptions.couponId, couponId), eq(serviceCouponRedemptions.userId, userId)));
    return row?.n ?? 0;
  }

  async redeem(row: { couponId: number; userId: number; orderId: number; discountFen: number }, tx: Transaction): Promise<void> {
    await tx.insert(serviceCouponRedemptions).values(row);
    await tx
      .update(serviceCoupons)
      .set({ usedCount: sql`${serviceCoupons.usedCount} + 1` })
      .where(eq(serviceCoupons.id, row.couponId));
  }

  async hasRedemption(orderId: number, executor: Executor): Promise<boolean> {
    const [row] = await executor
      .select({ id: serviceCouponRedemptions.id })
      .from(serviceCouponRedemptions)
      .where(eq(serviceCouponRedemptions.orderId, orderId));
    return row !== undefined;
  }

  /** Gives an order's coupon use back (a cancelled order). */
  async releaseRedemption(orderId: number, tx: Transaction): Promise<void> {
    const released = await tx
      .delete(serviceCouponRedemptions)
      .where(eq(serviceCouponRedemptions.orderId, orderId))
      .returning({ couponId: serviceCouponRedemptions.couponId });
    for (const { couponId } of released) {
      await tx
        .update(serviceCoupons)
        .set({ usedCount: sql`${serviceCoupons.usedCount} - 1` })
        .where(eq(serviceCoupons.id, couponId));
    }
  }

  // Orders

  async insertOrder(row: ServiceOrderInsert, executor: Executor = this.db): Promise<ServiceOrderRow> {
    const [inserted] = await executor.insert(serviceOrders).values(row).returning();
    return inserted!;
  }

  findOrder(id: number, executor: Executor = this.db): Promise<ServiceOrderRow | undefined> {
    return findOneRow(executor, serviceOrders, eq(serviceOrders.id, id));
  }

  lockOrder(id: number, tx: Transaction): Promise<ServiceOrderRow | undefined> {
    return findOneRow(tx, serviceOrders, eq(serviceOrders.id, id), 'forUpdate');
  }

  async updateOrder(id: number, changes: Partial<ServiceOrderInsert>, executor: Executor): Promise<ServiceOrderRow> {
    const [row] = await executor.update(serviceOrders).set(changes).where(eq(serviceOrders.id, id)).returning();
    return row!;
  }

  /** Placed orders nothing was paid of, placed before `placedBefore`, oldest first (the expiry job's batch). */
  async unpaidPlacedBefore(placedBefore: Date, limit: number): Promise<ServiceOrderRow[]> {
    return this.db
      .select()
      .from(serviceOrders)
      .where(and(eq(serviceOrders.status, 'placed'), eq(serviceOrders.paidFen, 0), lt(serviceOrders.createdAt, placedBefore)))
      .orderBy(asc(serviceOrders.createdAt))
      .limit(limit);
  }

  /**
   * Gives a paid, untaken order to a provider, in one conditional statement: of two providers accepting
   * at once, exactly one row is updated (PostgreSQL re-checks the condition on the locked row).
   */
  async take(id: number, providerId: number, at: Date, executor: Executor): Promise<ServiceOrderRow | undefined> {
    const [row] = await executor
      .update(serviceOrders)
      .set({ providerId, status: 'accepted', acceptedAt: at })
      .where(and(eq(serviceOrders.id, id), eq(serviceOrders.status, 'paid'), isNull(serviceOrders.providerId)))
      .returning();
    return row;
  }

  findByIdempotencyKey(customerId: number, key: string): Promise<ServiceOrderRow | undefined> {
    return findOneRow(this.db, serviceOrders, and(eq(serviceOrders.customerId, customerId), eq(serviceOrders.idempotencyKey, key)));
  }

  async releaseIdempotencyKey(id: number): Promise<void> {
    await this.db.update(serviceOrders).set({ idempotencyKey: null }).where(eq(serviceOrders.id, id));
  }

  listOf(side: 'customer' | 'provider', userId: number, status: ServiceOrderStatus | undefined, page: Window) {
    const conditions: SQL[] = [eq(side === 'customer' ? serviceOrders.customerId : serviceOrders.providerId, userId)];
    if (status) conditions.push(eq(serviceOrders.status, status));
    return pageOfRows(this.db, { table: serviceOrders, where: and(...conditions), order: newestFirst }, page);
  }

  /** Paid, untaken orders in these provinces, the soonest appointment first (the partial index `service_orders_open`). */
  listOpen(provinceCodes: readonly string[], excludeCustomerId: number, page: Window) {
    const where = and(
      eq(serviceOrders.status, 'paid'),
      isNull(serviceOrders.providerId),
      inArray(serviceOrders.provinceCode, [...provinceCodes]),
      sql`${serviceOrders.customerId} <> ${excludeCustomerId}`,
    );
    return pageOfRows(this.db, { table: serviceOrders, where, order: [asc(serviceOrders.appointmentAt), asc(serviceOrders.id)] }, page);
  }

  listAll(filter: { status?: ServiceOrderStatus; keyword?: string }, page: Window) {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(serviceOrders.status, filter.status));
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      conditions.push(or(eq(serviceOrders.orderNo, keyword), ilike(serviceOrders.title, pattern), eq(serviceOrders.phone, keyword))!);
    }
    return pageOfRows(
      this.db,
      { table: serviceOrders, where: conditions.length ? and(...conditions) : undefined, order: newestFirst },
      page,
    );
  }

  /** The orders pages (docs/orders.md): orders placed (consume) or provided (income), with the completed ones' figures. */
  ordersPage(side: 'customer' | 'provider', userId: number, filter: OrderFilter<ServiceOrderStatus>, page: Window) {
    const where = and(
      eq(side === 'customer' ? serviceOrders.customerId : serviceOrders.providerId, userId),
      ...orderFilterConditions(filter, { status: serviceOrders.status, createdAt: serviceOrders.createdAt }),
    );
    return pageOfOrders(this.db, { table: serviceOrders, where, order: newestFirst }, page, {
      completed: sql`${serviceOrders.status} = 'completed'`,
      amount: side === 'customer' ? serviceOrders.priceFen : serviceOrders.providerIncomeFen,
    });
  }

  async providerCounts(providerIds: readonly number[]): Promise<Map<number, { active: number; completed: number }>> {
    const counts = new Map<number, { active: number; completed: number }>();
    if (providerIds.length === 0) return counts;
    const rows = await this.db
      .select({
        providerId: serviceOrders.providerId,
        active: sql<string>`count(*) filter (where ${inArray(serviceOrders.status, ACTIVE_FOR_PROVIDER)})`,
        completed: sql<string>`count(*) filter (where ${serviceOrders.status} = 'completed')`,
      })
      .from(serviceOrders)
      .where(inArray(serviceOrders.providerId, [...providerIds]))
      .groupBy(serviceOrders.providerId);
    for (const row of rows) counts.set(row.providerId!, { active: Number(row.active), completed: Number(row.completed) });
    return counts;
  }

  // Payments and deliveries

  async insertPayment(row: Omit<typeof serviceOrderPayments.$inferInsert, 'id'>, tx: Transaction): Promise<void> {
    await tx.insert(serviceOrderPayments).values(row);
  }

  paymentsOf(orderId: number, executor: Executor = this.db): Promise<ServiceOrderPaymentRow[]> {
    return executor
      .select()
      .from(serviceOrderPayments)
      .where(eq(serviceOrderPayments.orderId, orderId))
      .orderBy(asc(serviceOrderPayments.id));
  }

  async insertDeliveries(rows: (typeof serviceOrderDeliveries.$inferInsert)[], tx: Transaction): Promise<void> {
    if (rows.length) await tx.insert(serviceOrderDeliveries).values(rows);
  }

  async clearDeliveries(orderId: number, tx: Transaction): Promise<void> {
    await tx.delete(serviceOrderDeliveries).where(eq(serviceOrderDeliveries.orderId, orderId));
  }

  deliveriesOf(orderId: number, executor: Executor = this.db): Promise<ServiceOrderDeliveryRow[]> {
    return executor
      .select()
      .from(serviceOrderDeliveries)
      .where(eq(serviceOrderDeliveries.orderId, orderId))
      .orderBy(asc(serviceOrderDeliveries.transferId));
  }
}
