import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SIGNED_PROVIDER_STATUSES, SIGNING_APPLICATION_STATUSES } from '@spatia/contract';
import { createdAt, serialId } from '../../db/schema/columns.js';
import { userRef, users } from '../users/users.tables.js';

/** A photographer's application to be a signed service provider (docs/service-orders.md "Signing"). */
export const signingApplications = pgTable(
  'signing_applications',
  {
    id: serialId(),
    applicantId: userRef('applicant_id'),
    /** GB/T 2260 two-digit province codes. */
    provinceCodes: text('province_codes').array().notNull(),
    equipment: text('equipment').notNull(),
    intro: text('intro').notNull().default(''),
    /** Ids of the applicant's works shown as samples (a work gone since is left out when shown). */
    sampleWorkIds: bigint('sample_work_ids', { mode: 'number' }).array().notNull(),
    status: text('status', { enum: SIGNING_APPLICATION_STATUSES }).notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // One application waits per person at a time.
    uniqueIndex('signing_applications_one_pending')
      .on(table.applicantId)
      .where(sql`${table.status} = 'pending'`),
    index().on(table.applicantId, table.createdAt),
    index().on(table.status, table.createdAt),
  ],
);

/** A signed provider: one row per person, kept when revoked (orders they took still name them). */
export const signedProviders = pgTable(
  'signed_providers',
  {
    userId: userRef('user_id').primaryKey(),
    provinceCodes: text('province_codes').array().notNull(),
    equipment: text('equipment').notNull(),
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => signingApplications.id),
    status: text('status', { enum: SIGNED_PROVIDER_STATUSES }).notNull().default('active'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason').notNull().default(''),
  },
  (table) => [check('signed_providers_areas', sql`cardinality(${table.provinceCodes}) > 0`)],
);
