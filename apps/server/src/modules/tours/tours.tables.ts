import { bigint, integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/schema/columns.js';
import { type TourSceneSettings } from '@spatia/contract';
import { works } from '../works/works.tables.js';

/** What the owner edited of a processed tour; scenes and files come from the published run. */
export interface StoredTourSettings {
  scenes: TourSceneSettings[];
  autorotateDelay: number;
  gallery: boolean;
  musicAssetId: number | null;
}

export const workTours = pgTable('work_tours', {
  workId: bigint('work_id', { mode: 'number' })
    .primaryKey()
    .references(() => works.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull().default(1),
  settings: jsonb('settings').$type<StoredTourSettings>().notNull(),
  updatedAt: updatedAt(),
});
