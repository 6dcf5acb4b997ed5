import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { IdParams } from '../../lib/schemas.js';
import { TourSchema, TourUpdateBody, tags } from './tours.schemas.js';
import type { ToursService } from './tours.service.js';

const route = routesFor(tags);

/** A panorama work's tour: what viewers show, and what its owner sets (docs/processing.md). */
export const toursRoutes: FastifyPluginAsyncTypebox<{ tours: ToursService }> = async (app, { tours }) => {
  app.get(
    '/api/model/:id/tour',
    route.public({
      summary: 'The tour a viewer shows (anyone who may read the work)',
      params: IdParams,
      data: TourSchema,
      failures: [404, 409],
    }),
    async (request) => ok(await tours.get(request.auth?.user, request.params.id)),
  );

  app.put(
    '/api/model/:id/tour',
    route.signedIn({
      summary: 'Save scene order, names, views and hotspots, music and autorotate',
      params: IdParams,
      body: TourUpdateBody,
      data: TourSchema,
      failures: [400, 403, 404, 409],
    }),
    async (request) => ok(await tours.save(request.auth!.user, request.params.id, request.body)),
  );
};
