import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permission } from '@spatia/contract';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { IdParams } from '../../lib/schemas.js';
import { registerTicketedDownload } from '../download-tickets/index.js';
import {
  MeasurementSetSchema,
  MeasurementUpdateBody,
  PointCloudListQuery,
  PointCloudPageSchema,
  WorkSceneSchema,
  tags,
} from './point-clouds.schemas.js';
import type { PointCloudsService } from './point-clouds.service.js';

const route = routesFor(tags);
const pointCloudListRoute = route.for({ permission: Permission.pointCloudList });

/** Viewers' data, measurements, LAS export and the point-cloud list (docs/pointcloud-format.md, docs/models.md). */
export const pointCloudsRoutes: FastifyPluginAsyncTypebox<{ pointClouds: PointCloudsService }> = async (app, { pointClouds }) => {
  app.get(
    '/api/model/:id/scene',
    route.public({
      summary: "What a 3D or point-cloud work's viewer loads (anyone who may read the work)",
      params: IdParams,
      data: WorkSceneSchema,
      failures: [404, 409],
    }),
    async (request) => ok(await pointClouds.scene(request.auth?.user, request.params.id)),
  );

  app.put(
    '/api/model/:id/measurements',
    route.signedIn({
      summary: "Save the measurements shown on a point cloud (the work's owner)",
      params: IdParams,
      body: MeasurementUpdateBody,
      data: MeasurementSetSchema,
      failures: [400, 403, 404, 409],
    }),
    async (request) => ok(await pointClouds.saveMeasurements(request.auth!.user, request.params.id, request.body)),
  );

  registerTicketedDownload(app, {
    path: '/api/model/:id/pointCloud/las',
    tags,
    summary: 'the processed point cloud as a LAS 1.2 file, one node at a time',
    contentType: 'application/vnd.las',
    files: {
      issueTicket: (actor, uid) => pointClouds.issueLasTicket(actor, uid),
      open: (actor, uid) => pointClouds.openLas(actor, uid),
      openWithTicket: (uid, ticket) => pointClouds.openLasWithTicket(uid, ticket),
    },
  });

  app.get(
    '/api/pointClouds',
    pointCloudListRoute({
      summary: "The signed-in person's point-cloud works and their processing (permission 460)",
      querystring: PointCloudListQuery,
      data: PointCloudPageSchema,
      failures: [400],
    }),
    async (request) => ok(await pointClouds.listPointClouds(request.auth!.user, request.query, request.language)),
  );
};
