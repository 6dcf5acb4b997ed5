import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import { IdParams, signedIn } from '../works/works.schemas.js';
import { TourSchema, TourUpdateBody, tags } from './tours.schemas.js';
import type { ToursService } from './tours.service.js';

/** A panorama work's tour: what viewers show, and what its owner sets (docs/processing.md). */
export const toursRoutes: FastifyPluginAsyncTypebox<{ tours: ToursService }> = async (app, { tours }) => {
  app.get(
    '/api/model/:id/tour',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The tour a viewer shows (anyone who may read the work)',
        params: IdParams,
        response: responses(TourSchema, [404, 409]),
      },
    },
    async (request) => ok(await tours.get(request.auth?.user, request.params.id)),
  );

  app.put(
    '/api/model/:id/tour',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Save scene order, names, views and hotspots, music and autorotate',
        params: IdParams,
        body: TourUpdateBody,
        response: responses(TourSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => ok(await tours.save(request.auth!.user, request.params.id, request.body)),
  );
};
