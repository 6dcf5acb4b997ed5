import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { AssetKind, WorkStatus, WorkType } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { findRowsIn } from '../../db/rows-in.js';
import { findOneRow, updateRowById } from '../../db/one-row.js';
import { countAll, countPerDay, type DailyCount } from '../../db/daily-counts.js';
import { HotQueries } from '../../db/hot-query.js';
import { pageOfRows, type ListedRows } from '../../db/page-of-rows.js';
import { workAssets, workCounts, works } from './works.tables.js';
import { workTransfers } from '../transfers/transfers.tables.js';
import {
  listCountQuery,
  listPageQuery,
  listShape,
  listValues,
  toListedWork,
  type ListedRecord,
  type ListShape,
  type ListValues,
  type WorkListFilter,
} from './works-list-query.js';
import type { BusinessCalendar } from '../../lib/business-time.js';

export type { WorkListFilter } from './works-list-query.js';

export type WorkRow = typeof works.$inferSelect;

/** What a list shows of a work: no search columns (dozens of grams each), no location or review note. */
export type WorkSummaryRow = Pick<
  WorkRow,
  | 'uid'
  | 'type'
  | 'name'
  | 'description'
  | 'tags'
  | 'status'
  | 'openInOfficial'
  | 'marketPrice'
  | 'budget'
  | 'coverKey'
  | 'version'
  | 'createdAt'
  | 'updatedAt'
  | 'deletedAt'
>;

/** A work on a page of `list`, with whether a transfer of it waits for its receiver. */
export type ListedWork = WorkSummaryRow & { pendingTransfer: boolean };

export type WorkAssetRow = typeof workAssets.$inferSelect;
export type NewWorkAsset = Omit<typeof workAssets.$inferInsert, 'id' | 'createdAt'>;
export type WorkChanges = Partial<Omit<typeof works.$inferInsert, 'id' | 'uid' | 'createdAt'>>;

/**
 * The official showcase: approved works their owners chose to show, most recently changed first; of one type
 * when asked (read in order from `works_showcase_type_idx`).
 */
export function showcaseListing(type?: WorkType): ListedRows<typeof works> {
  const where = and(
    eq(works.openInOfficial, true),
    eq(works.status, 'exposed'),
    isNull(works.deletedAt),
    type ? eq(works.type, type) : undefined,
  );
  return { table: works, where, order: [desc(works.updatedAt), desc(works.id)] };
}

/**
 * The sitemap's newest public pages, read from the top of `works_public_updated_idx`: its key is descending
 * with nulls last, and a plain `desc` order (nulls first) would not match it, so PostgreSQL would sort every
 * public work (updated_at is never null: the two orders give the same rows).
 */
export function publicPages(db: Db, limit: number) {
  return db
    .select({ uid: works.uid, updatedAt: works.updatedAt })
    .from(works)
    .where(and(sql`${works.status} <> 'unpublished'`, isNull(works.deletedAt)))
    .orderBy(sql`${works.updatedAt} desc nulls last`)
    .limit(limit);
}

/** The only place that reads and writes the works tables. */
export class WorksRepository {
  private readonly hot: HotQueries;

  constructor(readonly db: Db) {
    this.hot = new HotQueries(db);
  }

  async insert(work: typeof works.$inferInsert, executor: Executor = this.db): Promise<WorkRow> {
    const [row] = await executor.insert(works).values(work).returning();
    return row!;
  }

  findByUid(uid: string, executor: Executor = this.db): Promise<WorkRow | undefined> {
    return findOneRow(executor, works, eq(works.uid, uid));
  }

  findById(id: number): Promise<WorkRow | undefined> {
    return findOneRow(this.db, works, eq(works.id, id));
  }

  findByIds(ids: readonly number[]): Promise<WorkRow[]> {
    return findRowsIn(this.db, works, works.id, ids);
  }

