import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { OverviewQuery, OverviewSchema } from './admin-overview.schemas.js';
import type { AdminOverviewService } from './admin-overview.service.js';

const route = routesFor(['back office']);

export const adminOverviewRoutes: FastifyPluginAsyncTypebox<{ overview: AdminOverviewService }> = async (app, { overview }) => {
  app.get(
    '/api/admin/overview',
    route.admin({
      summary: 'Pending reviews of each kind, totals, and new users and works per UTC day',
      querystring: OverviewQuery,
      data: OverviewSchema,
      failures: [400],
    }),
    async (request) => ok(await overview.overview(request.query.days ?? 30)),
  );
};
