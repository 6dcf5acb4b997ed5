import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import { IdParams, WorkDetailSchema, signedIn } from '../works/works.schemas.js';
import type { WorksService } from '../works/works.service.js';
import type { OfflinePackages } from './offline-package.js';
import { ProcessingSchema, TourSchema, TourUpdateBody, TrafficQuery, TrafficSchema, VerificationSchema, tags } from './processing.schemas.js';
import type { ProcessingService } from './processing.service.js';
import type { ToursService } from './tours.service.js';
import { registerTicketedDownload } from './ticketed-download.routes.js';
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
      schema: { tags, summary: "Queue the processing of a work's origins (panoramas, a 3D model or a point cloud)", params: IdParams, response: responses(ProcessingSchema, [401, 403, 404, 409]) },
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

  registerTicketedDownload(app, {
    path: '/api/model/:id/offlinePackage',
    tags,
    summary: 'a zip of the offline package: a self-contained viewer and every tile',
    contentType: 'application/zip',
    issueTicket: (actor, uid) => offlinePackages.issueTicket(actor, uid),
    open: (actor, uid) => offlinePackages.open(actor, uid),
    openWithTicket: (uid, ticket) => offlinePackages.openWithTicket(uid, ticket),
  });

  app.get(
    '/api/model/:id/traffic',
    { config: signedIn, schema: { tags, summary: 'Requests and bytes served for the work, per day', params: IdParams, querystring: TrafficQuery, response: responses(TrafficSchema, [400, 401, 403, 404]) } },
    async (request) => ok(await traffic.ofWork(request.auth!.user, request.params.id, request.query.days)),
  );
};
