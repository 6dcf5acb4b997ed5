import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { serialId, createdAt } from '../../db/schema/columns.js';
import { userRef } from '../users/users.tables.js';

/** A one-time permission to upload one file of one kind, handed out by an upload-credentials call. */
export const uploadGrants = pgTable('upload_grants', {
  id: serialId(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: userRef('user_id'),
  kind: text('kind', { enum: ['avatar', 'enterpriseLogo'] }).notNull(),
  maxBytes: integer('max_bytes').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});
