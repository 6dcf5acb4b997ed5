import { ADMIN_LOG_ACTORS } from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId, createdAt } from '../../db/schema/columns.js';
import { users } from '../users/users.tables.js';

/** Every admin action, append-only (a trigger refuses updates and deletes). */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: serialId(),
    /** An administrator, or the system (the platform acting on its own, with no admin). */
    actor: text('actor', { enum: ADMIN_LOG_ACTORS }).notNull().default('admin'),
    adminUserId: bigint('admin_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.createdAt),
    index().on(table.action, table.createdAt),
    index().on(table.targetType, table.targetId),
    check('admin_actions_system_has_no_admin', sql`${table.actor} = 'admin' or ${table.adminUserId} is null`),
  ],
);
