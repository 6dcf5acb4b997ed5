import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
