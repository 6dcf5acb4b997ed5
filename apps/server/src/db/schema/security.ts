import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { serialId, createdAt } from './columns.js';
import { users } from './users.js';

/** Secrets the server generates once and every process shares (e.g. the verification-code HMAC key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The state of a verification code, keyed by the HMAC the client holds: wrong guesses so far and
 * whether it was used. The code itself is never stored.
 */
export const verificationCodeUses = pgTable('verification_code_uses', {
  hash: text('hash').primaryKey(),
  failures: integer('failures').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One-time tickets behind the login page's QR code, confirmed from a signed-in phone. */
export const qrLoginTickets = pgTable('qr_login_tickets', {
  id: serialId(),
  /** In the QR code: what the phone presents. */
  ticketHash: text('ticket_hash').notNull().unique(),
  /** Kept by the desktop page only: whoever photographs the QR code cannot collect the session. */
  pollTokenHash: text('poll_token_hash').unique(),
  clientUserAgent: text('client_user_agent').notNull().default(''),
  clientIp: text('client_ip').notNull().default(''),
  status: text('status', { enum: ['pending', 'scanned', 'confirmed', 'declined', 'consumed'] })
    .notNull()
    .default('pending'),
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Third-party (WeChat) identities bound to accounts. */
export const wechatIdentities = pgTable('wechat_identities', {
  unionId: text('union_id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
