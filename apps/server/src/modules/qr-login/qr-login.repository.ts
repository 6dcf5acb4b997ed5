import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { qrLoginTickets } from './qr-login.tables.js';

export type TicketStatus = 'pending' | 'scanned' | 'confirmed' | 'declined' | 'consumed';

export interface TicketRow {
  id: number;
  status: TicketStatus;
  userId: number | null;
  expiresAt: Date;
  clientUserAgent: string;
  clientIp: string;
}

const columns = {
  id: qrLoginTickets.id,
  status: qrLoginTickets.status,
  userId: qrLoginTickets.userId,
  expiresAt: qrLoginTickets.expiresAt,
  clientUserAgent: qrLoginTickets.clientUserAgent,
  clientIp: qrLoginTickets.clientIp,
};

export class QrLoginRepository {
  constructor(private readonly db: Db) {}

  async insert(ticket: { ticketHash: string; pollTokenHash: string; expiresAt: Date; clientUserAgent: string; clientIp: string }) {
    await this.db.insert(qrLoginTickets).values(ticket);
  }

  async findByTicketHash(ticketHash: string): Promise<TicketRow | undefined> {
    const [row] = await this.db.select(columns).from(qrLoginTickets).where(eq(qrLoginTickets.ticketHash, ticketHash));
    return row;
  }

  async findByPollTokenHash(pollTokenHash: string): Promise<TicketRow | undefined> {
    const [row] = await this.db.select(columns).from(qrLoginTickets).where(eq(qrLoginTickets.pollTokenHash, pollTokenHash));
    return row;
  }

  /**
   * Moves a live ticket from one of `from` to `to`; returns the row when this call made the move. With
   * `userId`, a ticket another account already holds is not moved (and the move gives it to this one).
   */
  async transition(id: number, from: TicketStatus[], to: TicketStatus, now: Date, userId?: number): Promise<TicketRow | undefined> {
    const conditions = [eq(qrLoginTickets.id, id), inArray(qrLoginTickets.status, from), gt(qrLoginTickets.expiresAt, now)];
    if (userId !== undefined) conditions.push(or(isNull(qrLoginTickets.userId), eq(qrLoginTickets.userId, userId))!);
    const [row] = await this.db
      .update(qrLoginTickets)
      .set({ status: to, ...(userId === undefined ? {} : { userId }) })
      .where(and(...conditions))
      .returning(columns);
    return row;
  }
}
