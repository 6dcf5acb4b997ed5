import { type AnyPgColumn, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Top level of the permission tree (spec 3: `groupName`). A membership version grants whole groups. */
export const permissionGroups = pgTable('permission_groups', {
  code: text('code').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Every permission id the platform knows (spec 6 and the ones later features need), nested under a
 * parent up to four levels deep (spec 3: `menus` and `subMenus`). Seeded by migration.
 */
export const permissionCatalogue = pgTable(
  'permission_catalogue',
  {
    permId: integer('perm_id').primaryKey(),
    groupCode: text('group_code')
      .notNull()
      .references(() => permissionGroups.code),
    parentPermId: integer('parent_perm_id').references((): AnyPgColumn => permissionCatalogue.permId),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index().on(table.groupCode), index().on(table.parentPermId)],
);

/** What every holder of a role has without anyone granting it. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    role: text('role').notNull(),
    permId: integer('perm_id')
      .notNull()
      .references(() => permissionCatalogue.permId, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.role, table.permId] })],
);
