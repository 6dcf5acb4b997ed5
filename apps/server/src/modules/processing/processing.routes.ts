import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { IdParams } from '../../lib/schemas.js';
import { WorkDetailSchema } from '../works/index.js';
import type { WorksService } from '../works/index.js';
import { ProcessingSchema, VerificationSchema, tags } from './processing.schemas.js';
import type { ProcessingService } from './processing.service.js';

const route = routesFor(tags);

/** The solver: runs, where they stand, and going back to an unprocessed draft (docs/processing.md). */
export const processingRoutes: FastifyPluginAsyncTypebox<{ works: WorksService; processing: ProcessingService }> = async (
  app,
  { works, processing },
) => {
  app.post(
    '/api/model/:id/activateSolver',
    route.signedIn({
      summary: "Queue the processing of a work's origins (panoramas, a 3D model or a point cloud)",
      params: IdParams,
      data: ProcessingSchema,
      failures: [403, 404, 409],
    }),
    async (request) => ok(await processing.activate(request.auth!.user, request.params.id, request.language)),
  );

  app.get(
    '/api/model/:id/processing',
    route.signedIn({
      summary: 'Where processing stands: state, stage, progress, failure',
      params: IdParams,
      data: ProcessingSchema,
      failures: [403, 404],
    }),
    async (request) => ok(await processing.status(request.auth!.user, request.params.id, request.language)),
  );

  app.post(
    '/api/model/:id/reset',
    route.signedIn({
      summary: 'Back to an unpublished, unprocessed draft (derived files are deleted)',
      params: IdParams,
      data: WorkDetailSchema,
      failures: [403, 404, 409],
    }),
    async (request) => ok(await works.reset(request.auth!.user, request.params.id, (work, tx) => processing.discard(work, tx))),
  );

  app.post(
    '/api/model/:id/verify',
    route.signedIn({
      summary: 'What the work still lacks before it can go online, and its processing',
      params: IdParams,
      data: VerificationSchema,
      failures: [403, 404],
    }),
    async (request) => {
      const work = await works.findManageable(request.auth!.user, request.params.id);
      const [verification, status] = await Promise.all([works.verification(work), processing.statusOf(work.id, request.language)]);
      return ok({ ...verification, processing: status });
    },
  );
};
