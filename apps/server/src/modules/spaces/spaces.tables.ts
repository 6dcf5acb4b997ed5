import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SPACE_KINDS, SPACE_TEMPLATE_CODES, SPACE_VISIBILITIES } from '@spatia/contract';
import { createdAt, idRef, serialId, updatedAt } from '../../db/schema/columns.js';
import { userRef } from '../users/users.tables.js';
import { works } from '../works/works.tables.js';

/**
 * A space (docs/spaces.md): a person's or an enterprise's own mini-site of their works. `id` is the shop id
 * (`/space/shop?id=`), `uid` the public id of its page (`/spaceDetail?uid=`). A private space keeps only a
 * salted hash of its access code. Deleting is soft, and frees the space's website.
 */
export const spaces = pgTable(
  'spaces',
  {
    id: serialId(),
    uid: text('uid').notNull(),
    ownerId: userRef('owner_id'),
    kind: text('kind', { enum: SPACE_KINDS }).notNull(),
    name: text('name').notNull(),
    intro: text('intro').notNull().default(''),
    coverUrl: text('cover_url').notNull().default(''),
    logoUrl: text('logo_url').notNull().default(''),
    templateCode: text('template_code', { enum: SPACE_TEMPLATE_CODES }).notNull(),
    visibility: text('visibility', { enum: SPACE_VISIBILITIES }).notNull(),
    /** sha-256 hex of `<uid>:<code>`; set iff private. */
    accessCodeHash: text('access_code_hash'),
    /** An enterprise space's own address (`/spaceDetail?website=`). */
    website: text('website'),
    brandColor: text('brand_color'),
    contactPhone: text('contact_phone'),
    address: text('address').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('spaces_uid').on(table.uid),
    uniqueIndex('spaces_website').on(table.website),
    // The owner's list and the person page: newest first, live ones only.
    index('spaces_owner_live')
      .on(table.ownerId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    check('spaces_code_iff_private', sql`(${table.visibility} = 'private') = (${table.accessCodeHash} is not null)`),
    check('spaces_website_enterprise', sql`${table.website} is null or ${table.kind} = 'enterprise'`),
    check('spaces_location_pair', sql`(${table.latitude} is null) = (${table.longitude} is null)`),
  ],
);

/** The works of a space, in their order. A work purged from the recycle bin leaves every space with it. */
export const spaceWorks = pgTable(
  'space_works',
  {
    spaceId: idRef('space_id', () => spaces.id, { onDelete: 'cascade' }),
    workId: idRef('work_id', () => works.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.spaceId, table.workId] }), index('space_works_work').on(table.workId)],
);
