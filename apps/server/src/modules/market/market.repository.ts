import { randomBytes } from 'node:crypto';
import { and, arrayContains, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  MARKET_DEFAULT_SETTINGS,
  MARKET_SEARCH_TOTAL_MAX,
  type MarketListingStatus,
  type MarketPurchaseStatus,
  type MarketSettings,
  type MarketSort,
  type WorkType,
} from '@spatia/contract';
import { afterCommit } from '../../db/after-commit.js';
import { rowsOf, type Db, type Executor, type Transaction } from '../../db/database.js';
import { findOneRow, updateRowById } from '../../db/one-row.js';
import { orderFilterConditions, pageOfOrders, pageOfRows, type OrderFilter } from '../../db/page-of-rows.js';
import type { Cache } from '../../lib/cache.js';
import { users } from '../users/users.tables.js';
import { marketListings, marketPurchases, marketSettings } from './market.tables.js';

export type ListingRow = typeof marketListings.$inferSelect;
/** What a search's card needs of a listing, with its seller's public profile (null: the seller is gone). */
export type ListingCardRow = Pick<
  ListingRow,
  'id' | 'sellerId' | 'priceFen' | 'licence' | 'sales' | 'listedAt' | 'submittedAt' | 'workUid' | 'workName' | 'workType' | 'coverKey'
