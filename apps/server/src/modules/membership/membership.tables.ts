import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idRef, serialId, updatedAt } from '../../db/schema/columns.js';
import { sql } from 'drizzle-orm';
import { permissionGroups } from '../access/access.tables.js';
import { reviewColumns, userRef, users } from '../users/users.tables.js';

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
