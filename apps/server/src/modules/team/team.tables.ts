import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idRef, serialId, updatedAt } from '../../db/schema/columns.js';
import { userRef, users } from '../users/users.tables.js';

/**
 * Per person, the size of their team and what it earned them, kept in the transaction of each change
 * (a registration with their code or a code of their first level; a reward; a reversal), so that the
 * overview reads one row however large the team (bench/team-overview.mjs). A person without a row was
 * never counted: the first change or read counts them from the invitation tree.
 */
export const teamCounts = pgTable(
  'team_counts',
  {
    userId: userRef('user_id').primaryKey(),
    firstCount: integer('first_count').notNull().default(0),
    secondCount: integer('second_count').notNull().default(0),
    /** Every reward earned, net of reversals, in fen. */
    rewardFen: bigint('reward_fen', { mode: 'number' }).notNull().default(0),
    /** Of those, what is still pending. */
    pendingFen: bigint('pending_fen', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    check(
      'team_counts_not_negative',
      sql`${table.firstCount} >= 0 and ${table.secondCount} >= 0 and ${table.rewardFen} >= 0 and ${table.pendingFen} >= 0`,
    ),
  ],
);

/**
 * Per person and business day of payment, the rewards earned net of reversals, kept with each reward and
 * reversal: today's and this month's figures of the overview read at most 31 rows.
 */
export const teamDaily = pgTable(
  'team_daily',
  {
    userId: userRef('user_id'),
    day: text('day').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** A real payment by someone with a superior, recorded once by its reference (the paying module's order), with what refunds took back. */
export const teamPayments = pgTable(
  'team_payments',
  {
    id: serialId(),
    /** `{source}:{order no}`: the same payment told twice is one row. */
    reference: text('reference').notNull(),
    source: text('source', { enum: ['flowRecharge', 'market', 'serviceOrder'] }).notNull(),
    payerUserId: userRef('payer_user_id', 'restrict'),
    orderNo: text('order_no').notNull(),
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull(),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('team_payments_reference').on(table.reference),
    check('team_payments_amounts', sql`${table.paidFen} > 0 and ${table.refundedFen} between 0 and ${table.paidFen}`),
  ],
);

/** One reward per payment and level: what the superior (level 1) or theirs (level 2) earns from it now. */
export const teamRewards = pgTable(
  'team_rewards',
  {
    id: serialId(),
    paymentId: idRef('payment_id', () => teamPayments.id, { onDelete: 'restrict' }),
    level: smallint('level').notNull(),
    beneficiaryUserId: userRef('beneficiary_user_id', 'restrict'),
    payerUserId: userRef('payer_user_id', 'restrict'),
    kind: text('kind', { enum: ['flow', 'project'] }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    basisPoints: integer('basis_points').notNull(),
    /** The reward now: the rate of the payment net of refunds. */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'withdrawable', 'reversed'] }).notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('team_rewards_one_per_level').on(table.paymentId, table.level),
    index('team_rewards_by_beneficiary').on(table.beneficiaryUserId, table.kind, table.paidAt, table.id),
    index('team_rewards_by_payer').on(table.beneficiaryUserId, table.payerUserId),
    index('team_rewards_due')
      .on(table.releaseAt)
      .where(sql`${table.status} = 'pending'`),
    check('team_rewards_level', sql`${table.level} in (1, 2)`),
    check('team_rewards_amount', sql`${table.amountFen} >= 0`),
  ],
);

/** Each refund told, once by its reference. */
export const teamRefunds = pgTable('team_refunds', {
  id: serialId(),
  reference: text('reference').notNull().unique(),
  paymentId: idRef('payment_id', () => teamPayments.id, { onDelete: 'restrict' }),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/** The rates and the pending window, one row (admins change them); without a row the defaults apply. */
export const teamSettings = pgTable(
  'team_settings',
  {
    id: integer('id').primaryKey().default(1),
    firstLevelBasisPoints: integer('first_level_basis_points').notNull(),
    secondLevelBasisPoints: integer('second_level_basis_points').notNull(),
    pendingDays: integer('pending_days').notNull(),
    updatedAt: updatedAt(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('team_settings_one_row', sql`${table.id} = 1`)],
);
