import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { serialId, createdAt, idRef, updatedAt } from '../../db/schema/columns.js';

export const users = pgTable(
  'users',
  {
    id: serialId(),
    uid: text('uid').notNull().unique(),
    phone: text('phone').notNull().unique(),
    fullName: text('full_name').notNull(),
    avatarUrl: text('avatar_url').notNull().default(''),
    enterpriseLogoUrl: text('enterprise_logo_url').notNull().default(''),
    businessRoleCode: text('business_role_code').notNull().default(''),
    inviteCode: text('invite_code').notNull().unique(),
    passwordHash: text('password_hash'),
    /** Who invited this user (first level); the inviter's inviter is the second level. */
    /** Set while an admin has disabled the account: it cannot sign in and its sessions are ended. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    invitedByUserId: bigint('invited_by_user_id', { mode: 'number' }).references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index().on(table.invitedByUserId),
    // The back office searches by phone prefix and name prefix (bench/user-search.mjs).
    index('users_phone_prefix').on(table.phone.op('text_pattern_ops')),
    index('users_name_prefix').on(sql`lower(${table.fullName}) text_pattern_ops`),
    // The back office's "disabled" filter: the few disabled accounts, newest first.
    index('users_disabled')
      .on(table.id)
      .where(sql`${table.disabledAt} is not null`),
  ],
);

/**
 * A column naming the user a row belongs to; the row goes when the user does, unless it is a money
 * record (`'restrict'`): then the user is never deleted from under it.
 */
export const userRef = (name: string, onDelete: 'cascade' | 'restrict' = 'cascade') => idRef(name, () => users.id, { onDelete });

/** What an application an admin reviews carries: its state, the reason given, who decided and when. */
export const reviewColumns = () => ({
  status: text('status').notNull().default('pending'),
  reason: text('reason').notNull().default(''),
  decidedByUserId: bigint('decided_by_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/** Roles of spec section 6. A user may hold several. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: userRef('user_id'),
    role: text('role').notNull(),
  },
  // The back office's role filter and the first-admin lookup start from the role.
  (table) => [primaryKey({ columns: [table.userId, table.role] }), index('user_roles_role').on(table.role, table.userId)],
);

/** Permission ids an admin granted to one user, on top of their roles' defaults and their membership's groups. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: userRef('user_id'),
    permissionId: integer('permission_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.permissionId] }), index().on(table.permissionId)],
);

/** What a new account gets: the roles and permission ids of a tier. An admin may change them. */
export const tiers = pgTable('tiers', {
  code: text('code').primaryKey(),
  roles: text('roles').array().notNull(),
  permissionIds: integer('permission_ids').array().notNull(),
  updatedAt: updatedAt(),
});
