import { defineModule } from '../../kernel/module.js';
import { healthRoutes } from './health.routes.js';
import { HealthService } from './health.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    health: object;
  }
}

/** `/api/health`: whether the process and its database answer, and the version. */
export default defineModule({
  name: 'health',
  needs: [],
  build: () => ({}),
  routes: (app, { database, version }) => app.register(healthRoutes, { health: new HealthService(database, version) }),
});
