import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import type { HealthService } from './health.service.js';

const HealthStatus = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  version: Type.String(),
});

export const healthRoutes: FastifyPluginAsyncTypebox<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/api/health',
    {
      // Probed constantly and always tiny: it never reaches the compression threshold, so skip the hooks.
      compress: false,
      schema: { tags: ['platform'], summary: 'Liveness and database reachability', response: responses(HealthStatus, [503]) },
    },
    async () => ok(await health.status()),
  );
};
