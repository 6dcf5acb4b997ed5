import { and, arrayContains, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { statusesShownAs, type WorkStatus, type WorkType } from '@spatia/contract';
import { workCounts, works } from './works.tables.js';
import type { ListedWork, WorkRow } from './works.repository.js';

/**
 * The works list's hand-tuned SQL (the console's hottest read): one statement per shape of filter,
 * built once and run as a hot query by WorksRepository.list.
 */

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

/** A listed row as the database names it; int8 arrives as text from pg, as a number from PGlite. */
export interface ListedRecord {
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

export function toListedWork(record: ListedRecord): ListedWork {
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

export type ListValues = ReturnType<typeof listValues>;

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

export function listCountQuery(shape: ListShape): SQL {
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
