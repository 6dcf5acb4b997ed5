import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  MARKET_LICENCES,
  MARKET_LISTING_STATUSES,
  MARKET_OFF_REASONS,
  MARKET_PURCHASE_STATUSES,
  PAYMENT_PROVIDERS,
  WORK_TYPES,
} from '@spatia/contract';
import { createdAt, idRef, serialId, updatedAt } from '../../db/schema/columns.js';
import { userRef, users } from '../users/users.tables.js';
import { works } from '../works/works.tables.js';

/**
 * A work offered on the market: one row per work, whose status goes pending → onMarket → off (or rejected),
 * and back to pending when its seller submits it again (docs/market.md). What the market shows and searches
 * of the work is copied here when the listing is submitted and again when it is approved: a change of what
 * a reviewer approved (name, description, cover, files) takes the listing off (`work.leftMarket`).
 */
export const marketListings = pgTable(
  'market_listings',
  {
    id: serialId(),
    workId: idRef('work_id', () => works.id, { onDelete: 'cascade' }),
    sellerId: userRef('seller_id'),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    licence: text('licence', { enum: MARKET_LICENCES }).notNull(),
    status: text('status', { enum: MARKET_LISTING_STATUSES }).notNull().default('pending'),
    /** A rejection's or an admin's taking off reason; '' otherwise. */
    reason: text('reason').notNull().default(''),
    offReason: text('off_reason', { enum: MARKET_OFF_REASONS }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** When it last went on the market ("newest"). */
    listedAt: timestamp('listed_at', { withTimezone: true }),
    /** Completed purchases, less refunded ones ("popular"). */
    sales: integer('sales').notNull().default(0),
    workUid: text('work_uid').notNull(),
    workName: text('work_name').notNull(),
    workType: text('work_type', { enum: WORK_TYPES }).notNull(),
    workDescription: text('work_description').notNull().default(''),
    coverKey: text('cover_key').notNull().default(''),
    /** The work's search grams and normalized text (docs/works.md "Search"), for the market's search. */
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('market_listings_work').on(table.workId),
    index('market_listings_seller').on(table.sellerId, table.submittedAt, table.id),
    index('market_listings_search_grams').using('gin', table.searchGrams),
    // Ascending: scanned backwards they give `desc` (nulls first), the order the search asks for.
    index('market_listings_newest')
      .on(table.listedAt, table.id)
      .where(sql`${table.status} = 'onMarket'`),
    index('market_listings_price')
      .on(table.priceFen, table.id)
      .where(sql`${table.status} = 'onMarket'`),
    index('market_listings_popular')
      .on(table.sales, table.id)
      .where(sql`${table.status} = 'onMarket'`),
    index('market_listings_review').on(table.status, table.submittedAt, table.id),
    check('market_listings_price_positive', sql`${table.priceFen} > 0`),
    check('market_listings_sales', sql`${table.sales} >= 0`),
  ],
);

/**
 * A purchase of a listing: the entitlement (a view licence, or the copy made into the buyer's works), the
 * money as booked (reference `market:purchase:{id}`), and its refund. What was bought is copied here, so
 * the buyer's and seller's lists stay true after the work changes or goes.
 */
export const marketPurchases = pgTable(
  'market_purchases',
  {
    id: serialId(),
    orderNo: text('order_no').notNull().unique(),
    /** Not a foreign key: a purchase outlives its listing (a purged work). */
    listingId: bigint('listing_id', { mode: 'number' }).notNull(),
    workId: bigint('work_id', { mode: 'number' }).references(() => works.id, { onDelete: 'set null' }),
    buyerId: userRef('buyer_id'),
    sellerId: userRef('seller_id'),
    licence: text('licence', { enum: MARKET_LICENCES }).notNull(),
    status: text('status', { enum: MARKET_PURCHASE_STATUSES }).notNull().default('completed'),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    /** What the seller earned: the price less the fee. */
    incomeFen: bigint('income_fen', { mode: 'number' }).notNull(),
    paidFromBalanceFen: bigint('paid_from_balance_fen', { mode: 'number' }).notNull(),
    paidByProviderFen: bigint('paid_by_provider_fen', { mode: 'number' }).notNull().default(0),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }),
    /** The payment order that paid what the balance lacked. */
    paymentOrderId: bigint('payment_order_id', { mode: 'number' }),
    /** The buyer's copy, for a copy licence. */
    copyWorkId: bigint('copy_work_id', { mode: 'number' }).references(() => works.id, { onDelete: 'set null' }),
    workUid: text('work_uid').notNull(),
    workName: text('work_name').notNull(),
    workType: text('work_type', { enum: WORK_TYPES }).notNull(),
    coverKey: text('cover_key').notNull().default(''),
    idempotencyKey: text('idempotency_key'),
    requestFingerprint: text('request_fingerprint').notNull().default(''),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundReason: text('refund_reason').notNull().default(''),
    refundedBy: bigint('refunded_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The refunding admin's Idempotency-Key: the same key answers the refund it made. */
    refundIdempotencyKey: text('refund_idempotency_key'),
  },
  (table) => [
    uniqueIndex('market_purchases_one_per_buyer')
      .on(table.listingId, table.buyerId)
      .where(sql`${table.status} = 'completed'`),
    uniqueIndex('market_purchases_idempotency')
      .on(table.buyerId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('market_purchases_buyer').on(table.buyerId, table.createdAt, table.id),
    index('market_purchases_seller').on(table.sellerId, table.createdAt, table.id),
    // Listing a work asks whether it is a bought copy (docs/market.md "A listing").
    index('market_purchases_copy')
      .on(table.copyWorkId)
      .where(sql`${table.copyWorkId} is not null`),
    check(
      'market_purchases_money',
      sql`${table.priceFen} > 0 and ${table.feeFen} >= 0 and ${table.feeFen} <= ${table.priceFen} and ${table.incomeFen} = ${table.priceFen} - ${table.feeFen}`,
    ),
    check(
      'market_purchases_paid',
      sql`${table.paidFromBalanceFen} >= 0 and ${table.paidByProviderFen} >= 0 and ${table.paidFromBalanceFen} + ${table.paidByProviderFen} = ${table.priceFen}`,
    ),
  ],
);

/** The market's settings, one row: the platform's fee and the refund window (admins change them). */
export const marketSettings = pgTable(
  'market_settings',
  {
    id: integer('id').primaryKey().default(1),
    feeBasisPoints: integer('fee_basis_points').notNull(),
    refundWindowDays: integer('refund_window_days').notNull(),
    updatedAt: updatedAt(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('market_settings_one_row', sql`${table.id} = 1`),
    check('market_settings_fee', sql`${table.feeBasisPoints} between 0 and 10000`),
    check('market_settings_window', sql`${table.refundWindowDays} >= 0`),
  ],
);
