import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idRef, serialId, updatedAt } from '../../db/schema/columns.js';
import { sql } from 'drizzle-orm';
import { MEMBERSHIP_GRACE_DAYS } from '@spatia/contract';
import { permissionGroups } from '../access/access.tables.js';
import { reviewColumns, userRef, users } from '../users/users.tables.js';
import { paymentOrders } from '../recharge/recharge.tables.js';

export interface PriceTag {
  labelZh: string;
  labelEn: string;
  value: string;
}

/** What a membership application carries (spec 3: the serialised object). */
export interface MembershipApplicationDetails {
  licenceImages: string[];
  companyName: string;
  name: string;
  phone: string;
}

/** Membership versions (spec 2.7, 3): data an admin edits. */
export const membershipVersions = pgTable('membership_versions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  identityNameZh: text('identity_name_zh').notNull(),
  identityNameEn: text('identity_name_en').notNull(),
  priceTags: jsonb('price_tags').$type<PriceTag[]>().notNull().default([]),
  monthlyPriceFen: integer('monthly_price_fen').notNull().default(0),
  trialDays: integer('trial_days').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  visible: boolean('visible').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The permission groups a version grants while it is active. */
export const membershipVersionGroups = pgTable(
  'membership_version_groups',
  {
    versionId: idRef('version_id', () => membershipVersions.id, { onDelete: 'cascade' }),
    groupCode: text('group_code')
      .notNull()
      .references(() => permissionGroups.code, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.versionId, table.groupCode] })],
);

/** Applications for a version (spec 2.7). At most one pending per user. */
export const membershipApplications = pgTable(
  'membership_applications',
  {
    id: serialId(),
    userId: userRef('user_id'),
    versionId: idRef('version_id', () => membershipVersions.id),
    details: jsonb('details').$type<MembershipApplicationDetails>().notNull(),
    /** SHA-256 of the first licence image's bytes: one free trial per licence. */
    licenceHash: text('licence_hash').notNull(),
    /** pending | approved | rejected | withdrawn */
    ...reviewColumns(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('membership_applications_one_pending')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
    index().on(table.status, table.createdAt),
  ],
);

/** A version a user holds for a period; ends by expiry or revocation, never deleting what the user made. */
export const userMemberships = pgTable(
  'user_memberships',
  {
    id: serialId(),
    userId: userRef('user_id'),
    versionId: idRef('version_id', () => membershipVersions.id),
    applicationId: bigint('application_id', { mode: 'number' }).references(() => membershipApplications.id, { onDelete: 'set null' }),
    /** trial | paid */
    kind: text('kind').notNull(),
    /** active | expired | revoked */
    status: text('status').notNull().default('active'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Renew one month from the balance by itself when the period ends (docs/membership.md "Paying"). */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /**
     * What the job told of the period ending at `ends_at`, so each notice goes once: the reminder days
     * sent (7, 1), the grace notice, a failed automatic renewal. Reset whenever `ends_at` moves.
     */
    remindedDays: integer('reminded_days')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    graceNotifiedAt: timestamp('grace_notified_at', { withTimezone: true }),
    autoRenewFailedAt: timestamp('auto_renew_failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('user_memberships_one_active')
      .on(table.userId)
      .where(sql`${table.status} = 'active'`),
    index().on(table.status, table.endsAt),
  ],
);

/** Free trials given: one per user and one per licence image. */
export const membershipTrials = pgTable('membership_trials', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  licenceHash: text('licence_hash').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Paid periods (docs/membership.md "Paying"): a renewal from the balance, or a QR payment fulfilled. The
 * ledger movement that paid it is named by `ledger_reference` (unique: one period per movement).
 */
export const membershipPayments = pgTable(
  'membership_payments',
  {
    id: serialId(),
    /** `M` + UTC stamp + random hex for a balance payment; the payment order's number for a QR payment. */
    orderNo: text('order_no').notNull().unique(),
    userId: userRef('user_id', 'restrict'),
    versionId: idRef('version_id', () => membershipVersions.id, { onDelete: 'restrict' }),
    membershipId: idRef('membership_id', () => userMemberships.id, { onDelete: 'restrict' }),
    months: integer('months').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** balance | wechat | alipay | sandbox */
    method: text('method').notNull(),
    paymentOrderId: bigint('payment_order_id', { mode: 'number' })
      .unique()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    ledgerReference: text('ledger_reference').notNull().unique(),
    periodStartsAt: timestamp('period_starts_at', { withTimezone: true }).notNull(),
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }).notNull(),
    /** Renewed by the job (auto-renew), not by the person. */
    automatic: boolean('automatic').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    requestFingerprint: text('request_fingerprint').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.userId, table.createdAt, table.id),
    uniqueIndex('membership_payments_idempotency_key').on(table.userId, table.idempotencyKey),
  ],
);

/** When an active membership stops granting its groups: its end plus the grace period (docs/membership.md "Grace"). */
export const membershipGraceEnd = sql`(${userMemberships.endsAt} + make_interval(days => ${sql.raw(String(MEMBERSHIP_GRACE_DAYS))}))`;
