import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { serialId, createdAt } from '../../db/schema/columns.js';
import { sql } from 'drizzle-orm';
import { userRef } from '../users/users.tables.js';

/** A person's inbox (the bell). `kind` and `params` are rendered in the reader's language. */
export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    userId: userRef('user_id'),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** Where the notification leads in the web app, if anywhere. */
    link: text('link').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.userId, table.createdAt),
    index('notifications_unread')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);
