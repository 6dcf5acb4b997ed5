import { bigint, date, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { idRef } from '../../db/schema/columns.js';
import { works } from '../works/works.tables.js';

/**
 * Files served for a work, per UTC day and per owner at the time (a work handed over mid-day splits
 * its day between the two owners): what traffic billing and statistics read.
 */
export const workTrafficDaily = pgTable(
  'work_traffic_daily',
  {
    workId: idRef('work_id', () => works.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.workId, table.day, table.ownerId] }),
    index().on(table.ownerId, table.day),
    // The daily billing reads one day of every owner.
    index().on(table.day),
  ],
);
