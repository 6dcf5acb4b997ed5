import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { fail } from '../../lib/app-error.js';
import { routesFor } from '../../lib/route.js';
import { MapSettingsSchema, MapWorksQuery, MapWorksSchema, tags } from './map.schemas.js';
import type { MapService } from './map.service.js';

const route = routesFor(tags);

/** The public map and globe, and the back office's base map setting (docs/map.md). */
export const mapRoutes: FastifyPluginAsyncTypebox<{ map: MapService }> = async (app, { map }) => {
  app.get(
    '/api/open/map/works',
    route.anyone({
      summary:
        'Works anyone may see that have a location, newest first, at most MAP_WORKS_LIMIT: in the area west, south, east, north (all four, or none for the whole world; west > east crosses the antimeridian), of one type or all',
      querystring: MapWorksQuery,
      data: MapWorksSchema,
      failures: [400],
    }),
    async (request) => {
      const { type, west, south, east, north } = request.query;
      const edges = [west, south, east, north];
      if (edges.some((edge) => edge === undefined) && edges.some((edge) => edge !== undefined)) throw fail('mapBoundsInvalid');
      const area = west === undefined ? undefined : { west, south: south!, east: east!, north: north! };
      return ok(await map.works(area, type || undefined));
    },
  );

  app.get(
    '/api/open/map/settings',
    route.anyone({
      summary: "The operator's base map: a style or tile URL and its credit (empty: the bundled basemap)",
      data: MapSettingsSchema,
    }),
    async () => ok(await map.settings()),
  );

  app.get('/api/admin/map/settings', route.admin({ summary: "The base map of the site's maps", data: MapSettingsSchema }), async () =>
    ok(await map.settings()),
  );

  app.put(
    '/api/admin/map/settings',
    route.admin({
      summary:
        "Set the base map of the site's maps: a tile service's style JSON URL or raster tile URL, or empty for the bundled basemap (audited)",
      acceptQueryParams: true,
      body: MapSettingsSchema,
      data: MapSettingsSchema,
      failures: [400],
    }),
    async (request) => ok(await map.updateSettings(request.auth!.user, request.body)),
  );
};
