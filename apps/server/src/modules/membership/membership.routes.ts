import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MEMBERSHIP_UPLOAD_MAX_BYTES } from '@spatia/contract';
import { Nothing, ok } from '../../lib/envelope.js';
import { readFilePart, registerMultipartRoutes } from '../../lib/multipart.js';
import { routesFor } from '../../lib/route.js';
import { IdempotencyHeaders } from '../recharge/index.js';
import {
  ApplicationIdParams,
  ApplyBody,
  AutoRenewBody,
  MembershipSchema,
  RenewBody,
  RenewalSchema,
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

const route = routesFor(tags);

/** Versions for everyone; the licence upload, the application and "my membership" for the signed-in. */
export const membershipRoutes: FastifyPluginAsyncTypebox<{ membership: MembershipService }> = async (app, { membership }) => {
  app.get(
    '/api/membership/versions',
    route.public({ summary: 'Membership versions on offer, in order (spec 3: id, identityName)', data: Type.Array(VersionItemSchema) }),
    async (request) => ok(await membership.listVersions(request.language)),
  );

  app.get(
    '/api/membership/versions/:id',
    route.public({
      summary: 'A version on offer: price tags, permission groups, monthly price (fen) and trial length',
      params: VersionIdParams,
      data: VersionDetailSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await membership.versionDetail(request.params.id, request.language)),
  );

  app.post(
    '/api/c/membership/apply',
    route.signedIn({
      summary: 'Apply for a version with its free trial (spec 2.7); checks in spec 5 order',
      acceptQueryParams: true,
      body: ApplyBody,
      data: IdSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await membership.apply(request.auth!.user, request.body.versionId, request.body.jsonExtras)),
  );

  app.get(
    '/api/c/membership',
    route.signedIn({ summary: 'My membership and my applications', data: MyMembershipSchema }),
    async (request) => {
      const mine = await membership.mine(request.auth!.user, request.language);
      // The contract's month list is read-only; the schema's type is a plain array.
      return ok({ ...mine, renewal: mine.renewal && { ...mine.renewal, months: [...mine.renewal.months] } });
    },
  );

  app.post(
    '/api/c/membership/renew',
    route.signedIn({
      summary:
        'Renew my membership for 1, 3, 6 or 12 months: from my balance at once, or by a payment QR code (the order; the payment renews it). An Idempotency-Key header is honoured for 24 h',
      headers: IdempotencyHeaders,
      acceptQueryParams: true,
      body: RenewBody,
      data: RenewalSchema,
      failures: [400, 409, 422, 502],
    }),
    async (request) => ok(await membership.renew(request.auth!.user, request.body, request.headers['idempotency-key'], request.language)),
  );

  app.put(
    '/api/c/membership/autoRenew',
    route.signedIn({
      summary: 'Turn renewing one month from my balance at the end of each period on or off',
      acceptQueryParams: true,
      body: AutoRenewBody,
      data: MembershipSchema,
      failures: [400, 409],
    }),
    async (request) => ok(await membership.setAutoRenew(request.auth!.user, request.body.autoRenew, request.language)),
  );

  app.post(
    '/api/c/membership/applications/:id/withdraw',
    route.signedIn({
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

  await registerMultipartRoutes(app, (uploads) => {
    uploads.post(
      '/api/c/upload',
      route.signedIn({
        summary: `Upload a licence image (multipart field \`file\`; PNG, JPEG or WebP, at most ${MEMBERSHIP_UPLOAD_MAX_BYTES / 1024 / 1024} MB); answers data.url`,
        consumes: ['multipart/form-data'],
        data: UploadedSchema,
        failures: [400, 413, 415, 429],
      }),
      async (request) => {
        const limits = { fileSize: MEMBERSHIP_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 };
        const { bytes } = await readFilePart(request, limits, `${MEMBERSHIP_UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
        return ok(await membership.uploadLicence(request.auth!.user, bytes));
      },
    );
  });
};
