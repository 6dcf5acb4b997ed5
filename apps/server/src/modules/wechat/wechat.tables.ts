import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema/columns.js';
import { users } from '../users/users.tables.js';

/** Third-party (WeChat) identities bound to accounts. */
export const wechatIdentities = pgTable('wechat_identities', {
  unionId: text('union_id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
