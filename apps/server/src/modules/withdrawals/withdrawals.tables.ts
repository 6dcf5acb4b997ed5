import {
  PAYOUT_ACCOUNT_COOLING_HOURS_DEFAULT,
  PAYOUT_ACCOUNT_COOLING_HOURS_MAX,
  PAYOUT_CHANNELS,
  PAYOUT_PROVIDERS,
  WITHDRAWAL_STATUSES,
} from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from '../../db/schema/columns.js';
import { userRef, users } from '../users/users.tables.js';

/**
 * Where a person's withdrawals go (docs/withdrawals.md): at most one account per channel, replaced by
 * binding again. A withdrawal copies the account it goes to, so changing or removing one later never
 * changes a withdrawal already asked for.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: userRef('user_id'),
    channel: text('channel', { enum: PAYOUT_CHANNELS }).notNull(),
    /** The Alipay login id (mobile number or e-mail), the Alipay user id (2088…, bound by authorization) or the WeChat openid. */
    account: text('account').notNull(),
    /** The payee's real name: Alipay and WeChat check it against the account. */
    realName: text('real_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.channel] }),
    // An Alipay user id bound by authorization belongs to one person only.
    uniqueIndex('payout_accounts_alipay_user_id')
      .on(table.account)
      .where(sql`${table.channel} = 'alipay' and ${table.account} ~ '^2088[0-9]{12}$'`),
  ],
);

/**
 * A request to take income out. Its ledger postings (request, paid, reversal) are keyed by its id, and
 * its number is the providers' idempotent business number (Alipay's out_biz_no, WeChat's out_bill_no),
 * so a payout retried after an unknown outcome is never paid twice.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serialId(),
    /** `W` + UTC time to the second + 8 random hex digits: letters and digits only, as WeChat requires. */
    withdrawalNo: text('withdrawal_no').notNull().unique(),
    /** A money record: the user it names is never deleted from under it. */
    userId: userRef('user_id', 'restrict'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    channel: text('channel', { enum: PAYOUT_CHANNELS }).notNull(),
    /** The payout account as it was at the request. */
    account: text('account').notNull(),
    realName: text('real_name').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('reviewing'),
    rejectReason: text('reject_reason').notNull().default(''),
    /** The provider's reason for refusing the payout. */
    failure: text('failure').notNull().default(''),
    reviewerId: bigint('reviewer_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Who pays it out, fixed when the payout starts: later runs ask the same provider. */
    provider: text('provider', { enum: PAYOUT_PROVIDERS }),
    /** The provider's id of the transfer (Alipay's order_id, WeChat's transfer_bill_no, the sandbox's). */
    providerReference: text('provider_reference').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The last thing that went wrong asking the provider (its outcome then unknown), for the operator. */
    lastError: text('last_error').notNull().default(''),
    // ---- payouts that end (docs/withdrawals.md, "Payouts that end") ----
    /** The payout job looks at it again from then on (null: at its next run): backs off after each unknown outcome. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Unknown outcomes in a row (no answer, a system error); a clear answer from the provider resets it. */
    errorStreak: integer('error_streak').notNull().default(0),
    /** When the job gave up after too many unknown outcomes and told the admins: it is not asked again until an admin ends it. */
    payoutStuckAt: timestamp('payout_stuck_at', { withTimezone: true }),
    /** WeChat's `package_info` of a bill waiting for the payee's confirmation ('' otherwise). */
    payeeConfirmation: text('payee_confirmation').notNull().default(''),
    /** When WeChat cancels the bill if the payee never confirmed it (24 h after the transfer). */
    payeeConfirmationUntil: timestamp('payee_confirmation_until', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    requestFingerprint: text('request_fingerprint').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index().on(table.userId, table.createdAt, table.id),
    index('withdrawals_status').on(table.status, table.createdAt, table.id),
    uniqueIndex('withdrawals_idempotency_key').on(table.userId, table.idempotencyKey),
    check('withdrawals_amount', sql`${table.amountFen} > 0`),
    check('withdrawals_paid', sql`(${table.status} = 'paid') = (${table.paidAt} is not null)`),
    check('withdrawals_decided', sql`${table.status} = 'reviewing' or ${table.reviewedAt} is not null`),
  ],
);

/**
 * The sandbox payout provider's own books: what it "transferred", so that it answers a query by our
 * number the way Alipay and WeChat do, apart from our withdrawals.
 */
export const sandboxPayouts = pgTable('sandbox_payouts', {
  payoutNo: text('payout_no').primaryKey(),
  account: text('account').notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  state: text('state', { enum: ['paid', 'failed'] }).notNull(),
  reference: text('reference').notNull(),
  reason: text('reason').notNull().default(''),
  createdAt: createdAt(),
});

// ---- Step-up checks (docs/withdrawals.md "Step-up checks") ----

/**
 * The back office's withdrawal settings: one row. A newly bound or replaced payout account can be
 * withdrawn to only `payout_account_cooling_hours` after it was bound (0: at once).
 */
export const withdrawalSettings = pgTable(
  'withdrawal_settings',
  {
    id: integer('id').primaryKey().default(1),
    payoutAccountCoolingHours: integer('payout_account_cooling_hours').notNull().default(PAYOUT_ACCOUNT_COOLING_HOURS_DEFAULT),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('withdrawal_settings_single_row', sql`${table.id} = 1`),
    check(
      'withdrawal_settings_cooling',
      sql`${table.payoutAccountCoolingHours} between 0 and ${sql.raw(String(PAYOUT_ACCOUNT_COOLING_HOURS_MAX))}`,
    ),
  ],
);

// ---- Binding Alipay by authorization (docs/withdrawals.md "Binding Alipay by authorization") ----

/**
 * One authorization a person started to bind their Alipay account: the state sent to Alipay, kept hashed,
 * tied to the person, usable once within ten minutes. Once completed it remembers the Alipay user id it
 * bound, so the return page reloaded answers the same account.
 */
export const alipayAuthorizations = pgTable(
  'alipay_authorizations',
  {
    /** SHA-256 of the state (hex); the state itself is only in the URL. */
    stateHash: text('state_hash').primaryKey(),
    userId: userRef('user_id'),
    /** The payee's real name given at the start; Alipay's authorization does not return it. */
    realName: text('real_name').notNull(),
    /** Where Alipay (or the sandbox page) sends the person back. */
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The Alipay user id (2088…) bound on completion. */
    alipayUserId: text('alipay_user_id'),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.userId, table.createdAt)],
);
