import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Role } from '@spatia/contract';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import {
  ApplicationIdParams,
  ApplicationPageSchema,
  ApplicationSchema,
  ApplicationsQuery,
  ApplyBody,
  AreasBody,
  MySigningSchema,
  ProviderPageSchema,
  ProviderSchema,
  ProvidersQuery,
  ProviderUidParams,
  ReasonBody,
  tags,
} from './signing.schemas.js';
import type { SigningService } from './signing.service.js';

const route = routesFor(tags);
/** Spec 2.3: /signed/index is for photographers. */
const photographerRoute = route.for({ role: Role.photographer });

/** A photographer's application to be a signed service provider, and the back office's decisions. */
export const signingRoutes: FastifyPluginAsyncTypebox<{ signing: SigningService }> = async (app, { signing }) => {
  app.get(
    '/api/c/signing',
    photographerRoute({ summary: 'My latest signing application and whether I am signed now', data: MySigningSchema }),
    async (request) => ok(await signing.mine(request.auth!.user)),
  );

  app.post(
    '/api/c/signing/apply',
    photographerRoute({
      summary: 'Apply to be a signed service provider: provinces served, equipment, an intro and 1–6 sample works of mine',
      body: ApplyBody,
      data: ApplicationSchema,
      failures: [400, 409],
    }),
    async (request) => ok(await signing.apply(request.auth!.user, request.body)),
  );

  app.put(
    '/api/c/signing/areas',
    photographerRoute({
      summary: 'As an active signed provider, change the provinces I serve and my equipment (the open orders I see follow at once)',
      body: AreasBody,
      data: MySigningSchema,
      failures: [400, 403],
    }),
    async (request) => ok(await signing.updateAreas(request.auth!.user, request.body)),
  );

  app.post(
    '/api/c/signing/withdraw',
    photographerRoute({ summary: 'Withdraw my application while it waits', data: ApplicationSchema, failures: [409] }),
    async (request) => ok(await signing.withdraw(request.auth!.user)),
  );

  app.get(
    '/api/admin/signing/applications',
    route.admin({
      summary: 'Signing applications, pending first, then newest',
      querystring: ApplicationsQuery,
      data: ApplicationPageSchema,
    }),
    async (request) => ok(await signing.applications(request.query)),
  );

  app.post(
    '/api/admin/signing/applications/:id/approve',
    route.admin({
      summary: 'Approve an application: the applicant becomes (or stays) a signed provider for its provinces',
      params: ApplicationIdParams,
      data: ApplicationSchema,
      failures: [404, 409],
    }),
    async (request) => ok(await signing.approve(request.auth!.user, request.params.id)),
  );

  app.post(
    '/api/admin/signing/applications/:id/reject',
    route.admin({
      summary: 'Reject an application with a reason',
      params: ApplicationIdParams,
      body: ReasonBody,
      data: ApplicationSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await signing.reject(request.auth!.user, request.params.id, request.body.reason)),
  );

  app.get(
    '/api/admin/signing/providers',
    route.admin({
      summary: 'Signed providers (filter by status and a province they serve), for the list and the assign picker',
      querystring: ProvidersQuery,
      data: ProviderPageSchema,
      failures: [400],
    }),
    async (request) => ok(await signing.providers(request.query)),
  );

  app.post(
    '/api/admin/signing/providers/:uid/revoke',
    route.admin({
      summary: 'Revoke a signed provider with a reason (orders they took stay theirs)',
      params: ProviderUidParams,
      body: ReasonBody,
      data: ProviderSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await signing.revoke(request.auth!.user, request.params.uid, request.body.reason)),
  );
};
