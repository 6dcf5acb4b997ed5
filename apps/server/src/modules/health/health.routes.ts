import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { HealthStatus } from './health.schemas.js';
import type { HealthService } from './health.service.js';

const route = routesFor(['platform']);

export const healthRoutes: FastifyPluginAsyncTypebox<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/api/health',
    {
      // Never reads the caller: declared for anyone, so it pays for no session lookup.
      ...route.anyone({ summary: 'Liveness and database reachability', data: HealthStatus, failures: [503] }),
      // Probed constantly and always tiny: it never reaches the compression threshold, so skip the hooks.
      compress: false,
    },
    async () => ok(await health.status()),
  );
};
