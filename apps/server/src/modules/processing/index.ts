import path from 'node:path';
import type { ProcessedScene } from './processing.tables.js';
import type { Job } from '../../jobs/job-queue.js';
import { defineModule } from '../../kernel/module.js';
import { ProcessingJobs } from './processing.jobs.js';
import type { WorkRow } from '../works/index.js';
import { ProcessingRepository } from './processing.repository.js';
import { processingRoutes } from './processing.routes.js';
import {
  PROCESSING_JOBS,
  ProcessingService,
  RUN_EXPIRY_SECONDS,
  RUN_RETRIES,
  type DeleteRunJob,
  type RunJob,
} from './processing.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    processing: {
      /** The solver: panorama processing runs as jobs (docs/processing.md). */
      processing: ProcessingService;
      /** Its background work: the runs, reviving stalled ones, deleting released run folders. */
      processingJobs: ProcessingJobs;
    };
  }
}

declare module '../../kernel/domain-events.js' {
  interface DomainEventMap {
    /** Inside the transaction that publishes a run; `scenes` are a panorama's scenes in upload order (none for other types). */
    'processing.published': { work: WorkRow; scenes: ProcessedScene[] };
    /** Inside a reset: the work's processed output is forgotten. */
    'processing.discarded': { workId: number };
  }
}

export default defineModule({
  name: 'processing',
  emits: ['processing.published', 'processing.discarded'],
  needs: ['works'],
  build: ({ config, database, works, storage, jobs, events, logger, metrics }) => {
    const deps = { repository: new ProcessingRepository(database.db), works, storage, jobs, events };
    const options = { scratchDir: path.join(config.dataDir, 'tmp', 'processing'), leaseSeconds: config.processingLeaseSeconds };
    return {
      processing: new ProcessingService(deps),
      processingJobs: new ProcessingJobs({ ...deps, logger, options, metrics }),
    };
  },
  routes: (app, { works, processing }) => app.register(processingRoutes, { works, processing }),
  jobs: ({ processing, processingJobs }) => [
    {
      name: PROCESSING_JOBS.run,
      handler: (job) => processingJobs.run(job as Job<RunJob>),
      options: { retryLimit: RUN_RETRIES, retryDelaySeconds: 2, expireInSeconds: RUN_EXPIRY_SECONDS },
    },
    { name: PROCESSING_JOBS.deleteRun, handler: (job) => processing.releaseRun(job.data as DeleteRunJob) },
    {
      name: PROCESSING_JOBS.reviveStalled,
      handler: () => processingJobs.reviveStalled(),
      // Every minute, and a second after the earliest lease can run out (the handler sends that one).
      options: { schedule: { cron: '* * * * *' }, policy: 'short' },
    },
  ],
  on: ({ processing }) => ({
    // A copy shares the processed output of its original; a purge deletes only what no other work shows.
    'work.copied': {
      when: 'transaction',
      handle: ({ original, copy, assetIds }, tx) => processing.shareWithCopy(original, copy, assetIds, tx),
    },
    'works.purging': { when: 'transaction', handle: ({ works }, tx) => processing.forgetPurged(works, tx) },
  }),
  start: ({ processingJobs }) => processingJobs.afterStart(),
});

export type { RunJob };

// The public surface of the module: what other modules use.
export { sceneFolder, workUidOfDerivedKey } from './derived-files.js';
export { ProcessingSchema } from './processing.schemas.js';
export { type ProcessingService, SPATIAL_FOLDER, presentProcessing } from './processing.service.js';
export { type ProcessedOutput, type ProcessedScene } from './processing.tables.js';
