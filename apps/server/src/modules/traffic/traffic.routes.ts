import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import { IdParams, signedIn } from '../works/works.schemas.js';
import { TrafficQuery, TrafficSchema, tags } from './traffic.schemas.js';
import type { TrafficService } from './traffic.service.js';

/** What was served for a work, per day (docs/processing.md). */
export const trafficRoutes: FastifyPluginAsyncTypebox<{ traffic: TrafficService }> = async (app, { traffic }) => {
  app.get(
    '/api/model/:id/traffic',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Requests and bytes served for the work, per day',
        params: IdParams,
        querystring: TrafficQuery,
        response: responses(TrafficSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await traffic.ofWork(request.auth!.user, request.params.id, request.query.days)),
  );
};
