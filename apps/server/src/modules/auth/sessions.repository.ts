import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sessions } from '../../db/schema/index.js';

export interface ActiveSession {
  id: number;
  userId: number;
  expiresAt: number;
  lastSeenAt: number;
}

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(session: { userId: number; tokenHash: string; userAgent: string; ip: string; expiresAt: Date }): Promise<number> {
    const [row] = await this.db.insert(sessions).values(session).returning({ id: sessions.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  async findActiveByTokenHash(tokenHash: string, now: Date): Promise<ActiveSession | undefined> {
    const [row] = await this.db
      .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    return row && { ...row, expiresAt: row.expiresAt.getTime(), lastSeenAt: row.lastSeenAt.getTime() };
  }

  async touch(id: number, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt, expiresAt }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  async revokeByTokenHash(tokenHash: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  }
}
