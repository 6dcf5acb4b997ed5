import type { ServingHoldReason } from '@spatia/contract';
import { defineModule } from '../../kernel/module.js';
import { SITEMAP_ENTRIES_PER_SOURCE } from '../seo/index.js';
import { workAssetsRoutes } from './work-assets.routes.js';
import { WorkAssetsService } from './work-assets.service.js';
import { describeWorkPage } from './work-page-meta.js';
import { workPublishingRoutes } from './work-publishing.routes.js';
import { WorkPublishingService } from './work-publishing.service.js';
import { WorkSearchRepository } from './work-search.repository.js';
import { WorkSearchService } from './work-search.js';
import { WorkViews } from './work-views.js';
import { WorksRepository } from './works.repository.js';
import { WorkUploadGrantsRepository } from './work-upload-grants.repository.js';
import { worksRoutes } from './works.routes.js';
import { WorksService } from './works.service.js';
import type { WorkLeftMarketReason, WorkRow } from './works.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    works: {
      works: WorksService;
      /** Publishing, going online and offline, and the review of works. */
      workPublishing: WorkPublishingService;
      /** A work's files: upload grants, covers, attachments. */
      workAssets: WorkAssetsService;
      /** Views and likes. */
      workViews: WorkViews;
      /** The site's search over works anyone may see (docs/search.md). */
      workSearch: WorkSearchService;
    };
  }
}

declare module '../../kernel/domain-events.js' {
  interface DomainEventMap {
    /** Inside the copy's transaction; `assetIds` maps each of the original's assets to the copy's. */
    'work.copied': { original: WorkRow; copy: WorkRow; assetIds: ReadonlyMap<number, number> };
    /** Inside the purge's transaction, before the rows go: what was derived for these works may go after commit. */
    'works.purging': { works: readonly WorkRow[] };
    /**
     * Inside the change's transaction: these works can no longer be sold as they were listed (an edit of what
     * review approved, offline, reset, handed over, into the recycle bin); a listing of them ends (docs/market.md).
     */
    'works.leftMarket': { workIds: readonly number[]; reason: WorkLeftMarketReason };
  }
}

declare module '../../kernel/hooks.js' {
  interface HookMap {
    /** Why a work's viewers (other than its owner and admins) see a notice instead of it, if they do. */
    'works.viewingHold': (work: WorkRow) => Promise<ServingHoldReason | null>;
    /**
     * The files a work's viewer draws its first frame from, as site URLs, the one facing the opening view
     * first (a tour's opening scene's base faces); null when there are none yet.
     */
    'works.firstViewImages': (work: WorkRow) => Promise<readonly string[] | null>;
  }
}

export default defineModule({
  name: 'works',
  emits: ['work.copied', 'works.purging', 'works.leftMarket'],
  needs: ['users', 'sensitive-words', 'uploads', 'identity', 'notifications', 'admin-log'],
  build: ({
    database,
    users,
    sensitiveWords,
    storage,
    privateFiles,
    identity,
    notifications,
    adminLog,
    rateLimiter,
    cache,
    events,
    hooks,
  }) => {
    const repository = new WorksRepository(database.db);
    const works = new WorksService(repository, users, sensitiveWords, storage, privateFiles, identity, events, (work) =>
      Promise.resolve(hooks.get('works.viewingHold')?.(work) ?? null),
    );
    return {
      works,
      workPublishing: new WorkPublishingService(works, repository, { users, notifications, adminLog }),
      workAssets: new WorkAssetsService(works, repository, new WorkUploadGrantsRepository(database.db), storage),
      workViews: new WorkViews(works, repository, rateLimiter),
      workSearch: new WorkSearchService(new WorkSearchRepository(database.db), cache),
    };
  },
  routes: async (app, { works, workPublishing, workAssets, workViews, config }) => {
    await app.register(worksRoutes, { works, publishing: workPublishing, views: workViews });
    await app.register(workPublishingRoutes, { publishing: workPublishing, publicUrl: config.publicUrl });
    await app.register(workAssetsRoutes, { assets: workAssets });
  },
  contributes: ({ works, config, hooks }) => ({
    'pages.describe': describeWorkPage(works, config.publicUrl, (work) =>
      Promise.resolve(hooks.get('works.firstViewImages')?.(work) ?? null),
    ),
    'pages.sitemap': () => works.publicPages(SITEMAP_ENTRIES_PER_SOURCE),
  }),
  jobs: ({ works }) => [
    { name: 'works.purgeRecycleBin', handler: () => works.purgeExpired(), options: { schedule: { cron: '23 3 * * *' } } },
  ],
});

// The public surface of the module: what other modules use.
export { type Actor, canManage } from './work-access.js';
export { type WorkAssetsService } from './work-assets.service.js';
export { type WorkPublishingService } from './work-publishing.service.js';
export { type WorkAssetRow, type WorkRow } from './works.repository.js';
export { WORK_TIME_MAX, WorkDetailSchema, WorkSummarySchema, WorkTypeSchema } from './works.schemas.js';
export { type WorkLeftMarketReason, type WorksService } from './works.service.js';
export { highlightRanges, keywordGrams, keywordWords, normalizeSearchText, searchGramsOf, type TextRange } from './search-grams.js';
export { type PublicWorkHit, type WorkSearchService } from './work-search.js';
