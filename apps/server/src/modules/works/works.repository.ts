import { and, arrayContains, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { statusesShownAs, type AssetKind, type WorkStatus, type WorkType } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { findRowsIn } from '../../db/rows-in.js';
import { findOneRow } from '../../db/one-row.js';
import { countAll, countPerDay, type DailyCount } from '../../db/daily-counts.js';
import { HotQueries } from '../../db/hot-query.js';
import { pageOfRows } from '../../db/page-of-rows.js';
import { workAssets, workCounts, workUploadGrants, works } from './works.tables.js';
import { workTransfers } from '../transfers/transfers.tables.js';
import { spendOnce } from '../../db/single-use.js';

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

/** A listed row as the database names it; int8 arrives as text from pg, as a number from PGlite. */
interface ListedRecord {
  uid: string;
  type: WorkRow['type'];
  name: string;
  description: string;
  tags: string[];
  status: WorkRow['status'];
  open_in_official: boolean;
  market_price: number | string | null;
  budget: number;
  cover_key: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  pending_transfer: boolean;
  kept_total: number | null;
}

function toListedWork(record: ListedRecord): ListedWork {
  return {
    uid: record.uid,
    type: record.type,
    name: record.name,
    description: record.description,
    tags: record.tags,
    status: record.status,
    openInOfficial: record.open_in_official,
    marketPrice: record.market_price === null ? null : Number(record.market_price),
    budget: record.budget,
    coverKey: record.cover_key,
    version: record.version,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
    // The list never holds works in the recycle bin.
    deletedAt: null,
    pendingTransfer: record.pending_transfer,
  };
}

export type WorkAssetRow = typeof workAssets.$inferSelect;
export type NewWorkAsset = Omit<typeof workAssets.$inferInsert, 'id' | 'createdAt'>;
export type WorkChanges = Partial<Omit<typeof works.$inferInsert, 'id' | 'uid' | 'createdAt'>>;

export interface WorkListFilter {
  ownerId: number;
  /** Others see only works that are online. */
  onlineOnly: boolean;
  /** With `onlineOnly`, the status as those others see it (`publicWorkStatus`): it may stand for several. */
  status?: WorkStatus;
  type?: WorkType;
  tag?: string;
  /** Grams the text must hold, and the normalized substring that confirms the match. */
  keyword?: { grams: string[]; text: string };
  modelName?: { grams: string[]; text: string };
  limit: number;
  offset: number;
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
    return pageOfRows(this.db, works, where, [desc(works.deletedAt)], { limit, offset });
  }

  /** The official showcase: approved works their owners chose to show, most recently changed first. */
  async listShowcase(limit: number, offset: number): Promise<{ rows: WorkRow[]; total: number }> {
    const where = and(eq(works.openInOfficial, true), eq(works.status, 'exposed'), isNull(works.deletedAt));
    return pageOfRows(this.db, works, where, [desc(works.updatedAt), desc(works.id)], { limit, offset });
  }

  /** Works waiting for or under review, across owners: waiting ones first, then the oldest submission. */
  async listForReview(limit: number, offset: number): Promise<{ rows: WorkRow[]; total: number }> {
    const where = and(inArray(works.status, ['unaudited', 'underReview']), isNull(works.deletedAt));
    return pageOfRows(
      this.db,
      works,
      where,
      [sql`${works.status} = 'underReview'`, sql`coalesce(${works.reviewSubmittedAt}, ${works.updatedAt})`, works.id],
      { limit, offset },
    );
  }

  async update(id: number, changes: WorkChanges, executor: Executor = this.db): Promise<WorkRow> {
    const [row] = await executor
      .update(works)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(works.id, id))
      .returning();
    return row!;
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

  async insertGrant(grant: Omit<typeof workUploadGrants.$inferInsert, 'id' | 'createdAt' | 'usedAt'>): Promise<void> {
    await this.db.insert(workUploadGrants).values(grant);
  }

  async findUsableGrant(tokenHash: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(workUploadGrants)
      .where(and(eq(workUploadGrants.tokenHash, tokenHash), isNull(workUploadGrants.usedAt), gt(workUploadGrants.expiresAt, now)));
    return row;
  }

  async findGrantById(id: number) {
    const [row] = await this.db.select().from(workUploadGrants).where(eq(workUploadGrants.id, id));
    return row;
  }

  /** Uses the grant up; false when another upload already did. */
  claimGrant(id: number, now: Date): Promise<boolean> {
    return spendOnce(this.db, workUploadGrants, id, now);
  }

  /** Works created per UTC day of the last `days` days, and all works ever created. */
  async creationStats(days: number): Promise<{ total: number; perDay: DailyCount[] }> {
    const [total, perDay] = await Promise.all([countAll(this.db, works), countPerDay(this.db, works, works.createdAt, days)]);
    return { total, perDay };
  }
}

