import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { spendOnce } from '../../db/single-use.js';
import { workUploadGrants } from './works.tables.js';

/** The single-use permissions to upload one asset of one work (docs/uploads.md). */
export class WorkUploadGrantsRepository {
  constructor(private readonly db: Db) {}

  async insert(grant: Omit<typeof workUploadGrants.$inferInsert, 'id' | 'createdAt' | 'usedAt'>): Promise<void> {
    await this.db.insert(workUploadGrants).values(grant);
  }

  async findUsable(tokenHash: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(workUploadGrants)
      .where(and(eq(workUploadGrants.tokenHash, tokenHash), isNull(workUploadGrants.usedAt), gt(workUploadGrants.expiresAt, now)));
    return row;
  }

  async findById(id: number) {
    const [row] = await this.db.select().from(workUploadGrants).where(eq(workUploadGrants.id, id));
    return row;
  }

  /** Uses the grant up; false when another upload already did. */
  claim(id: number, now: Date): Promise<boolean> {
    return spendOnce(this.db, workUploadGrants, id, now);
  }
}
