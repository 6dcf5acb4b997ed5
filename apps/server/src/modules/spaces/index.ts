import { defineModule } from '../../kernel/module.js';
import type { PublicImages } from '../uploads/index.js';
import { spaceImageStore } from './space-images.js';
import { SpacesRepository } from './spaces.repository.js';
import { spacesRoutes } from './spaces.routes.js';
import { SpacesService } from './spaces.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    spaces: {
      /** Spaces: a person's or an enterprise's mini-sites of their works, their pages and shops (docs/spaces.md). */
      spaces: SpacesService;
      /** Their covers and logos as uploaded. */
      spaceImages: PublicImages;
    };
  }
}

export default defineModule({
  name: 'spaces',
  needs: ['users', 'works', 'market', 'rentals', 'signing', 'service-orders', 'sensitive-words', 'uploads'],
  build: ({ database, users, works, market, rentals, signing, serviceOrders, sensitiveWords, rateLimiter, storage }) => ({
    spaces: new SpacesService({
      repository: new SpacesRepository(database.db),
      users,
      works,
      market,
      rentals,
      signing,
      serviceOrders,
      sensitiveWords,
      rateLimiter,
    }),
    spaceImages: spaceImageStore(storage, rateLimiter),
  }),
  routes: (app, { spaces, spaceImages }) => app.register(spacesRoutes, { spaces, spaceImages }),
});

// The public surface of the module: what other modules use.
export { type SpacesService } from './spaces.service.js';
