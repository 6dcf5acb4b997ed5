import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/schema/columns.js';
import { users } from '../users/users.tables.js';

/**
 * The openid WeChat gave for a person under an official account's AppID (its web authorization), which
 * WeChat Pay's JSAPI takes as the payer. An openid exists per AppID, so the AppID is part of the key: a
 * site that changes its official account asks WeChat again.
 */
export const wechatPayers = pgTable(
  'wechat_payers',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    openId: text('open_id').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.appId] })],
);
