import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { serialId, createdAt } from '../../db/schema/columns.js';
import { userRef } from '../users/users.tables.js';

/** Sign-in sessions. Only the SHA-256 of a token is stored; the token itself exists only in the client. */
export const sessions = pgTable(
  'sessions',
  {
    id: serialId(),
    userId: userRef('user_id'),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index().on(table.userId)],
);
