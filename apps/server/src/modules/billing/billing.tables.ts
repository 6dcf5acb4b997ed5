import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from '../../db/schema/columns.js';
import { userRef, users } from '../users/users.tables.js';
import { works } from '../works/works.tables.js';

/** The prices traffic and lease time are billed at: one row, edited in the back office (docs/billing.md). */
export const billingPrices = pgTable(
  'billing_prices',
  {
    id: integer('id').primaryKey().default(1),
    requestFenPer10k: integer('request_fen_per_10k').notNull(),
    gbFen: integer('gb_fen').notNull(),
    leaseMonthFen: integer('lease_month_fen').notNull(),
    lowBalanceFen: bigint('low_balance_fen', { mode: 'number' }).notNull(),
    graceDays: integer('grace_days').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('billing_prices_single_row', sql`${table.id} = 1`),
    check(
      'billing_prices_valid',
      sql`${table.requestFenPer10k} >= 0 and ${table.gbFen} >= 0 and ${table.leaseMonthFen} > 0 and ${table.lowBalanceFen} >= 0 and ${table.graceDays} >= 0`,
    ),
  ],
);

/**
 * One owner's traffic of one UTC day, billed once: the key is (owner, day), so a rerun of the day finds
 * it billed. `charged_fen` is what the balance paid so far; the rest is unpaid until a later run settles it.
 */
export const trafficBills = pgTable(
  'traffic_bills',
  {
    ownerId: userRef('owner_id', 'restrict'),
    day: date('day', { mode: 'string' }).notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    requestCostFen: bigint('request_cost_fen', { mode: 'number' }).notNull(),
    trafficCostFen: bigint('traffic_cost_fen', { mode: 'number' }).notNull(),
    /** What the balance owes for the day: the two costs, or 0 on a day a lease covers. */
    costFen: bigint('cost_fen', { mode: 'number' }).notNull(),
    coveredByLease: boolean('covered_by_lease').notNull().default(false),
    chargedFen: bigint('charged_fen', { mode: 'number' }).notNull().default(0),
    billedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerId, table.day] }),
    index('traffic_bills_unpaid')
      .on(table.ownerId, table.day)
      .where(sql`${table.chargedFen} < ${table.costFen}`),
    check('traffic_bills_charged', sql`${table.chargedFen} between 0 and ${table.costFen}`),
  ],
);

/**
 * UTC days whose traffic has been billed, so the daily run skips them. A run of a day locks its row, so
 * two runs of one day take turns; `runs` numbers them (the day's ledger movements are told apart by it).
 */
export const billedDays = pgTable('billed_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  owners: integer('owners').notNull(),
  runs: integer('runs').notNull().default(1),
  billedAt: createdAt(),
});

/** Lease time bought from the balance: back-to-back periods, each starting where the last one ends. */
export const leasePeriods = pgTable(
  'lease_periods',
  {
    id: serialId(),
    userId: userRef('user_id', 'restrict'),
    months: integer('months').notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.userId, table.endsAt),
    uniqueIndex('lease_periods_idempotency_key').on(table.userId, table.idempotencyKey),
    check('lease_periods_valid', sql`${table.months} > 0 and ${table.priceFen} > 0 and ${table.endsAt} > ${table.startsAt}`),
  ],
);

/** Works that served their monthly budget (GB) this month: viewers see a notice until the month ends or the budget rises. */
export const budgetHolds = pgTable('budget_holds', {
  workId: bigint('work_id', { mode: 'number' })
    .primaryKey()
    .references(() => works.id, { onDelete: 'cascade' }),
  ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
  /** The UTC month (YYYY-MM) whose traffic went over the budget. */
  month: text('month').notNull(),
  createdAt: createdAt(),
});

/** Per owner: the balance's standing, so each notice is sent once per crossing. */
export const billingOwners = pgTable('billing_owners', {
  ownerId: bigint('owner_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lowBalanceSent: boolean('low_balance_sent').notNull().default(false),
  /** Since when the owner's works are paused for traffic the balance did not cover past the grace period. */
  pausedSince: timestamp('paused_since', { withTimezone: true }),
  updatedAt: updatedAt(),
});
