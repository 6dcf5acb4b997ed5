import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/schema/columns.js';
import {
  PROCESSING_FAILURES,
  PROCESSING_STAGES,
  PROCESSING_STATES,
  type ModelManifest,
  type PanoramaManifest,
  type PointCloudManifest,
} from '@spatia/contract';
import { works } from '../works/works.tables.js';

/** A scene a processing run has finished: where it came from and what it produced. */
export interface ProcessedScene {
  id: string;
  assetId: number;
  /** The origin's file name (or the entry's name inside a zip): the scene's default name. */
  sourceName: string;
  manifest: PanoramaManifest;
}

/** What a run made of a 3D or point-cloud work: one converted file and where it came from. */
export interface ProcessedOutput {
  assetId: number;
  sourceName: string;
  manifest: ModelManifest | PointCloudManifest;
}

/**
 * A work's processing (docs/processing.md). One row per work that was ever processed. A run writes
 * its files under `derived/{work uid}/{runId}/`; viewers read only `publishedRunId`, which changes in
 * the one transaction that finishes a run, so a half-written run is never seen.
 */
export const workProcessing = pgTable(
  'work_processing',
  {
    workId: bigint('work_id', { mode: 'number' })
      .primaryKey()
      .references(() => works.id, { onDelete: 'cascade' }),
    state: text('state', { enum: PROCESSING_STATES }).notNull().default('idle'),
    stage: text('stage', { enum: PROCESSING_STAGES }),
    progress: real('progress').notNull().default(0),
    failureReason: text('failure_reason', { enum: PROCESSING_FAILURES }),
    failureFile: text('failure_file'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Attempts of the current run that ended with a process dying: its media child (a crash, out of memory)
     * or the whole worker (found with its lease run out). At PROCESSING_CRASH_LIMIT the run fails as `crashed`.
     */
    crashes: integer('crashes').notNull().default(0),
    /** The run queued or in progress; null when none is. */
    runId: text('run_id'),
    /** The job that holds the run, and until when: a worker that stops renewing loses it to the next. */
    leaseJobId: text('lease_job_id'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Scenes the current run has finished, so a rerun after a restart skips them. */
    runScenes: jsonb('run_scenes')
      .$type<ProcessedScene[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    publishedRunId: text('published_run_id'),
    /**
     * The work whose folder holds the published run when this work shares it (a copy shares its
     * original's files, which are never changed); null when the run is this work's own.
     */
    publishedFromUid: text('published_from_uid'),
    publishedScenes: jsonb('published_scenes')
      .$type<ProcessedScene[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A 3D or point-cloud run's converted file, once converted (a rerun then only publishes it). */
    runOutput: jsonb('run_output').$type<ProcessedOutput>(),
    publishedOutput: jsonb('published_output').$type<ProcessedOutput>(),
    /** A point cloud's conversion: points read so far, of all. */
    pointsDone: bigint('points_done', { mode: 'number' }),
    pointsTotal: bigint('points_total', { mode: 'number' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('work_processing_running_idx')
      .on(table.leaseUntil)
      .where(sql`${table.state} = 'running'`),
    index('work_processing_shared_idx')
      .on(table.publishedFromUid)
      .where(sql`${table.publishedFromUid} is not null`),
    check('work_processing_progress_range', sql`${table.progress} >= 0 and ${table.progress} <= 1`),
  ],
);
