import { defineModule } from '../../kernel/module.js';
import { ToursRepository } from './tours.repository.js';
import { toursRoutes } from './tours.routes.js';
import { ToursService } from './tours.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    tours: {
      /** A panorama's tour: scenes, hotspots, music and the editor's settings. */
      tours: ToursService;
    };
  }
}

export default defineModule({
  name: 'tours',
  needs: ['processing', 'works', 'sensitive-words'],
  build: ({ database, processing, works, sensitiveWords }) => ({
    tours: new ToursService(new ToursRepository(database.db), processing, works, sensitiveWords),
  }),
  routes: (app, { tours }) => app.register(toursRoutes, { tours }),
  // The public page of a tour shows its opening picture before any script (docs/web.md).
  provides: ({ tours }) => ({ 'works.firstViewImages': (work) => tours.firstViewImages(work) }),
  // What a tour keeps beside the processed output follows its publishes, resets and copies.
  on: ({ tours }) => ({
    'processing.published': { when: 'transaction', handle: ({ work, scenes }, tx) => tours.onPublished(work, scenes, tx) },
    'processing.discarded': { when: 'transaction', handle: ({ workId }, tx) => tours.onDiscarded(workId, tx) },
    'work.copied': {
      when: 'transaction',
      handle: ({ original, copy, assetIds }, tx) => tours.onCopied(original.id, copy.id, assetIds, tx),
    },
  }),
});

// The public surface of the module: what other modules use.
export { DEFAULT_FOV } from './tour-settings.js';
export { type ToursService, buildTour } from './tours.service.js';
