import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import { HealthStatus } from './health.schemas.js';
import type { HealthService } from './health.service.js';

export const healthRoutes: FastifyPluginAsyncTypebox<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/api/health',
    {
      // Probed constantly and always tiny: it never reaches the compression threshold, so skip the hooks.
      compress: false,
      // Never reads the caller: declared for anyone, so it pays for no session lookup.
      config: { auth: 'anyone' },
      schema: { tags: ['platform'], summary: 'Liveness and database reachability', response: responses(HealthStatus, [503]) },
    },
    async () => ok(await health.status()),
  );
};
