import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { wechatIdentities } from '../../db/schema/index.js';

export class WechatRepository {
  constructor(private readonly db: Db) {}

  async findUserId(unionId: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ userId: wechatIdentities.userId })
      .from(wechatIdentities)
      .where(eq(wechatIdentities.unionId, unionId));
    return row?.userId;
  }

  async findUnionIdOfUser(userId: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ unionId: wechatIdentities.unionId })
      .from(wechatIdentities)
      .where(eq(wechatIdentities.userId, userId));
    return row?.unionId;
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
