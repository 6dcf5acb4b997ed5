import { and, count, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.js';
import { sessions } from './sessions.tables.js';

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
    await this.db
      .update(sessions)
      .set({ lastSeenAt, expiresAt })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  async revokeByTokenHash(tokenHash: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  }

  async listActive(userId: number, now: Date) {
    return this.db
      .select({
        id: sessions.id,
        tokenHash: sessions.tokenHash,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt));
  }

  /** How many sessions of the user are live (not revoked, not expired). */
  async countActive(userId: number, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    return Number(row?.total ?? 0);
  }

  /** Revokes the user's sessions (all, or all but one); returns the hashes of the revoked tokens. */
  async revokeForUser(
    userId: number,
    now: Date,
    options: { exceptId?: number; onlyId?: number } = {},
    executor: Executor = this.db,
  ): Promise<string[]> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (options.exceptId !== undefined) conditions.push(ne(sessions.id, options.exceptId));
    if (options.onlyId !== undefined) conditions.push(eq(sessions.id, options.onlyId));
    const rows = await executor
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(...conditions))
      .returning({ tokenHash: sessions.tokenHash });
    return rows.map((row) => row.tokenHash);
  }
}
