import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NarrationAudioType, NarrationLanguage, NarrationState } from '@spatia/contract';
import { createdAt, idRef, serialId, updatedAt } from '../../db/schema/columns.js';
import { userRef } from '../users/users.tables.js';
import { works } from '../works/works.tables.js';

/** A narrated guide of one panorama tour: at most one per tour and language (docs/narrations.md). */
export const narrations = pgTable(
  'narrations',
  {
    id: serialId(),
    ownerId: userRef('owner_id'),
    workId: idRef('work_id', () => works.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    language: text('language').$type<NarrationLanguage>().notNull(),
    state: text('state').$type<NarrationState>().notNull().default('draft'),
    autoAdvance: boolean('auto_advance').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('narrations_work_language').on(table.workId, table.language),
    index('narrations_owner_updated').on(table.ownerId, table.updatedAt),
  ],
);

/** One scene's text and clip; the scene is the tour's (`TourScene.id`), its order the tour's. */
export const narrationScenes = pgTable(
  'narration_scenes',
  {
    narrationId: idRef('narration_id', () => narrations.id, { onDelete: 'cascade' }),
    sceneId: text('scene_id').notNull(),
    text: text('text').notNull().default(''),
    audioKey: text('audio_key'),
    audioType: text('audio_type').$type<NarrationAudioType>(),
    audioBytes: integer('audio_bytes'),
    audioDurationMs: integer('audio_duration_ms'),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.narrationId, table.sceneId] })],
);
