import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BUSINESS_CARD_MAX_BYTES, IDENTITY_DETAILS_MAX_IDS, Role } from '@spatia/contract';
import { Type } from 'typebox';
import { fail, invalid } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { pageOf } from '../works/works.schemas.js';
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

const adminRoute = routesFor({ role: Role.admin }, tags);
const signedInRoute = routesFor('signedIn', tags);
const publicRoute = routesFor('public', tags);
const MAX_ID = 2_147_483_647;

/** `2,16,10`: whole numbers, comma-separated, at most IDENTITY_DETAILS_MAX_IDS of them. */
export function parseIdentityIds(value: string): number[] {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^\d{1,10}$/.test(part) || Number(part) < 1 || Number(part) > MAX_ID)) throw invalid('ids', 'pattern');
  if (parts.length > IDENTITY_DETAILS_MAX_IDS) throw invalid('ids', 'tooManyItems', { limit: IDENTITY_DETAILS_MAX_IDS });
  return parts.map(Number);
}

/** Spec 7.3: identity authentication, and the back office's review of it (docs/identity.md). */
export const identityRoutes: FastifyPluginAsyncTypebox<{ identity: IdentityService }> = async (app, { identity }) => {
  app.get(
    '/api/authIdentity/:id/detail',
    publicRoute({
      summary: "A kind of identity, with the caller's latest record of it when signed in",
      params: IdentityIdParams,
      data: KindDetailSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await identity.kindDetail(request.params.id, request.auth?.user, request.language)),
  );

  app.get(
    '/api/authIdentity/:ids/details',
    publicRoute({
      summary: 'Several kinds of identity in the order given (unknown ids left out)',
      params: IdentityIdsParams,
      data: Type.Array(KindDetailSchema),
      failures: [400],
    }),
    async (request) => ok(await identity.kindDetails(parseIdentityIds(request.params.ids), request.auth?.user, request.language)),
  );

  app.post(
    '/api/c/applyIdentity/:id',
    signedInRoute({
      summary: 'Apply for an identity (jsonExtras in the body, a form or the query)',
      acceptQueryParams: true,
      params: IdentityIdParams,
      body: ApplyBody,
      data: RecordSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await identity.apply(request.auth!.user, request.params.id, request.body.jsonExtras)),
  );

  app.delete(
    '/api/c/authRecord/:id',
    signedInRoute({
      summary: 'Withdraw my pending identity record, or give up an approved one',
      params: RecordIdParams,
      data: RecordSchema,
      failures: [404, 409],
    }),
    async (request) => ok(await identity.withdraw(request.auth!.user, request.params.id)),
  );

  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<TypeBoxTypeProvider>();
    // Multipart for this scope alone, unless the app mounts it for everyone; the limits go with each read.
    if (!uploads.hasContentTypeParser('multipart/form-data')) await uploads.register(multipart);
    uploads.post(
      '/api/c/uploadBusinessCard',
      signedInRoute({
        summary: 'Upload a business card image (multipart, part `file`: PNG, JPEG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        data: UploadedCardSchema,
        failures: [400, 413, 415, 429],
      }),
      async (request) => {
        if (!request.isMultipart()) throw invalid('file', 'required');
        const file = await request.file({ limits: { files: 1, fields: 4, parts: 5, fileSize: BUSINESS_CARD_MAX_BYTES } });
        if (!file || file.fieldname !== 'file') throw invalid('file', 'required');
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof uploads.multipartErrors.RequestFileTooLargeError) {
            throw fail('uploadTooLarge', { max: `${BUSINESS_CARD_MAX_BYTES / 1024 / 1024} MB` });
          }
          throw error;
        }
        return ok(await identity.storeBusinessCard(request.auth!.user, bytes));
      },
    );
  });

  app.get(
    '/api/admin/identity/applications',
    adminRoute({
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

  app.post(
    '/api/admin/identity/applications/:id/approve',
    adminRoute({ summary: 'Approve an identity application', params: RecordIdParams, data: RecordSchema, failures: [404, 409] }),
    async (request) => ok(await identity.approve(request.auth!.user, request.params.id)),
  );

  app.post(
    '/api/admin/identity/applications/:id/reject',
    adminRoute({
      summary: 'Reject an identity application with a reason',
      acceptQueryParams: true,
      params: RecordIdParams,
      body: RejectBody,
      data: RecordSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await identity.reject(request.auth!.user, request.params.id, request.body.reason)),
  );
};
