import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { loginLockouts } from '../../db/schema/index.js';

export class LoginLockoutRepository {
  constructor(private readonly db: Db) {}

  async lockedUntil(phone: string): Promise<Date | null> {
    const [row] = await this.db.select({ lockedUntil: loginLockouts.lockedUntil }).from(loginLockouts).where(eq(loginLockouts.phone, phone));
    return row?.lockedUntil ?? null;
  }

  /** Counts a failed sign-in; at `threshold` failures the phone is locked until `lockUntil`. Returns whether it is now locked. */
  async recordFailure(phone: string, threshold: number, now: Date, lockUntil: Date): Promise<boolean> {
    const [row] = await this.db
      .insert(loginLockouts)
      .values({ phone, failures: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: loginLockouts.phone,
        set: { failures: sql`${loginLockouts.failures} + 1`, updatedAt: now },
      })
      .returning({ failures: loginLockouts.failures });
    if ((row?.failures ?? 0) < threshold) return false;
    await this.db.update(loginLockouts).set({ failures: 0, lockedUntil: lockUntil }).where(eq(loginLockouts.phone, phone));
    return true;
  }

  async clear(phone: string): Promise<void> {
    await this.db.delete(loginLockouts).where(eq(loginLockouts.phone, phone));
  }
}
