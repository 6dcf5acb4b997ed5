import type { SitePageContent, SitePageKind } from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId } from '../../db/schema/columns.js';
import { users } from '../users/users.tables.js';

/**
 * Every version of every editable site page (docs/site-pages.md), numbered per page from 1. A page has at most
 * one `draft`, which its editors overwrite; publishing turns it `published`, after which it never changes. The
 * live version is the page's highest published one. A page with no row yet shows the content shipped with the
 * server as version 1, written here by the first change.
 */
export const sitePageVersions = pgTable(
  'site_page_versions',
  {
    id: serialId(),
    kind: text('kind').$type<SitePageKind>().notNull(),
    version: integer('version').notNull(),
    status: text('status', { enum: ['draft', 'published'] }).notNull(),
    content: jsonb('content').$type<SitePageContent>().notNull(),
    /** The version a restored draft started from. */
    restoredFrom: integer('restored_from'),
    /** Null for the shipped content, and once the editor's account is gone. */
    editedBy: bigint('edited_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: bigint('published_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('site_page_versions_number').on(table.kind, table.version),
    uniqueIndex('site_page_versions_one_draft')
      .on(table.kind)
      .where(sql`${table.status} = 'draft'`),
    check('site_page_versions_published_at', sql`(${table.status} = 'published') = (${table.publishedAt} is not null)`),
    check('site_page_versions_positive', sql`${table.version} > 0`),
  ],
);
