import { defineModule } from '../../kernel/module.js';
import { healthRoutes } from './health.routes.js';
import { HealthService } from './health.service.js';
import { ReadinessService } from './readiness.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    health: object;
  }
}

/** `/api/health`: whether the process and its database answer, and the version; `/live` and `/ready` for probes. */
export default defineModule({
  name: 'health',
  needs: [],
  build: () => ({}),
  routes: (app, { config, database, jobs, cache, version }) => {
    const checks = {
      database: () => database.ping(),
      jobs: () => jobs.isStarted(),
      // Memory always answers; Redis is a dependency only when configured.
      ...(config.redisUrl ? { cache: () => cache.ping() } : {}),
    };
    return app.register(healthRoutes, { health: new HealthService(database, version), readiness: new ReadinessService(checks), version });
  },
});
