import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { HealthStatus, Liveness, Readiness } from './health.schemas.js';
import type { HealthService } from './health.service.js';
import type { ReadinessService } from './readiness.service.js';

const route = routesFor(['platform']);

export const healthRoutes: FastifyPluginAsyncTypebox<{ health: HealthService; readiness: ReadinessService; version: string }> = async (
  app,
  { health, readiness, version },
) => {
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

  app.get(
    '/api/health/live',
    {
      ...route.anyone({
        summary: 'Liveness: the process answers',
        description: 'Asks no dependency: a process whose database is down is alive (restart it only when this fails).',
        data: Liveness,
      }),
      compress: false,
    },
    async () => ok({ status: 'ok' as const, version }),
  );

  app.get(
    '/api/health/ready',
    {
      ...route.anyone({
        summary: 'Readiness: the database, the job queue and the cache answer',
        description:
          'Each dependency is asked afresh (the cache only with REDIS_URL). 503 (code 1004) names those that did not answer: ' +
          'send this process no traffic until it is ready again.',
        data: Readiness,
        failures: [503],
      }),
      compress: false,
    },
    async () => ok(await readiness.check()),
  );
};