/** Which filters a list has, not their values: its statements differ only by this. */
export interface ListShape {
  onlineOnly: boolean;
  status: boolean;
  type: boolean;
  tag: boolean;
  /** Whether a search term is set, and whether it has grams for the index to narrow by. */
  keyword: SearchShape;
  modelName: SearchShape;
  /** All of the above as one string, to name the shape's statements. */
  key: string;
}

type SearchShape = 'none' | 'text' | 'grams';

export function listShape(filter: WorkListFilter): ListShape {
  const shape = {
    onlineOnly: filter.onlineOnly,
    status: Boolean(filter.status),
    type: Boolean(filter.type),
    tag: Boolean(filter.tag),
    keyword: searchShape(filter.keyword),
    modelName: searchShape(filter.modelName),
  };
  return { ...shape, key: JSON.stringify(shape) };
}

function searchShape(term: { grams: string[] } | undefined): SearchShape {
  if (term === undefined) return 'none';
  return term.grams.length > 0 ? 'grams' : 'text';
}

function searches(shape: ListShape): boolean {
  return shape.keyword !== 'none' || shape.modelName !== 'none';
}

/** What fills the placeholders of a list's statements. */
export function listValues(filter: WorkListFilter) {
  return {
    ownerId: filter.ownerId,
    status: filter.status,
    statuses: filter.status === undefined ? undefined : statusesShownAs(filter.status),
    type: filter.type,
    tag: filter.tag === undefined ? undefined : [filter.tag],
    keywordGrams: filter.keyword?.grams,
    keywordText: filter.keyword?.text,
    modelNameGrams: filter.modelName?.grams,
    modelNameText: filter.modelName?.text,
    limit: filter.limit,
    offset: filter.offset,
  };
}

type ListValues = ReturnType<typeof listValues>;

/**
 * Where a value of `listValues` goes in a statement of `shape`, written to the driver as `column` writes
 * it. Without a search term the owner's index is the plan whatever the values, so they are hidden from
 * the planner in a sub-select: PostgreSQL plans a prepared statement again on every execution while a
 * plan made for the values at hand looks cheaper than its plan for any values (for a page of a heavy
 * account, always), and planning took more than half its time for a page. With the values hidden both
 * estimate the same and it keeps one plan. A search term's grams decide the plan, so searches show them.
 */
function filterValue(shape: ListShape, name: keyof ListValues, type: AnyPgColumn | 'integer'): SQL {
  const value = type === 'integer' ? sql.placeholder(name) : sql.param(sql.placeholder(name), type);
  if (searches(shape)) return sql`${value}`;
  return sql`(select ${value}::${sql.raw(type === 'integer' ? type : type.getSQLType())})`;
}

/**
 * The page statement of `list` (tests EXPLAIN it). When the kept counts can answer the total, it rides
 * along as a column, so an unfiltered page is one statement.
 */
