import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { UidParams } from '../../lib/schemas.js';
import {
  MaybeRentalDetailsSchema,
  RentalContactSchema,
  RentalDetailsSchema,
  RentalInputSchema,
  RentalPageSchema,
  RentalQuerySchema,
  RentalRemovedSchema,
  tags,
} from './rentals.schemas.js';
import type { RentalsService } from './rentals.service.js';

const route = routesFor(tags);

/** Our paths for rental listings (docs/rentals.md): the owner's under the work, the public listing under /open. */
export const rentalsRoutes: FastifyPluginAsyncTypebox<{ rentals: RentalsService }> = async (app, { rentals }) => {
  app.get(
    '/api/model/:uid/rental',
    route.signedIn({
      summary: "A work's rental details, for its owner (null when it has none)",
      params: UidParams,
      data: MaybeRentalDetailsSchema,
      failures: [404],
    }),
    async (request) => ok(await rentals.get(request.auth!.user, request.params.uid)),
  );

  app.put(
    '/api/model/:uid/rental',
    route.signedIn({
      summary: 'Sets the rental details of my panorama work (listed: whether the public listing shows it)',
      params: UidParams,
      body: RentalInputSchema,
      data: RentalDetailsSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await rentals.set(request.auth!.user, request.params.uid, request.body)),
  );

  app.delete(
    '/api/model/:uid/rental',
    route.signedIn({
      summary: "Removes my work's rental details (none: nothing changes)",
      params: UidParams,
      data: RentalRemovedSchema,
      failures: [404],
    }),
    async (request) => ok(await rentals.remove(request.auth!.user, request.params.uid)),
  );

  app.get(
    '/api/open/rentals',
    route.anyone({
      summary: 'Rental listings: filters by rent, area, bedrooms, keyword and the visible map; newest, by rent or by area',
      querystring: RentalQuerySchema,
      data: RentalPageSchema,
      failures: [400],
    }),
    async (request) => {
      const { sort = 'newest', ...query } = request.query;
      return ok(await rentals.search({ ...query, sort }));
    },
  );

  app.post(
    '/api/rentals/:uid/contact',
    route.signedIn({
      summary: "A listing's full contact phone, for a signed-in visitor (a limited number an hour)",
      params: UidParams,
      data: RentalContactSchema,
      failures: [404, 429],
    }),
    async (request) => ok(await rentals.contact(request.auth!.user, request.params.uid)),
  );
};
