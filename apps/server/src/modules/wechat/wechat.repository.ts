import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { findOneRow } from '../../db/one-row.js';
import { wechatIdentities } from './wechat.tables.js';

export class WechatRepository {
  constructor(private readonly db: Db) {}

  async findUserId(unionId: string): Promise<number | undefined> {
    return (await findOneRow(this.db, wechatIdentities, eq(wechatIdentities.unionId, unionId)))?.userId;
  }

  async findUnionIdOfUser(userId: number): Promise<string | undefined> {
    return (await findOneRow(this.db, wechatIdentities, eq(wechatIdentities.userId, userId)))?.unionId;
  }

  /** Binds; false when the unionid or the user is already bound (a concurrent binding won). */
  async bind(unionId: string, userId: number): Promise<boolean> {
    const rows = await this.db
      .insert(wechatIdentities)
      .values({ unionId, userId })
      .onConflictDoNothing()
      .returning({ unionId: wechatIdentities.unionId });
    return rows.length === 1;
  }
}
