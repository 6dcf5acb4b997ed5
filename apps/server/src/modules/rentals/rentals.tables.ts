import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/schema/columns.js';
import { works } from '../works/works.tables.js';

/**
 * The rental details of a panorama work: one row per work, written by its owner in the edit drawer
 * (docs/rentals.md). The title, cover, location and visibility stay the work's own and are read with it.
 */
export const rentalListings = pgTable(
  'rental_listings',
  {
    workId: bigint('work_id', { mode: 'number' })
      .primaryKey()
      .references(() => works.id, { onDelete: 'cascade' }),
    /** Monthly rent in fen. */
    rentFen: bigint('rent_fen', { mode: 'number' }).notNull(),
    /** Square metres, two decimals. */
    area: doublePrecision('area').notNull(),
    bedrooms: integer('bedrooms').notNull(),
    livingRooms: integer('living_rooms').notNull(),
    bathrooms: integer('bathrooms').notNull(),
    floor: integer('floor'),
    totalFloors: integer('total_floors'),
    address: text('address').notNull(),
    district: text('district').notNull().default(''),
    city: text('city').notNull().default(''),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    listed: boolean('listed').notNull().default(true),
    /** When it was last switched on ("newest"); null while it is off. */
    listedAt: timestamp('listed_at', { withTimezone: true }),
    /** The address, district and city, normalized (works' search normalization) for the keyword filter. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('rental_listings_rent')
      .on(table.rentFen, table.workId)
      .where(sql`${table.listed}`),
    index('rental_listings_newest')
      .on(table.listedAt, table.workId)
      .where(sql`${table.listed}`),
    check('rental_listings_rent_positive', sql`${table.rentFen} > 0`),
    check('rental_listings_area_positive', sql`${table.area} > 0`),
    check('rental_listings_rooms', sql`${table.bedrooms} >= 0 and ${table.livingRooms} >= 0 and ${table.bathrooms} >= 0`),
  ],
);
