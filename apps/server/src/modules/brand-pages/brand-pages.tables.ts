import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idRef, serialId, updatedAt } from '../../db/schema/columns.js';
import { userRef } from '../users/users.tables.js';
import { works } from '../works/works.tables.js';

/**
 * A showcase (`/tujingxiu/tujingxiu`, docs/brand-pages.md): the owner's brand over an ordered selection of
 * their works. `public_id` is the unguessable id of its share link and of every call about it.
 */
export const brandShowcases = pgTable(
  'brand_showcases',
  {
    id: serialId(),
    publicId: text('public_id').notNull(),
    ownerId: userRef('owner_id'),
    brandName: text('brand_name').notNull(),
    logoKey: text('logo_key').notNull().default(''),
    brandColour: text('brand_colour').notNull(),
    intro: text('intro').notNull().default(''),
    contact: text('contact').notNull().default(''),
    published: boolean('published').notNull().default(false),
    visitCount: bigint('visit_count', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('brand_showcases_public_id').on(table.publicId), index('brand_showcases_owner').on(table.ownerId, table.id)],
);

/** The works of a showcase, in their order; a work purged from the bin leaves every showcase with it. */
export const brandShowcaseWorks = pgTable(
  'brand_showcase_works',
  {
    showcaseId: idRef('showcase_id', () => brandShowcases.id, { onDelete: 'cascade' }),
    workId: idRef('work_id', () => works.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.showcaseId, table.workId] }), index('brand_showcase_works_work').on(table.workId)],
);

/**
 * A landing page (`/landingPage/landingPage`): one work or one showcase of the owner's with a lead form.
 * Exactly one of `work_id` and `showcase_id` is set; a showcase in use cannot be deleted (the service says
 * so), a work purged from the bin takes its landing pages and their leads with it.
 */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: serialId(),
    publicId: text('public_id').notNull(),
    ownerId: userRef('owner_id'),
    workId: bigint('work_id', { mode: 'number' }).references(() => works.id, { onDelete: 'cascade' }),
    showcaseId: bigint('showcase_id', { mode: 'number' }).references(() => brandShowcases.id, { onDelete: 'restrict' }),
    headline: text('headline').notNull(),
    text: text('text').notNull().default(''),
    ctaLabel: text('cta_label').notNull(),
    leadFields: text('lead_fields').array().notNull(),
    consentText: text('consent_text').notNull().default(''),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('landing_pages_public_id').on(table.publicId),
    index('landing_pages_owner').on(table.ownerId, table.id),
    index('landing_pages_showcase').on(table.showcaseId),
    check('landing_pages_one_target', sql`(${table.workId} is null) <> (${table.showcaseId} is null)`),
  ],
);

/** A visitor's entry on a landing page; only the page's owner reads it. */
export const landingLeads = pgTable(
  'landing_leads',
  {
    id: serialId(),
    landingPageId: idRef('landing_page_id', () => landingPages.id, { onDelete: 'cascade' }),
    ownerId: userRef('owner_id'),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    message: text('message').notNull().default(''),
    handled: boolean('handled').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('landing_leads_owner').on(table.ownerId, table.id), index('landing_leads_page').on(table.landingPageId, table.id)],
);
