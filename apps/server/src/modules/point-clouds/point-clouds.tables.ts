import { bigint, integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/schema/columns.js';
import { type Measurement } from '@spatia/contract';
import { works } from '../works/works.tables.js';

/** Measurements the owner saved on a point cloud; everyone who may view the work sees them. */
export const workMeasurements = pgTable('work_measurements', {
  workId: bigint('work_id', { mode: 'number' })
    .primaryKey()
    .references(() => works.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull().default(1),
  measurements: jsonb('measurements').$type<Measurement[]>().notNull(),
  updatedAt: updatedAt(),
});
