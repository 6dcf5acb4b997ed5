import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { verificationCodeUses } from './sms-codes.tables.js';

export interface CodeUse {
  failures: number;
  used: boolean;
}

export class SmsCodesRepository {
  constructor(private readonly db: Db) {}

  /** The state of a code, creating its row on first sight. */
  async track(hash: string, expiresAt: Date): Promise<CodeUse> {
    await this.db.insert(verificationCodeUses).values({ hash, expiresAt }).onConflictDoNothing();
    const [row] = await this.db
      .select({ failures: verificationCodeUses.failures, usedAt: verificationCodeUses.usedAt })
      .from(verificationCodeUses)
      .where(eq(verificationCodeUses.hash, hash));
    return { failures: row?.failures ?? 0, used: Boolean(row?.usedAt) };
  }

  /** Counts a wrong guess; returns the failures so far. */
  async recordFailure(hash: string): Promise<number> {
    const [row] = await this.db
      .update(verificationCodeUses)
      .set({ failures: sql`${verificationCodeUses.failures} + 1` })
      .where(eq(verificationCodeUses.hash, hash))
      .returning({ failures: verificationCodeUses.failures });
    return row?.failures ?? 0;
  }

  /** Marks the code used, unless it already was or is dead; true when this call used it. */
  async markUsed(hash: string, maxFailures: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(verificationCodeUses)
      .set({ usedAt: now })
      .where(and(eq(verificationCodeUses.hash, hash), isNull(verificationCodeUses.usedAt), lt(verificationCodeUses.failures, maxFailures)))
      .returning({ hash: verificationCodeUses.hash });
    return rows.length === 1;
  }

  async deleteExpired(before: Date): Promise<void> {
    await this.db.delete(verificationCodeUses).where(lt(verificationCodeUses.expiresAt, before));
  }
}
