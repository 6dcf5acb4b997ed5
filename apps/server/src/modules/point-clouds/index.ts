import { defineModule } from '../../kernel/module.js';
import { PointCloudsRepository } from './point-clouds.repository.js';
import { pointCloudsRoutes } from './point-clouds.routes.js';
import { PointCloudsService } from './point-clouds.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'point-clouds': {
      /** Point-cloud viewers' data, measurements and LAS export. */
      pointClouds: PointCloudsService;
    };
  }
}

export default defineModule({
  name: 'point-clouds',
  needs: ['processing', 'works', 'sensitive-words', 'download-tickets'],
  build: ({ database, processing, works, sensitiveWords, storage, downloadTickets, logger }) => ({
    pointClouds: new PointCloudsService(
      new PointCloudsRepository(database.db),
      processing,
      works,
      sensitiveWords,
      storage,
      downloadTickets,
      logger,
    ),
  }),
  routes: (app, { pointClouds }) => app.register(pointCloudsRoutes, { pointClouds }),
  // Measurements are kept beside the processed output: a reset forgets them, a copy takes them along.
  on: ({ pointClouds }) => ({
    'processing.discarded': { when: 'transaction', handle: ({ workId }, tx) => pointClouds.onDiscarded(workId, tx) },
    'work.copied': {
      when: 'transaction',
      handle: ({ original, copy, assetIds }, tx) => pointClouds.onCopied(original.id, copy.id, assetIds, tx),
    },
  }),
});
