import { and, arrayContains, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  MARKET_DEFAULT_SETTINGS,
  MARKET_SEARCH_TOTAL_MAX,
  type MarketListingStatus,
  type MarketPurchaseStatus,
  type MarketSettings,
  type MarketSort,
  type WorkType,
} from '@spatia/contract';
import { rowsOf, type Db, type Executor, type Transaction } from '../../db/database.js';
import { findOneRow, updateRowById } from '../../db/one-row.js';
import { orderFilterConditions, pageOfOrders, pageOfRows, type OrderFilter } from '../../db/page-of-rows.js';
import { marketListings, marketPurchases, marketSettings } from './market.tables.js';

export type ListingRow = typeof marketListings.$inferSelect;
export type PurchaseRow = typeof marketPurchases.$inferSelect;
type ListingChanges = Partial<Omit<typeof marketListings.$inferInsert, 'id' | 'workId'>>;

/** What a market search asks for; the keyword already as its grams and normalized text. */
export interface ListingSearch {
  keyword?: { grams: string[]; text: string };
  type?: WorkType;
  minPrice?: number;
  maxPrice?: number;
  sort: MarketSort;
}

/** The only place that reads and writes the market's tables. */
export class MarketRepository {
  constructor(readonly db: Db) {}

  // Listings

  findListing(id: number, executor: Executor = this.db): Promise<ListingRow | undefined> {
    return findOneRow(executor, marketListings, eq(marketListings.id, id));
  }

  lockListing(id: number, tx: Transaction): Promise<ListingRow | undefined> {
    return findOneRow(tx, marketListings, eq(marketListings.id, id), 'forUpdate');
  }

  lockListingOfWork(workId: number, tx: Transaction): Promise<ListingRow | undefined> {
    return findOneRow(tx, marketListings, eq(marketListings.workId, workId), 'forUpdate');
  }

  /** Whether the work is a buyer's copy made by a market purchase (copy licence): it is not to be sold on. */
  async isBoughtCopy(workId: number, executor: Executor = this.db): Promise<boolean> {
    const [row] = await executor
      .select({ id: marketPurchases.id })
      .from(marketPurchases)
      .where(eq(marketPurchases.copyWorkId, workId))
      .limit(1);
    return row !== undefined;
  }

  findListingOfWork(workId: number, executor: Executor = this.db): Promise<ListingRow | undefined> {
    return findOneRow(executor, marketListings, eq(marketListings.workId, workId));
  }

  async insertListing(values: Omit<typeof marketListings.$inferInsert, 'id'>, tx: Transaction): Promise<ListingRow> {
    const [row] = await tx.insert(marketListings).values(values).returning();
    return row!;
  }

  updateListing(id: number, changes: ListingChanges, executor: Executor): Promise<ListingRow> {
    return updateRowById(executor, marketListings, id, changes);
  }

  async addSales(id: number, delta: number, executor: Executor): Promise<void> {
    await executor
      .update(marketListings)
      .set({ sales: sql`greatest(${marketListings.sales} + ${delta}, 0)` })
      .where(eq(marketListings.id, id));
  }

  /**
   * A page of the listings on the market. The keyword's grams go through the GIN index, the substring test
   * drops false matches; `total` counts at most MARKET_SEARCH_TOTAL_MAX (a broad search would otherwise
   * count every listing for every page).
   */
  async search(search: ListingSearch, page: { limit: number; offset: number }): Promise<{ rows: ListingRow[]; total: number }> {
    const where = searchConditions(search);
    const capped = this.db
      .select({ one: sql<number>`1` })
      .from(marketListings)
      .where(where)
      .limit(MARKET_SEARCH_TOTAL_MAX)
      .as('capped');
    const [rows, [counted]] = await Promise.all([this.searchPage(search, page), this.db.select({ total: count() }).from(capped)]);
    return { rows, total: counted?.total ?? 0 };
  }

