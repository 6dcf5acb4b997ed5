import { defineModule } from '../../kernel/module.js';
import { NarrationsRepository } from './narrations.repository.js';
import { narrationsRoutes } from './narrations.routes.js';
import { NarrationsService } from './narrations.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    narrations: {
      /** Narrated guides of panorama tours: text and a clip per scene (docs/narrations.md). */
      narrations: NarrationsService;
    };
  }
}

export default defineModule({
  name: 'narrations',
  needs: ['works', 'tours', 'sensitive-words'],
  build: ({ database, works, tours, sensitiveWords, storage }) => ({
    narrations: new NarrationsService(new NarrationsRepository(database.db), works, tours, sensitiveWords, storage),
  }),
  routes: (app, { narrations }) => app.register(narrationsRoutes, { narrations }),
});

// The public surface of the module: what other modules use.
export { type NarrationsService } from './narrations.service.js';