  async findIdsByUids(uids: readonly string[]): Promise<Map<string, number>> {
    if (uids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: works.id, uid: works.uid })
      .from(works)
      .where(inArray(works.uid, [...uids]));
    return new Map(rows.map((row) => [row.uid, row.id]));
  }

  /** Of these works, the ids of those `ownerId` owns that anyone may see (online, outside the recycle bin): spaces' counts. */
  async visibleIdsAmong(ownerId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: works.id })
      .from(works)
      .where(and(inArray(works.id, [...ids]), eq(works.ownerId, ownerId), sql`${works.status} <> 'unpublished'`, isNull(works.deletedAt)));
    return new Set(rows.map((row) => row.id));
  }

  /** One page of an owner's works of a type that anyone may see, newest first (the owner's live index). */
  listVisibleOfOwner(
    ownerId: number,
    type: WorkRow['type'],
    page: { limit: number; offset: number },
  ): Promise<{ rows: WorkRow[]; total: number }> {
    const where = and(eq(works.ownerId, ownerId), eq(works.type, type), sql`${works.status} <> 'unpublished'`, isNull(works.deletedAt));
    return pageOfRows(this.db, { table: works, where, order: [desc(works.createdAt), desc(works.id)] }, page);
  }

  /** Locks the row for the rest of the transaction, so two changes of one work cannot interleave. */
  lockByUid(uid: string, executor: Executor): Promise<WorkRow | undefined> {
    return findOneRow(executor, works, eq(works.uid, uid), 'forUpdate');
  }

  lockById(id: number, executor: Executor): Promise<WorkRow | undefined> {
    return findOneRow(executor, works, eq(works.id, id), 'forUpdate');
  }

  async findByUids(ownerId: number | undefined, uids: readonly string[], executor: Executor = this.db): Promise<WorkRow[]> {
    if (uids.length === 0) return [];
    const conditions = [inArray(works.uid, [...uids])];
    if (ownerId !== undefined) conditions.push(eq(works.ownerId, ownerId));
    return executor
      .select()
      .from(works)
      .where(and(...conditions))
      .for('update');
  }

  /**
   * A page of works, each with whether a transfer of it is pending, and the list's total. The hottest
   * read of the console: one statement when the kept counts can answer the total, run as a hot query
   * (built once per shape of filter, read without the query builder's row mapping).
   */
  async list(filter: WorkListFilter): Promise<{ rows: ListedWork[]; total: number }> {
    const shape = listShape(filter);
    const values = listValues(filter);
    const records = await this.hot.run<ListedRecord>(`list-page ${shape.key}`, () => listPageQuery(shape), values);
    const kept = records[0]?.kept_total;
    const total = kept === undefined || kept === null ? await this.countListed(shape, values) : Number(kept);
    return { rows: records.map(toListedWork), total };
  }

  /** A list's total when its page does not carry one: filtered beyond owner and status, or past the end. */
  private async countListed(shape: ListShape, values: ListValues): Promise<number> {
    const [row] = await this.hot.run<{ total: number | string }>(`list-count ${shape.key}`, () => listCountQuery(shape), values);
    return Number(row?.total ?? 0);
  }

  async listDeleted(ownerId: number, limit: number, offset: number): Promise<{ rows: WorkRow[]; total: number }> {
    const where = and(eq(works.ownerId, ownerId), isNotNull(works.deletedAt));
    return pageOfRows(this.db, { table: works, where, order: [desc(works.deletedAt)] }, { limit, offset });
  }

  /** The official showcase (`showcaseListing`), one page. */
  async listShowcase(limit: number, offset: number, type?: WorkType): Promise<{ rows: WorkRow[]; total: number }> {
    return pageOfRows(this.db, showcaseListing(type), { limit, offset });
  }

  /** The uids of works anyone may open (online, outside the recycle bin), most recently changed first. */
  async listPublicPages(limit: number): Promise<{ uid: string; updatedAt: Date }[]> {
    return publicPages(this.db, limit);
  }

  /** Works waiting for or under review, across owners: waiting ones first, then the oldest submission. */
  async listForReview(limit: number, offset: number): Promise<{ rows: WorkRow[]; total: number }> {
    const where = and(inArray(works.status, ['unaudited', 'underReview']), isNull(works.deletedAt));
    const order = [sql`${works.status} = 'underReview'`, sql`coalesce(${works.reviewSubmittedAt}, ${works.updatedAt})`, works.id];
    return pageOfRows(this.db, { table: works, where, order }, { limit, offset });
  }

  update(id: number, changes: WorkChanges, executor: Executor = this.db): Promise<WorkRow> {
    return updateRowById(executor, works, id, changes);
  }

  /** Into the recycle bin: offline, off the showcase and the market, in one write. */
  async moveToRecycleBin(ids: readonly number[], at: Date, executor: Executor): Promise<void> {
    if (ids.length === 0) return;
    await executor
      .update(works)
      .set({ deletedAt: at, status: 'unpublished', openInOfficial: false, marketPrice: null, updatedAt: new Date() })
      .where(inArray(works.id, [...ids]));
  }

  /** Works in recycle bins since before `cutoff`. */
  async findDeletedBefore(cutoff: Date, limit: number): Promise<WorkRow[]> {
    return this.db
      .select()
      .from(works)
      .where(and(isNotNull(works.deletedAt), lt(works.deletedAt, cutoff)))
      .orderBy(works.id)
      .limit(limit);
  }

  /** Removes works and their assets' rows; answers the storage keys no remaining work refers to. */
  async purge(ids: readonly number[], tx: Transaction): Promise<string[]> {
    if (ids.length === 0) return [];
    const keys = await tx
      .selectDistinct({ key: workAssets.storageKey })
      .from(workAssets)
      .where(inArray(workAssets.workId, [...ids]));
    const covers = await tx
      .selectDistinct({ key: works.coverKey })
      .from(works)
      .where(inArray(works.id, [...ids]));
    await tx.delete(works).where(inArray(works.id, [...ids]));
    const candidates = [...new Set([...keys, ...covers].map((row) => row.key).filter(Boolean))];
    if (candidates.length === 0) return [];
    const stillUsed = await tx
      .selectDistinct({ key: workAssets.storageKey })
      .from(workAssets)
      .where(inArray(workAssets.storageKey, candidates));
    const stillCovers = await tx.selectDistinct({ key: works.coverKey }).from(works).where(inArray(works.coverKey, candidates));
    const used = new Set([...stillUsed, ...stillCovers].map((row) => row.key));
    return candidates.filter((key) => !used.has(key));
  }

  async countByStatus(ownerId: number): Promise<Map<WorkStatus, number>> {
    const rows = await this.db
      .select({ status: workCounts.status, live: workCounts.live })
      .from(workCounts)
      .where(eq(workCounts.ownerId, ownerId));
    return new Map(rows.map((row) => [row.status, row.live]));
  }

  async listAssets(workId: number, executor: Executor = this.db): Promise<WorkAssetRow[]> {
    return executor.select().from(workAssets).where(eq(workAssets.workId, workId)).orderBy(workAssets.id);
  }

  async insertAsset(asset: NewWorkAsset, executor: Executor = this.db): Promise<WorkAssetRow> {
    const [row] = await executor.insert(workAssets).values(asset).returning();
    return row!;
  }

  async deleteAssets(workId: number, kinds: readonly AssetKind[] | 'all', executor: Executor = this.db): Promise<void> {
    const conditions = [eq(workAssets.workId, workId)];
    if (kinds !== 'all') conditions.push(inArray(workAssets.kind, [...kinds]));
    await executor.delete(workAssets).where(and(...conditions));
  }

  async addView(id: number): Promise<number> {
    const [row] = await this.db
      .update(works)
      .set({ views: sql`${works.views} + 1` })
      .where(eq(works.id, id))
      .returning({ views: works.views });
    return row?.views ?? 0;
  }

  /** Whether any work holds the stored file as an asset of one of `kinds` (one index look-up). */
  /** Which of these works hold at least one asset of `kind`. */
  async worksWithAssetKind(workIds: readonly number[], kind: AssetKind, executor: Executor = this.db): Promise<Set<number>> {
    if (workIds.length === 0) return new Set();
    const rows = await executor
      .selectDistinct({ workId: workAssets.workId })
      .from(workAssets)
      .where(and(inArray(workAssets.workId, [...workIds]), eq(workAssets.kind, kind)));
    return new Set(rows.map((row) => row.workId));
  }

  async hasAssetOfKinds(key: string, kinds: readonly AssetKind[]): Promise<boolean> {
    const [asset] = await this.db
      .select({ id: workAssets.id })
      .from(workAssets)
      .where(and(eq(workAssets.storageKey, key), inArray(workAssets.kind, [...kinds])))
      .limit(1);
    return asset !== undefined;
  }

  /** Whether a stored file is one of the work's assets or its cover. */
  async holdsFile(workId: number, key: string): Promise<boolean> {
    const [asset] = await this.db
      .select({ id: workAssets.id })
      .from(workAssets)
      .where(and(eq(workAssets.workId, workId), eq(workAssets.storageKey, key)))
      .limit(1);
    if (asset) return true;
    const [work] = await this.db
      .select({ id: works.id })
      .from(works)
      .where(and(eq(works.id, workId), eq(works.coverKey, key)));
    return work !== undefined;
  }

  findAsset(workId: number, assetId: number, executor: Executor = this.db): Promise<WorkAssetRow | undefined> {
    return findOneRow(executor, workAssets, and(eq(workAssets.workId, workId), eq(workAssets.id, assetId)));
  }

  async deleteAsset(workId: number, assetId: number, executor: Executor = this.db): Promise<WorkAssetRow | undefined> {
    const [row] = await executor
      .delete(workAssets)
      .where(and(eq(workAssets.workId, workId), eq(workAssets.id, assetId)))
      .returning();
    return row;
  }

  /** The copy points at the same stored bytes: only rows are written. Answers the copy's asset id for each original's. */
  async copyAssets(fromWorkId: number, toWorkId: number, executor: Executor): Promise<Map<number, number>> {
    const originals = await this.listAssets(fromWorkId, executor);
    if (originals.length === 0) return new Map();
    // PostgreSQL answers the rows of a multi-row insert in the order of its values.
    const copies = await executor
      .insert(workAssets)
      .values(
        originals.map((asset) => ({
          workId: toWorkId,
          kind: asset.kind,
          storageKey: asset.storageKey,
          fileName: asset.fileName,
          size: asset.size,
          contentType: asset.contentType,
          sha256: asset.sha256,
        })),
      )
      .returning({ id: workAssets.id });
    return new Map(originals.map((asset, index) => [asset.id, copies[index]!.id]));
  }

  /** The names of an owner's works (the recycle bin's too) that start with `prefix`. */
  async namesStartingWith(ownerId: number, prefix: string, executor: Executor = this.db): Promise<Set<string>> {
    const rows = await executor
      .select({ name: works.name })
      .from(works)
      .where(and(eq(works.ownerId, ownerId), sql`starts_with(${works.name}, ${prefix})`));
    return new Set(rows.map((row) => row.name));
  }

  /**
   * A pending transfer locks its work. This lock (here, below and in the list's statement) is the one
   * thing the works module reads of the transfers module's table: the list is the console's hottest
   * read and stays one statement. Only the transfers module writes `work_transfers`.
   */
  async hasPendingTransfer(workId: number, executor: Executor = this.db): Promise<boolean> {
    const [row] = await executor
      .select({ id: workTransfers.id })
      .from(workTransfers)
      .where(and(eq(workTransfers.workId, workId), eq(workTransfers.status, 'pending')));
    return row !== undefined;
  }

  async workIdsWithPendingTransfers(workIds: readonly number[]): Promise<Set<number>> {
    if (workIds.length === 0) return new Set();
    const rows = await this.db
      .select({ workId: workTransfers.workId })
      .from(workTransfers)
      .where(and(inArray(workTransfers.workId, [...workIds]), eq(workTransfers.status, 'pending')));
    return new Set(rows.map((row) => row.workId));
  }

  /** Works created per business day of the last `days` days, and all works ever created. */
  async creationStats(days: number, calendar: BusinessCalendar): Promise<{ total: number; perDay: DailyCount[] }> {
    const [total, perDay] = await Promise.all([countAll(this.db, works), countPerDay(this.db, works, works.createdAt, days, calendar)]);
    return { total, perDay };
  }
}
