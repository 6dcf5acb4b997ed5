import { defineModule } from '../../kernel/module.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { TrafficRepository } from './traffic.repository.js';
import { trafficRoutes } from './traffic.routes.js';
import { TrafficService } from './traffic.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    traffic: {
      /** Bytes served per work and day, counted in memory and flushed in batches. */
      traffic: TrafficService;
    };
  }
}

export default defineModule({
  name: 'traffic',
  needs: ['works'],
  build: ({ config, database, works }) => ({
    traffic: new TrafficService(new TrafficRepository(database.db), works, () => Date.now(), new BusinessCalendar(config.businessTimeZone)),
  }),
  routes: (app, { traffic }) => app.register(trafficRoutes, { traffic }),
  stop: ({ traffic }) => traffic.flush(),
});

// The public surface of the module: what other modules use.
export { type TrafficService } from './traffic.service.js';
