import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { IdParams } from '../../lib/schemas.js';
import { TrafficQuery, TrafficSchema, tags } from './traffic.schemas.js';
import type { TrafficService } from './traffic.service.js';

const route = routesFor(tags);

/** What was served for a work, per day (docs/processing.md). */
export const trafficRoutes: FastifyPluginAsyncTypebox<{ traffic: TrafficService }> = async (app, { traffic }) => {
  app.get(
    '/api/model/:id/traffic',
    route.signedIn({
      summary: 'Requests and bytes served for the work, per day',
      params: IdParams,
      querystring: TrafficQuery,
      data: TrafficSchema,
      failures: [400, 403, 404],
    }),
    async (request) => ok(await traffic.ofWork(request.auth!.user, request.params.id, request.query.days)),
  );
};