export function listPageQuery(shape: ListShape): SQL {
  // Newest first by (created_at, id): the owner index gives that order (see the schema). With a
  // search term, ordering by an expression makes the planner narrow through the gram index first
  // and sort the few matches, instead of walking the owner's works until a page of matches turns up.
  const order = searches(shape) ? sql`created_at + interval '0 s' desc, id + 0 desc` : sql`created_at desc, id desc`;
  const keptTotal = countsAnswerTotal(shape) ? sql`(${keptCountQuery(shape)})` : sql`null`;
  return sql`
    select ${sql.raw(LISTED_COLUMNS)}, ${pendingTransferOfListedWork} as pending_transfer, ${keptTotal} as kept_total
    from works where ${and(...listConditions(shape))}
    order by ${order} limit ${filterValue(shape, 'limit', 'integer')} offset ${filterValue(shape, 'offset', 'integer')}`;
}

function listCountQuery(shape: ListShape): SQL {
  if (countsAnswerTotal(shape)) return sql`select (${keptCountQuery(shape)}) as total`;
  return sql`select count(*)::int as total from works where ${and(...listConditions(shape))}`;
}

/** What `toListedWork` reads; the list's condition leaves out works in the recycle bin, so no deleted_at. */
const LISTED_COLUMNS =
  'uid, type, name, description, tags, status, open_in_official, market_price, budget, cover_key, version, created_at, updated_at';

function countsAnswerTotal(shape: ListShape): boolean {
  return !shape.type && !shape.tag && !searches(shape);
}

/** The total of an owner's (and status's) works, from the counts the trigger keeps. */
function keptCountQuery(shape: ListShape) {
  const conditions: SQL[] = [eq(workCounts.ownerId, filterValue(shape, 'ownerId', workCounts.ownerId))];
  if (shape.status) conditions.push(statusCondition(shape, workCounts.status));
  if (shape.onlineOnly) conditions.push(ne(workCounts.status, 'unpublished'));
  return sql`select coalesce(sum(${workCounts.live}), 0)::int from ${workCounts} where ${and(...conditions)}`;
}

/** Written out in full: inside the subquery a bare column reference would name work_transfers.id. */
const pendingTransferOfListedWork = sql<boolean>`exists (select 1 from "work_transfers" as pending where pending.work_id = "works"."id" and pending.status = 'pending')`;

/** The owner's own list keeps one status; another reader's keeps those that show as it (a text array, as tags are). */
function statusCondition(shape: ListShape, column: AnyPgColumn): SQL {
  if (!shape.onlineOnly) return eq(column, filterValue(shape, 'status', column));
  // The cast makes the sub-select that hides the value an array expression, not a row source for ANY.
  return sql`${column} = any(${filterValue(shape, 'statuses', works.tags)}::text[])`;
}

function listConditions(shape: ListShape): SQL[] {
  const value = (name: keyof ListValues, column: AnyPgColumn) => filterValue(shape, name, column);
  const conditions: SQL[] = [eq(works.ownerId, value('ownerId', works.ownerId)), isNull(works.deletedAt)];
  if (shape.onlineOnly) conditions.push(sql`${works.status} <> 'unpublished'`);
  if (shape.status) conditions.push(statusCondition(shape, works.status));
  if (shape.type) conditions.push(eq(works.type, value('type', works.type)));
  if (shape.tag) conditions.push(arrayContains(works.tags, value('tag', works.tags)));
  if (shape.keyword !== 'none') {
    if (shape.keyword === 'grams') conditions.push(arrayContains(works.searchGrams, value('keywordGrams', works.searchGrams)));
    conditions.push(sql`strpos(${works.searchText}, ${value('keywordText', works.searchText)}) > 0`);
  }
  if (shape.modelName !== 'none') {
    if (shape.modelName === 'grams') conditions.push(arrayContains(works.searchGrams, value('modelNameGrams', works.searchGrams)));
    conditions.push(sql`strpos(lower(normalize(${works.name}, NFKC)), ${value('modelNameText', works.name)}) > 0`);
  }
  return conditions;
}
