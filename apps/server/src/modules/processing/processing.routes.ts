import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { fail } from '../../lib/app-error.js';
import { ok, responses } from '../../lib/envelope.js';
import { IdParams, WorkDetailSchema, signedIn } from '../works/works.schemas.js';
import type { WorksService } from '../works/works.service.js';
import type { OfflinePackages } from './offline-package.js';
import { ProcessingSchema, TicketSchema, TourSchema, TourUpdateBody, TrafficQuery, TrafficSchema, VerificationSchema, tags } from './processing.schemas.js';
import type { ProcessingService } from './processing.service.js';
import type { ToursService } from './tours.service.js';
import type { TrafficService } from './traffic.service.js';

interface ProcessingRoutesOptions {
  works: WorksService;
  processing: ProcessingService;
  tours: ToursService;
  traffic: TrafficService;
  offlinePackages: OfflinePackages;
}

/** The solver, tours, offline packages and traffic of works (docs/processing.md). */
export const processingRoutes: FastifyPluginAsyncTypebox<ProcessingRoutesOptions> = async (app, { works, processing, tours, traffic, offlinePackages }) => {
  app.post(
    '/api/model/:id/activateSolver',
    {
      config: signedIn,
      schema: { tags, summary: "Queue the processing of a panorama work's origins", params: IdParams, response: responses(ProcessingSchema, [401, 403, 404, 409]) },
    },
    async (request) => ok(await processing.activate(request.auth!.user, request.params.id, request.language)),
  );

  app.get(
    '/api/model/:id/processing',
    { config: signedIn, schema: { tags, summary: 'Where processing stands: state, stage, progress, failure', params: IdParams, response: responses(ProcessingSchema, [401, 403, 404]) } },
    async (request) => ok(await processing.status(request.auth!.user, request.params.id, request.language)),
  );

  app.post(
    '/api/model/:id/reset',
    {
      config: signedIn,
      schema: { tags, summary: 'Back to an unpublished, unprocessed draft (derived files are deleted)', params: IdParams, response: responses(WorkDetailSchema, [401, 403, 404, 409]) },
    },
    async (request) => ok(await works.reset(request.auth!.user, request.params.id, (work, tx) => processing.discard(work, tx))),
  );

  app.post(
    '/api/model/:id/verify',
    {
      config: signedIn,
      schema: { tags, summary: 'What the work still lacks before it can go online, and its processing', params: IdParams, response: responses(VerificationSchema, [401, 403, 404]) },
    },
    async (request) => {
      const work = await works.findManageable(request.auth!.user, request.params.id);
      const [verification, status] = await Promise.all([works.verification(work), processing.statusOf(work.id, request.language)]);
      return ok({ ...verification, processing: status });
    },
  );

  app.get(
    '/api/model/:id/tour',
    { config: { auth: 'public' }, schema: { tags, summary: 'The tour a viewer shows (anyone who may read the work)', params: IdParams, response: responses(TourSchema, [404, 409]) } },
    async (request) => ok(await tours.get(request.auth?.user, request.params.id)),
  );

  app.put(
    '/api/model/:id/tour',
    {
      config: signedIn,
      schema: { tags, summary: 'Save scene order, names, views and hotspots, music and autorotate', params: IdParams, body: TourUpdateBody, response: responses(TourSchema, [400, 401, 403, 404, 409]) },
    },
    async (request) => ok(await tours.save(request.auth!.user, request.params.id, request.body)),
  );

  app.post(
    '/api/model/:id/offlinePackage/ticket',
    {
      config: signedIn,
      schema: { tags, summary: 'A one-minute download link for the offline package (for the browser\'s own download)', params: IdParams, response: responses(TicketSchema, [401, 403, 404, 409]) },
    },
    async (request) => ok(await offlinePackages.issueTicket(request.auth!.user, request.params.id)),
  );

  app.get(
    '/api/model/:id/offlinePackage',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A zip with a self-contained viewer and every tile, streamed (signed in, or with a ticket)',
        params: IdParams,
        querystring: Type.Object({ ticket: Type.Optional(Type.String({ maxLength: 64 })) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { ticket } = request.query;
      if (!request.auth && !ticket) throw fail('unauthenticated');
      const { fileName, stream } = request.auth ? await offlinePackages.open(request.auth.user, id) : await offlinePackages.openWithTicket(id, ticket!);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .header('cache-control', 'no-store');
      return reply.send(stream);
    },
  );

  app.get(
    '/api/model/:id/traffic',
    { config: signedIn, schema: { tags, summary: 'Requests and bytes served for the work, per day', params: IdParams, querystring: TrafficQuery, response: responses(TrafficSchema, [400, 401, 403, 404]) } },
    async (request) => ok(await traffic.ofWork(request.auth!.user, request.params.id, request.query.days)),
  );
};
