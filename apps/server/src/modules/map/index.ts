import { defineModule } from '../../kernel/module.js';
import { MapRepository } from './map.repository.js';
import { mapRoutes } from './map.routes.js';
import { MapService } from './map.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    map: {
      /** The works on the public map and globe, and the operator's base map (docs/map.md). */
      map: MapService;
    };
  }
}

export default defineModule({
  name: 'map',
  needs: ['admin-log', 'works'],
  build: ({ database, adminLog }) => ({ map: new MapService(new MapRepository(database.db), adminLog) }),
  routes: (app, { map }) => app.register(mapRoutes, { map }),
});

export { type MapService } from './map.service.js';
