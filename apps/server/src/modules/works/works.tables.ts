import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idRef, serialId, updatedAt } from '../../db/schema/columns.js';
import { ASSET_KINDS, WORK_STATUSES, WORK_TYPES } from '@spatia/contract';
import { userRef, users } from '../users/users.tables.js';

/** A work ("model" in the API): a panorama tour, a 3D model or a point cloud owned by one user. */
export const works = pgTable(
  'works',
  {
    id: serialId(),
    uid: text('uid').notNull().unique(),
    ownerId: userRef('owner_id'),
    type: text('type', { enum: WORK_TYPES }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: WORK_STATUSES }).notNull().default('unpublished'),
    openInOfficial: boolean('open_in_official').notNull().default(false),
    /** Fen; null when the work is not on the market. */
    marketPrice: bigint('market_price', { mode: 'number' }),
    /** The monthly traffic budget in GB. */
    budget: integer('budget').notNull().default(200),
    address: text('address').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Storage key of the cover shown in lists, derived from the cover asset. */
    coverKey: text('cover_key').notNull().default(''),
    /** Opens of the public page (`POST /api/model/{id}/views`), at most one per visitor and hour. */
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    /** Counts changes of what a viewer sees (name, description, cover, origin). */
    version: integer('version').notNull().default(1),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    shopId: bigint('shop_id', { mode: 'number' }),
    /** The reviewer's note on the last decision. */
    reviewNote: text('review_note').notNull().default(''),
    /** When the work last entered the review queue (submitted for review). */
    reviewSubmittedAt: timestamp('review_submitted_at', { withTimezone: true }),
    /** The admin who claimed the review: only they may decide it (docs/work-lifecycle.md). */
    reviewerId: bigint('reviewer_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /**
     * Character unigrams and bigrams of the normalized name, description and tags. A GIN index on it
     * finds Chinese keywords of one or two characters, which trigram indexes cannot.
     */
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The same text, normalized, to confirm a gram match is a real substring match. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  // Lists are ordered newest first by (created_at, id), an order only the owner's index gives. Ordered
  // by id alone, the planner may walk the primary key of the whole table backwards looking for one
  // owner's rows, which for a heavy account whose works are old means most of the table.
  (table) => [
    index('works_owner_live_idx')
      .on(table.ownerId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('works_owner_deleted_idx')
      .on(table.ownerId, table.deletedAt)
      .where(sql`${table.deletedAt} is not null`),
    index('works_search_grams_idx').using('gin', table.searchGrams),
    // The public map's area query (docs/map.md): the few works with a location, by longitude then latitude.
    index('works_location_idx')
      .on(table.longitude, table.latitude)
      .where(sql`${table.latitude} is not null and ${table.deletedAt} is null`),
    // The sitemap's newest public pages (seo): read from the top of this index, never a sort of every work.
    index('works_public_updated_idx')
      .on(table.updatedAt.desc())
      .where(sql`${table.status} <> 'unpublished' and ${table.deletedAt} is null`),
    // The official showcase of one type (the phone category lists, docs/mobile.md), newest first: read backwards
    // from the end of the type's part of this index (ascending keys, because the showcase's `desc` orders put nulls
    // first, and drizzle's descending keys put them last). It holds only the showcase's works, so the untyped
    // showcase counts and sorts just those.
    index('works_showcase_type_idx')
      .on(table.type, table.updatedAt, table.id)
      .where(sql`${table.openInOfficial} and ${table.status} = 'exposed' and ${table.deletedAt} is null`),
    index('works_status_idx')
      .on(table.status)
      .where(sql`${table.status} in ('unaudited', 'underReview')`),
    check('works_budget_positive', sql`${table.budget} > 0`),
    check('works_market_price_positive', sql`${table.marketPrice} is null or ${table.marketPrice} > 0`),
  ],
);

/** A file of a work. Keys are content-addressed, so a copied work points at the same bytes. */
export const workAssets = pgTable(
  'work_assets',
  {
    id: serialId(),
    workId: idRef('work_id', () => works.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ASSET_KINDS }).notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.workId, table.kind), index().on(table.storageKey)],
);

/** A short-lived permission to upload one asset of one work through tus. The token is stored hashed. */
export const workUploadGrants = pgTable('work_upload_grants', {
  id: serialId(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: userRef('user_id'),
  workId: idRef('work_id', () => works.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ASSET_KINDS }).notNull(),
  maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
  accept: text('accept').array().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * How many works each owner has per status, outside the recycle bin. A trigger on `works` keeps it
 * in step within the same transaction (see the 0007 migration), so a list's total and the console's
 * counts cost one index lookup however many works an account has.
 */
export const workCounts = pgTable(
  'work_counts',
  {
    ownerId: userRef('owner_id'),
    status: text('status', { enum: WORK_STATUSES }).notNull(),
    live: integer('live').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.status] })],
);
