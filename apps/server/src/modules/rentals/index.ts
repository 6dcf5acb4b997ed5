import { defineModule } from '../../kernel/module.js';
import { RentalsRepository } from './rentals.repository.js';
import { rentalsRoutes } from './rentals.routes.js';
import { RentalsService } from './rentals.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    rentals: {
      /** Rental details of panorama works and the public rental listing (docs/rentals.md). */
      rentals: RentalsService;
    };
  }
}

export default defineModule({
  name: 'rentals',
  needs: ['works', 'sensitive-words', 'uploads'],
  build: ({ database, works, sensitiveWords, rateLimiter }) => ({
    rentals: new RentalsService(database.db, new RentalsRepository(database.db), works, sensitiveWords, rateLimiter),
  }),
  routes: (app, { rentals }) => app.register(rentalsRoutes, { rentals }),
});

export { type RentalsService } from './rentals.service.js';
