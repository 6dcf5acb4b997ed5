import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MEMBERSHIP_UPLOAD_MAX_BYTES } from '@spatia/contract';
import type { FastifyRequest } from 'fastify';
import { fail, invalid } from '../../lib/app-error.js';
import { Nothing, ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import {
  ApplicationIdParams,
  ApplyBody,
  IdSchema,
  MyMembershipSchema,
  UploadedSchema,
  VersionDetailSchema,
  VersionIdParams,
  VersionItemSchema,
  tags,
} from './membership.schemas.js';
import type { MembershipService } from './membership.service.js';
import { Type } from 'typebox';

const signedInRoute = routesFor('signedIn', tags);
const publicRoute = routesFor('public', tags);

/** Versions for everyone; the licence upload, the application and "my membership" for the signed-in. */
export const membershipRoutes: FastifyPluginAsyncTypebox<{ membership: MembershipService }> = async (app, { membership }) => {
  app.get(
    '/api/membership/versions',
    publicRoute({ summary: 'Membership versions on offer, in order (spec 3: id, identityName)', data: Type.Array(VersionItemSchema) }),
    async (request) => ok(await membership.listVersions(request.language)),
  );

  app.get(
    '/api/membership/versions/:id',
    publicRoute({
      summary: 'A version on offer: price tags, permission groups, monthly price (fen) and trial length',
      params: VersionIdParams,
      data: VersionDetailSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await membership.versionDetail(request.params.id, request.language)),
  );

  app.post(
    '/api/c/membership/apply',
    signedInRoute({
      summary: 'Apply for a version with its free trial (spec 2.7); checks in spec 5 order',
      acceptQueryParams: true,
      body: ApplyBody,
      data: IdSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await membership.apply(request.auth!.user, request.body.versionId, request.body.jsonExtras)),
  );

  app.get('/api/c/membership', signedInRoute({ summary: 'My membership and my applications', data: MyMembershipSchema }), async (request) =>
    ok(await membership.mine(request.auth!.user, request.language)),
  );

  app.post(
    '/api/c/membership/applications/:id/withdraw',
    signedInRoute({
      summary: 'Withdraw my application while it waits for review',
      params: ApplicationIdParams,
      data: Nothing,
      failures: [400, 404, 409],
    }),
    async (request) => {
      await membership.withdraw(request.auth!.user, request.params.id);
      return ok(null);
    },
  );

  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<TypeBoxTypeProvider>();
    await uploads.register(multipart, { limits: { fileSize: MEMBERSHIP_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
    uploads.post(
      '/api/c/upload',
      signedInRoute({
        summary: `Upload a licence image (multipart field \`file\`; PNG, JPEG or WebP, at most ${MEMBERSHIP_UPLOAD_MAX_BYTES / 1024 / 1024} MB); answers data.url`,
        consumes: ['multipart/form-data'],
        data: UploadedSchema,
        failures: [400, 413, 415, 429],
      }),
      async (request) => ok(await membership.uploadLicence(request.auth!.user, await readFileField(request))),
    );
  });
};

/** The bytes of the multipart field `file`; too large or not multipart become the API's own errors. */
async function readFileField(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw invalid('file', 'required');
    return await file.toBuffer();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail('uploadTooLarge', { max: `${MEMBERSHIP_UPLOAD_MAX_BYTES / 1024 / 1024} MB` });
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw invalid('file', 'required');
    throw error;
  }
}
