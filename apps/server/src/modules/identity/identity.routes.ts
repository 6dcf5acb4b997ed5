import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BUSINESS_CARD_MAX_BYTES, IDENTITY_DETAILS_MAX_IDS } from '@spatia/contract';
import { Type } from 'typebox';
import { invalid } from '../../lib/app-error.js';
import { registerReviewDecisions } from '../admin-log/index.js';
import { ok } from '../../lib/envelope.js';
import { readSingleFile, registerMultipartRoutes } from '../../lib/multipart.js';
import { routesFor } from '../../lib/route.js';
import { pageOf } from '../../lib/schemas.js';
import {
  ApplicationItemSchema,
  ApplicationListQuery,
  ApplyBody,
  IdentityIdParams,
  IdentityIdsParams,
  KindDetailSchema,
  RecordIdParams,
  RecordSchema,
  RejectBody,
  UploadedCardSchema,
  tags,
} from './identity.schemas.js';
import type { IdentityService } from './identity.service.js';

const MAX_ID = 2_147_483_647;

/** `2,16,10`: whole numbers, comma-separated, at most IDENTITY_DETAILS_MAX_IDS of them. */
export function parseIdentityIds(value: string): number[] {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^\d{1,10}$/.test(part) || Number(part) < 1 || Number(part) > MAX_ID)) throw invalid('ids', 'pattern');
  if (parts.length > IDENTITY_DETAILS_MAX_IDS) throw invalid('ids', 'tooManyItems', { limit: IDENTITY_DETAILS_MAX_IDS });
  return parts.map(Number);
}

const route = routesFor(tags);

/** Spec 7.3: identity authentication, and the back office's review of it (docs/identity.md). */
export const identityRoutes: FastifyPluginAsyncTypebox<{ identity: IdentityService }> = async (app, { identity }) => {
  app.get(
    '/api/authIdentity/:id/detail',
    route.public({
      summary: "A kind of identity, with the caller's latest record of it when signed in",
      params: IdentityIdParams,
      data: KindDetailSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await identity.kindDetail(request.params.id, request.auth?.user, request.language)),
  );

  app.get(
    '/api/authIdentity/:ids/details',
    route.public({
      summary: 'Several kinds of identity in the order given (unknown ids left out)',
      params: IdentityIdsParams,
      data: Type.Array(KindDetailSchema),
      failures: [400],
    }),
    async (request) => ok(await identity.kindDetails(parseIdentityIds(request.params.ids), request.auth?.user, request.language)),
  );

  app.post(
    '/api/c/applyIdentity/:id',
    route.signedIn({
      summary: 'Apply for an identity (jsonExtras in the body, a form or the query)',
      params: IdentityIdParams,
      acceptQueryParams: true,
      body: ApplyBody,
      data: RecordSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await identity.apply(request.auth!.user, request.params.id, request.body.jsonExtras)),
  );

  app.delete(
    '/api/c/authRecord/:id',
    route.signedIn({
      summary: 'Withdraw my pending identity record, or give up an approved one',
      params: RecordIdParams,
      data: RecordSchema,
      failures: [404, 409],
    }),
    async (request) => ok(await identity.withdraw(request.auth!.user, request.params.id)),
  );

  await registerMultipartRoutes(app, (uploads) => {
    uploads.post(
      '/api/c/uploadBusinessCard',
      route.signedIn({
        summary: 'Upload a business card image (multipart, part `file`: PNG, JPEG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        data: UploadedCardSchema,
        failures: [400, 413, 415, 429],
      }),
      async (request) => {
        const { bytes } = await readSingleFile(request, BUSINESS_CARD_MAX_BYTES);
        return ok(await identity.storeBusinessCard(request.auth!.user, bytes));
      },
    );
  });

  app.get(
    '/api/admin/identity/applications',
    route.admin({
      summary: 'Identity applications to review, pending first',
      querystring: ApplicationListQuery,
      data: pageOf(ApplicationItemSchema),
      failures: [400],
    }),
    async (request) => {
      const { status, identityId, pageNum, pageSize } = request.query;
      return ok(
        await identity.listApplications(
          { status: status || undefined, identityId: identityId === '' ? undefined : identityId, pageNum, pageSize },
          request.language,
        ),
      );
    },
  );

  registerReviewDecisions(app, {
    queueUrl: '/api/admin/identity/applications',
    tags,
    params: RecordIdParams,
    reasonBody: RejectBody,
    approve: {
      summary: 'Approve an identity application',
      data: RecordSchema,
      failures: [404, 409],
      decide: (admin, id) => identity.approve(admin, id),
    },
    reject: {
      summary: 'Reject an identity application with a reason',
      data: RecordSchema,
      failures: [400, 404, 409],
      decide: (admin, id, reason) => identity.reject(admin, id, reason),
    },
  });
};