> & { seller: { uid: string; name: string; avatarUrl: string } | null };
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
  /** `cache`: where the searches' totals are kept (none: counted on every search). */
  constructor(
    readonly db: Db,
    private readonly cache?: Cache,
  ) {}

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

  /** The listings on the market of these works (at most one each), newest first: a space's shop. */
  async onMarketOfWorks(workIds: readonly number[]): Promise<ListingRow[]> {
    if (workIds.length === 0) return [];
    return this.db
      .select()
      .from(marketListings)
      .where(and(inArray(marketListings.workId, [...workIds]), eq(marketListings.status, 'onMarket')))
      .orderBy(desc(marketListings.listedAt), desc(marketListings.id));
  }

  /** The listings on the market, newest first. */
  async listedIds(limit: number): Promise<{ id: number; listedAt: Date }[]> {
    const rows = await this.db
      .select({ id: marketListings.id, listedAt: marketListings.listedAt })
      .from(marketListings)
      .where(eq(marketListings.status, 'onMarket'))
      .orderBy(desc(marketListings.listedAt))
      .limit(limit);
    return rows.map((row) => ({ id: row.id, listedAt: row.listedAt ?? new Date(0) }));
  }

  async insertListing(values: Omit<typeof marketListings.$inferInsert, 'id'>, tx: Transaction): Promise<ListingRow> {
    const [row] = await tx.insert(marketListings).values(values).returning();
    await this.changed(tx);
    return row!;
  }

  async updateListing(id: number, changes: ListingChanges, executor: Executor): Promise<ListingRow> {
    const row = await updateRowById(executor, marketListings, id, changes);
    await this.changed(executor);
    return row;
  }

  async addSales(id: number, delta: number, executor: Executor): Promise<void> {
    await executor
      .update(marketListings)
      .set({ sales: sql`greatest(${marketListings.sales} + ${delta}, 0)` })
      .where(eq(marketListings.id, id));
    await this.changed(executor);
  }

  /**
   * A page of the listings on the market as cards, with each seller's name and avatar and the total, in one
   * statement. The keyword's grams go through the GIN index, the substring test drops false matches;
   * `total` counts at most MARKET_SEARCH_TOTAL_MAX (a broad search would otherwise count every listing for
   * every page). The total is the costly part (every match's row is read), so it is kept in the cache
   * under the market's generation, which every change of a listing renews after its commit
   * (docs/market.md "Browsing"); without a cache it is counted every time.
   */
  async search(
    search: ListingSearch,
    page: { limit: number; offset: number },
    options: { cachedPage?: boolean } = {},
  ): Promise<{ rows: ListingCardRow[]; total: number }> {
    const generation = this.cache ? await this.generation() : undefined;
    const filter = JSON.stringify([search.keyword?.text ?? '', search.type ?? '', search.minPrice ?? '', search.maxPrice ?? '']);
    const pageKey =
      generation && options.cachedPage
        ? `market:searchPage:${generation}:${filter}:${search.sort}:${page.limit}:${page.offset}`
        : undefined;
    const totalKey = generation ? `market:searchTotal:${generation}:${filter}` : undefined;
    // Both asked at once: a page not kept then costs one round trip to the cache, not two.
    const [kept, known] = await Promise.all([
      pageKey ? this.cache!.get<{ rows: RawCardRow[]; total: number }>(pageKey) : undefined,
      totalKey ? this.cache!.get<number>(totalKey) : undefined,
    ]);
    if (kept) return { rows: kept.rows.map(cardRowOf), total: kept.total };
    const rows = await rowsOf<RawCardRow>(this.db, this.searchStatement(search, page, known === undefined));
    let total = known;
    if (total === undefined) {
      if (rows.length > 0) total = Number(rows[0]!.total);
      else {
        // Past the last page: nothing carried the count.
        const [counted] = await rowsOf<{ total: number | string }>(this.db, sql`select ${cappedCount(search)} as total`);
        total = Number(counted?.total ?? 0);
      }
      if (totalKey) await this.cache!.set(totalKey, total, SEARCH_TOTAL_TTL_SECONDS);
    }
    if (pageKey) await this.cache!.set(pageKey, { rows, total }, SEARCH_PAGE_TTL_SECONDS);
    return { rows: rows.map(cardRowOf), total };
  }

  /** The plan of a search's page (its test shows the gram index finds Chinese keywords). */
  async searchPlan(search: ListingSearch, page: { limit: number; offset: number }): Promise<string> {
    const rows = await rowsOf<{ 'QUERY PLAN': string }>(this.db, sql`explain ${this.searchStatement(search, page, true)}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  /**
   * The search's one statement: the page of listings (through the sort's partial index or the gram index),
   * their sellers' names, and, when asked, the capped count (an init plan, evaluated once).
   */
  private searchStatement(search: ListingSearch, page: { limit: number; offset: number }, withTotal: boolean): SQL {
    const inner = {
      newest: sql`${marketListings.listedAt} desc, ${marketListings.id} desc`,
      popular: sql`${marketListings.sales} desc, ${marketListings.id} desc`,
      priceAsc: sql`${marketListings.priceFen} asc, ${marketListings.id} asc`,
      priceDesc: sql`${marketListings.priceFen} desc, ${marketListings.id} desc`,
    }[search.sort];
    const outer = {
      newest: sql`l.listed_at desc, l.id desc`,
      popular: sql`l.sales desc, l.id desc`,
      priceAsc: sql`l.price_fen asc, l.id asc`,
      priceDesc: sql`l.price_fen desc, l.id desc`,
    }[search.sort];
    const total = withTotal ? cappedCount(search) : sql`null`;
    return sql`
      select l.id, l.seller_id, l.price_fen, l.licence, l.sales, l.listed_at, l.submitted_at,
             l.work_uid, l.work_name, l.work_type, l.cover_key,
             u.uid as seller_uid, u.full_name as seller_name, u.avatar_url as seller_avatar_url,
             ${total} as total
      from (select ${marketListings.id}, ${marketListings.sellerId}, ${marketListings.priceFen}, ${marketListings.licence},
                   ${marketListings.sales}, ${marketListings.listedAt}, ${marketListings.submittedAt}, ${marketListings.workUid},
                   ${marketListings.workName}, ${marketListings.workType}, ${marketListings.coverKey}
            from ${marketListings}
            where ${searchConditions(search)}
            order by ${inner}
            limit ${page.limit} offset ${page.offset}) as l
      left join lateral (select ${users.uid}, ${users.fullName}, ${users.avatarUrl} from ${users} where ${users.id} = l.seller_id limit 1) as u on true
      order by ${outer}`;
  }

  /**
   * The market's generation, under which searches' totals and pages are kept. A missing one is made before
   * the search runs, so a search that read the market before a change's commit is always kept under a
   * generation that change renews afterwards.
   */
  private async generation(): Promise<string> {
    const cache = this.cache!;
    let generation = await cache.get<string>(GENERATION_KEY);
    if (!generation) {
      generation = newGeneration();
      await cache.set(GENERATION_KEY, generation, GENERATION_TTL_SECONDS);
    }
    return generation;
  }

  /** After a change of a listing commits (at once outside a transaction), every search is answered afresh. */
  private async changed(executor: Executor): Promise<void> {
    const cache = this.cache;
    if (!cache) return;
    const renew = () => cache.set(GENERATION_KEY, newGeneration(), GENERATION_TTL_SECONDS);
    if (executor === this.db) await renew();
    else afterCommit(executor as Transaction, renew);
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

/**
 * How long a search's total, and an anonymous search's page, are kept at most. Every change of a listing
 * through this repository (status, terms, what the work shows, sales) renews the generation at once, so
 * these only bound what the repository cannot see: a seller's new name or avatar reaches anonymous
 * visitors' pages within SEARCH_PAGE_TTL_SECONDS (signed-in callers never read a kept page).
 */
const SEARCH_TOTAL_TTL_SECONDS = 60;
const SEARCH_PAGE_TTL_SECONDS = 10;
const GENERATION_KEY = 'market:searchGeneration';
const GENERATION_TTL_SECONDS = 24 * 60 * 60;

function newGeneration(): string {
  return randomBytes(6).toString('hex');
}

/** The number of listings a search matches, counting at most MARKET_SEARCH_TOTAL_MAX. */
function cappedCount(search: ListingSearch): SQL {
  return sql`(select count(*) from (select 1 from ${marketListings} where ${searchConditions(search)} limit ${MARKET_SEARCH_TOTAL_MAX}) as capped)`;
}

interface RawCardRow {
  id: number | string;
  seller_id: number | string;
  price_fen: number | string;
  licence: ListingRow['licence'];
  sales: number | string;
  listed_at: Date | string | null;
  submitted_at: Date | string;
  work_uid: string;
  work_name: string;
  work_type: WorkType;
  cover_key: string;
  seller_uid: string | null;
  seller_name: string | null;
  seller_avatar_url: string | null;
  total: number | string | null;
}

function cardRowOf(row: RawCardRow): ListingCardRow {
  return {
    id: Number(row.id),
    sellerId: Number(row.seller_id),
    priceFen: Number(row.price_fen),
    licence: row.licence,
    sales: Number(row.sales),
    listedAt: row.listed_at === null ? null : new Date(row.listed_at),
    submittedAt: new Date(row.submitted_at),
    workUid: row.work_uid,
    workName: row.work_name,
    workType: row.work_type,
    coverKey: row.cover_key,
    seller: row.seller_uid === null ? null : { uid: row.seller_uid, name: row.seller_name ?? '', avatarUrl: row.seller_avatar_url ?? '' },
  };
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
