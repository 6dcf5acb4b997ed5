import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { uploadGrants } from './uploads.tables.js';
import { spendOnce } from '../../db/single-use.js';

export type UploadKind = 'avatar' | 'enterpriseLogo';

export class UploadsRepository {
  constructor(private readonly db: Db) {}

  async insertGrant(grant: { tokenHash: string; userId: number; kind: UploadKind; maxBytes: number; expiresAt: Date }) {
    await this.db.insert(uploadGrants).values(grant);
  }

  /** The grant behind a token, if it is this user's, unused and unexpired. */
  async findUsable(tokenHash: string, userId: number, now: Date) {
    const [row] = await this.db
      .select({ id: uploadGrants.id, kind: uploadGrants.kind, maxBytes: uploadGrants.maxBytes })
      .from(uploadGrants)
      .where(
        and(
          eq(uploadGrants.tokenHash, tokenHash),
          eq(uploadGrants.userId, userId),
          isNull(uploadGrants.usedAt),
          gt(uploadGrants.expiresAt, now),
        ),
      );
    return row;
  }

  /** Uses the grant up; false when another request already did. */
  claim(id: number, now: Date): Promise<boolean> {
    return spendOnce(this.db, uploadGrants, id, now);
  }
}