  /** The plan of a search's page (its test shows the gram index finds Chinese keywords). */
  async searchPlan(search: ListingSearch, page: { limit: number; offset: number }): Promise<string> {
    const rows = await rowsOf<{ 'QUERY PLAN': string }>(this.db, sql`explain ${this.searchPage(search, page)}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  private searchPage(search: ListingSearch, page: { limit: number; offset: number }) {
    const order = {
      newest: [desc(marketListings.listedAt), desc(marketListings.id)],
      popular: [desc(marketListings.sales), desc(marketListings.id)],
      priceAsc: [asc(marketListings.priceFen), asc(marketListings.id)],
      priceDesc: [desc(marketListings.priceFen), desc(marketListings.id)],
    }[search.sort];
    return this.db
      .select()
      .from(marketListings)
      .where(searchConditions(search))
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
  }

  listingsOfSeller(
    sellerId: number,
    status: MarketListingStatus | undefined,
    page: { limit: number; offset: number },
    workUids?: readonly string[],
  ): Promise<{ rows: ListingRow[]; total: number }> {
    const conditions = [eq(marketListings.sellerId, sellerId)];
    if (status) conditions.push(eq(marketListings.status, status));
    if (workUids) conditions.push(workUids.length ? inArray(marketListings.workUid, [...workUids]) : sql`false`);
    return pageOfRows(
      this.db,
      { table: marketListings, where: and(...conditions), order: [desc(marketListings.submittedAt), desc(marketListings.id)] },
      page,
    );
  }

  /** The back office's list: by status, those waiting oldest first; the keyword is a work's name or uid, or one of the sellers. */
  adminListings(
    filter: { status?: MarketListingStatus; keyword?: string; sellerIds?: number[] },
    page: { limit: number; offset: number },
  ): Promise<{ rows: ListingRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(marketListings.status, filter.status));
    if (filter.keyword) {
      const byWork = or(
        eq(marketListings.workUid, filter.keyword),
        sql`strpos(lower(${marketListings.workName}), lower(${filter.keyword})) > 0`,
        filter.sellerIds && filter.sellerIds.length > 0 ? inArray(marketListings.sellerId, filter.sellerIds) : undefined,
      );
      if (byWork) conditions.push(byWork);
    }
    const order =
      filter.status === 'pending'
        ? [asc(marketListings.submittedAt), asc(marketListings.id)]
        : [sql`(${marketListings.status} = 'pending') desc`, desc(marketListings.submittedAt), desc(marketListings.id)];
    return pageOfRows(this.db, { table: marketListings, where: and(...conditions), order }, page);
  }

  // Purchases

  async insertPurchase(values: Omit<typeof marketPurchases.$inferInsert, 'id'>, tx: Transaction): Promise<PurchaseRow> {
    const [row] = await tx.insert(marketPurchases).values(values).returning();
    return row!;
  }

  findPurchase(id: number, executor: Executor = this.db): Promise<PurchaseRow | undefined> {
    return findOneRow(executor, marketPurchases, eq(marketPurchases.id, id));
  }

  lockPurchase(id: number, tx: Transaction): Promise<PurchaseRow | undefined> {
    return findOneRow(tx, marketPurchases, eq(marketPurchases.id, id), 'forUpdate');
  }

  completedPurchase(listingId: number, buyerId: number, executor: Executor = this.db): Promise<PurchaseRow | undefined> {
    return findOneRow(
      executor,
      marketPurchases,
      and(eq(marketPurchases.listingId, listingId), eq(marketPurchases.buyerId, buyerId), eq(marketPurchases.status, 'completed')),
    );
  }

  async setPurchase(
    id: number,
    changes: Partial<Omit<typeof marketPurchases.$inferInsert, 'id'>>,
    executor: Executor,
  ): Promise<PurchaseRow> {
    const [row] = await executor.update(marketPurchases).set(changes).where(eq(marketPurchases.id, id)).returning();
    return row!;
  }

  purchaseByOrderNo(orderNo: string, executor: Executor = this.db): Promise<PurchaseRow | undefined> {
    return findOneRow(executor, marketPurchases, eq(marketPurchases.orderNo, orderNo));
  }

  purchaseByIdempotencyKey(buyerId: number, key: string): Promise<PurchaseRow | undefined> {
    return findOneRow(this.db, marketPurchases, and(eq(marketPurchases.buyerId, buyerId), eq(marketPurchases.idempotencyKey, key)));
  }

  async releasePurchaseIdempotencyKey(id: number): Promise<void> {
    await this.db.update(marketPurchases).set({ idempotencyKey: null }).where(eq(marketPurchases.id, id));
  }

  purchasesOfBuyer(buyerId: number, page: { limit: number; offset: number }): Promise<{ rows: PurchaseRow[]; total: number }> {
    return pageOfRows(
      this.db,
      {
        table: marketPurchases,
        where: eq(marketPurchases.buyerId, buyerId),
        order: [desc(marketPurchases.createdAt), desc(marketPurchases.id)],
      },
      page,
    );
  }

  /** The order pages: one side's purchases, newest first, with the count and money of the completed ones. */
  ordersPage(side: 'buyer' | 'seller', userId: number, filter: OrderFilter<MarketPurchaseStatus>, page: { limit: number; offset: number }) {
    const conditions = [
      eq(side === 'buyer' ? marketPurchases.buyerId : marketPurchases.sellerId, userId),
      ...orderFilterConditions(filter, marketPurchases),
    ];
    return pageOfOrders(
      this.db,
      { table: marketPurchases, where: and(...conditions), order: [desc(marketPurchases.createdAt), desc(marketPurchases.id)] },
      page,
      // Every purchase is completed on the orders pages, a refunded one too (money moved, and back), as a
      // refunded recharge stays a paid order there (docs/orders.md "Statuses"): the totals count them alike.
      {
        completed: sql`true`,
        amount: side === 'buyer' ? marketPurchases.priceFen : marketPurchases.incomeFen,
      },
    );
  }

  adminPurchases(
    filter: { status?: MarketPurchaseStatus; orderNo?: string; userIds?: number[] },
    page: { limit: number; offset: number },
  ): Promise<{ rows: PurchaseRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(marketPurchases.status, filter.status));
    if (filter.orderNo !== undefined || filter.userIds !== undefined) {
      const anyOf = or(
        filter.orderNo !== undefined ? eq(marketPurchases.orderNo, filter.orderNo) : undefined,
        filter.userIds && filter.userIds.length > 0 ? inArray(marketPurchases.buyerId, filter.userIds) : undefined,
        filter.userIds && filter.userIds.length > 0 ? inArray(marketPurchases.sellerId, filter.userIds) : undefined,
      );
      conditions.push(anyOf ?? sql`false`);
    }
    return pageOfRows(
      this.db,
      { table: marketPurchases, where: and(...conditions), order: [desc(marketPurchases.createdAt), desc(marketPurchases.id)] },
      page,
    );
  }

  // Settings

  async settings(executor: Executor = this.db): Promise<MarketSettings> {
    const [row] = await executor.select().from(marketSettings).where(eq(marketSettings.id, 1));
    return row ? { feeBasisPoints: row.feeBasisPoints, refundWindowDays: row.refundWindowDays } : { ...MARKET_DEFAULT_SETTINGS };
  }

  async saveSettings(settings: MarketSettings, updatedBy: number, tx: Transaction): Promise<void> {
    await tx
      .insert(marketSettings)
      .values({ id: 1, ...settings, updatedBy })
      .onConflictDoUpdate({ target: marketSettings.id, set: { ...settings, updatedBy, updatedAt: new Date() } });
  }
}

/** The listings on the market a search matches. */
function searchConditions(search: ListingSearch): SQL | undefined {
  const conditions: SQL[] = [eq(marketListings.status, 'onMarket')];
  if (search.keyword) {
    if (search.keyword.grams.length > 0) conditions.push(arrayContains(marketListings.searchGrams, search.keyword.grams));
    conditions.push(sql`strpos(${marketListings.searchText}, ${search.keyword.text}) > 0`);
  }
  if (search.type) conditions.push(eq(marketListings.workType, search.type));
  if (search.minPrice !== undefined) conditions.push(gte(marketListings.priceFen, search.minPrice));
  if (search.maxPrice !== undefined) conditions.push(lte(marketListings.priceFen, search.maxPrice));
  return and(...conditions);
}
