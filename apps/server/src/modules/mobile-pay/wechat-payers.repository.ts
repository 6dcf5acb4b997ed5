import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { findOneRow } from '../../db/one-row.js';
import { wechatPayers } from './wechat-payers.tables.js';

/** The payers' openids (wechat_payers): the only place that touches that table. */
export class WechatPayersRepository {
  constructor(private readonly db: Db) {}

  async openIdOf(userId: number, appId: string): Promise<string | undefined> {
    return (await findOneRow(this.db, wechatPayers, and(eq(wechatPayers.userId, userId), eq(wechatPayers.appId, appId))))?.openId;
  }

  /** Keeps the openid WeChat gave last (a person may come back from another WeChat account). */
  async save(userId: number, appId: string, openId: string): Promise<void> {
    await this.db
      .insert(wechatPayers)
      .values({ userId, appId, openId })
      .onConflictDoUpdate({ target: [wechatPayers.userId, wechatPayers.appId], set: { openId, updatedAt: sql`now()` } });
  }
}
