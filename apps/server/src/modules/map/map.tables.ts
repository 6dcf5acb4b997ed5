import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/schema/columns.js';
import { users } from '../users/users.tables.js';

/** The operator's base map, one row (docs/map.md); no row means the basemap bundled in the build. */
export const mapSettings = pgTable(
  'map_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** A style JSON URL or a raster tile URL with {z}, {x} and {y}; empty for the bundled basemap. */
    source: text('source').notNull().default(''),
    attribution: text('attribution').notNull().default(''),
    updatedAt: updatedAt(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('map_settings_one_row', sql`${table.id} = 1`)],
);
