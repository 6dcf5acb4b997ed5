import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Role } from '@spatia/contract';
import { ok, responses } from '../../lib/envelope.js';
import { OverviewQuery, OverviewSchema } from './admin-overview.schemas.js';
import type { AdminOverviewService } from './admin-overview.service.js';

export const adminOverviewRoutes: FastifyPluginAsyncTypebox<{ overview: AdminOverviewService }> = async (app, { overview }) => {
  app.get(
    '/api/admin/overview',
    {
      config: { auth: { role: Role.admin } },
      schema: {
        tags: ['back office'],
        summary: 'Pending reviews of each kind, totals, and new users and works per UTC day',
        querystring: OverviewQuery,
        response: responses(OverviewSchema, [400, 401, 403]),
      },
    },
    async (request) => ok(await overview.overview(request.query.days ?? 30)),
  );
};
