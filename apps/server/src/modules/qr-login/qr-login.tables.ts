import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { serialId, createdAt } from '../../db/schema/columns.js';
import { users } from '../users/users.tables.js';

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
