import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, createdAt } from '../../db/schema/columns.js';
import { sql } from 'drizzle-orm';
import { reviewColumns, userRef } from '../users/users.tables.js';

/** Kinds of identity a person can prove (spec 7.3: identity ids). Seeded by migration; docs/identity.md lists them. */
export const identityKinds = pgTable('identity_kinds', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionZh: text('description_zh').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  visible: boolean('visible').notNull().default(true),
});

/** Identity authentication records (`/c/applyIdentity/{id}`, `/c/authRecord/{id}`). */
export const identityApplications = pgTable(
  'identity_applications',
  {
    id: serialId(),
    userId: userRef('user_id'),
    identityId: integer('identity_id')
      .notNull()
      .references(() => identityKinds.id),
    /** The applicant's `jsonExtras`, parsed and checked (docs/identity.md). */
    extras: jsonb('extras').$type<Record<string, string>>().notNull().default({}),
    businessCardUrl: text('business_card_url').notNull().default(''),
    /** pending | approved | rejected | revoked */
    ...reviewColumns(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('identity_applications_one_open')
      .on(table.userId, table.identityId)
      .where(sql`${table.status} in ('pending', 'approved')`),
    index().on(table.status, table.createdAt),
  ],
);
