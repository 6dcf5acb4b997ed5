import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { isAdmin, Permission } from '@spatia/contract';
import type { FastifyRequest } from 'fastify';
import { fail } from '../../lib/app-error.js';
import { Nothing, ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { requestOrigin } from '../../lib/request-info.js';
import { ACCEPTED_IMAGE_TYPES, UPLOAD_LIMITS } from '../uploads/index.js';
import {
  EnterpriseLogoBody,
  GrantSchema,
  OverviewSchema,
  ProfileSchema,
  ProfileUidParams,
  RenameBody,
  UploadedSchema,
  UploadTokenParams,
  tags,
} from './profile.schemas.js';
import type { ProfileService } from './profile.service.js';

const route = routesFor(tags);
const ownProfileRoute = route.for({ permission: Permission.userInformation });

export const profileRoutes: FastifyPluginAsyncTypebox<{
  profile: ProfileService;
  publicUrl: string | undefined;
  /** Counts the bytes of an upload read in one request (the metrics' upload bytes). */
  countBytes: (bytes: number) => void;
}> = async (app, { profile, publicUrl, countBytes }) => {
  const assertOwnUid = (request: FastifyRequest, uid: string) => {
    const me = request.auth!.user;
    if (uid !== me.uid && !isAdmin(me)) throw fail('notYourAccount');
    if (uid !== me.uid) throw fail('forbidden');
  };

  app.get('/api/c/profile', ownProfileRoute({ summary: 'My profile', data: ProfileSchema }), async (request) =>
    ok(await profile.getProfile(request.auth!.user.id)),
  );

  app.get('/api/c/my/overview', route.signedIn({ summary: "What the console's home counts", data: OverviewSchema }), async (request) =>
    ok(await profile.getOverview(request.auth!.user.id)),
  );

  app.patch(
    '/api/client/:uid/info',
    ownProfileRoute({
      summary: 'Change my name (form body)',
      params: ProfileUidParams,
      acceptQueryParams: true,
      body: RenameBody,
      data: Nothing,
      failures: [400],
    }),
    async (request) => {
      assertOwnUid(request, request.params.uid);
      await profile.rename(request.auth!.user.id, request.body.fullName);
      return ok(null);
    },
  );

  app.get(
    '/api/client/:uid/avatar/uploadCredentials',
    ownProfileRoute({
      summary: `A one-time grant to upload my avatar (PNG, JPEG or WebP, at most ${UPLOAD_LIMITS.avatar / 1024 / 1024} MB)`,
      params: ProfileUidParams,
      data: GrantSchema,
    }),
    async (request) => {
      assertOwnUid(request, request.params.uid);
      return ok(await profile.avatarGrant(request.auth!.user));
    },
  );

  app.get(
    '/api/c/enterpriseLogoUploadCredentials',
    ownProfileRoute({ summary: 'A one-time grant to upload my enterprise logo', data: GrantSchema }),
    async (request) => ok(await profile.enterpriseLogoGrant(request.auth!.user)),
  );

  app.put(
    '/api/c/my/info',
    ownProfileRoute({
      summary: 'Set my enterprise logo to one of my uploads (empty removes it)',
      acceptQueryParams: true,
      body: EnterpriseLogoBody,
      data: Nothing,
      failures: [400],
    }),
    async (request) => {
      await profile.setEnterpriseLogo(request.auth!.user, request.body.enterpriseLogoUrl, requestOrigin(request, publicUrl));
      return ok(null);
    },
  );

  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<TypeBoxTypeProvider>();
    // The image bytes are the body, as sent by the browser; their type is checked from the bytes.
    uploads.addContentTypeParser(
      [...ACCEPTED_IMAGE_TYPES, 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: Math.max(...Object.values(UPLOAD_LIMITS)) },
      (_request, body, done) => done(null, body),
    );
    uploads.put(
      '/api/uploads/:token',
      {
        ...route.signedIn({
          summary: 'Upload the file of a grant (raw bytes as the body)',
          params: UploadTokenParams,
          data: UploadedSchema,
          failures: [400, 403, 413, 415],
        }),
        bodyLimit: Math.max(...Object.values(UPLOAD_LIMITS)),
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw fail('unsupportedImage');
        countBytes(request.body.length);
        return ok(await profile.receiveUpload(request.auth!.user, request.params.token, request.body, requestOrigin(request, publicUrl)));
      },
    );
  });
};
