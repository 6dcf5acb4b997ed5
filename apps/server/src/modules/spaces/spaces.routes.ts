import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SPACE_IMAGE_MAX_BYTES } from '@spatia/contract';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { translate } from '../../lib/messages.js';
import { addressBucket } from '../../lib/request-info.js';
import { readSingleFile, registerMultipartRoutes } from '../../lib/multipart.js';
import { routesFor } from '../../lib/route.js';
import {
  HousePageSchema,
  SpaceCardSchema,
  SpaceDetailQuery,
  SpaceHousesQuery,
  SpaceImageSchema,
  SpaceInputSchema,
  SpaceNeedsCodeSchema,
  SpacePersonQuery,
  SpacePersonSchema,
  SpaceShopQuery,
  SpaceShopSchema,
  SpaceTemplateInputSchema,
  SpaceTemplateSchema,
  SpaceUidParams,
  SpaceUpdateSchema,
  SpaceViewSchema,
  SpaceWorkAppendSchema,
  SpaceWorksInputSchema,
  tags,
} from './spaces.schemas.js';
import type { PublicImages } from '../uploads/index.js';
import { SpaceNeedsCodeError, type SpacesService } from './spaces.service.js';

const route = routesFor(tags);

/** A route that may answer the 403 of a private space: its envelope carries `{ name, needsCode }`. */
function withNeedsCode<T extends { schema: { response?: unknown } }>(declared: T): T {
  const response = declared.schema.response as Record<number, unknown>;
  response[403] = SpaceNeedsCodeSchema;
  return declared;
}

/** Answers a private space's 403 with its data; rethrows anything else. */
function needsCodeAnswer(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof SpaceNeedsCodeError)) throw error;
  return reply.status(403).send({
    code: error.code,
    msg: translate('spaceNeedsCode', request.language),
    data: { name: error.spaceName, needsCode: true },
  });
}

/** Spaces (docs/spaces.md): public reads under /api/space, the owner's under /api/c/space. */
export const spacesRoutes: FastifyPluginAsyncTypebox<{ spaces: SpacesService; spaceImages: PublicImages }> = async (
  app,
  { spaces, spaceImages },
) => {
  app.get(
    '/api/space/templates',
    route.anyone({ summary: 'The looks a space may take', data: Type.Array(SpaceTemplateSchema) }),
    async () => ok([...spaces.templates()]),
  );

  app.get(
    '/api/space/detail',
    withNeedsCode(
      route.public({
        summary: 'A space by uid or website, with its works anyone may see (a private one needs its code, except for its owner)',
        querystring: SpaceDetailQuery,
        data: SpaceViewSchema,
        failures: [400, 403, 404, 429],
      }),
    ),
    async (request, reply) => {
      const { code, ...target } = request.query;
      try {
        return ok(await spaces.detail(request.auth?.user, target, { code, addressBucket: addressBucket(request.ip) }));
      } catch (error) {
        return needsCodeAnswer(error, request, reply);
      }
    },
  );

  app.get(
    '/api/space/person',
    route.public({
      summary: "A person's spaces, newest first (the owner sees the private ones too, marked)",
      querystring: SpacePersonQuery,
      data: SpacePersonSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await spaces.person(request.auth?.user, request.query.uid)),
  );

  app.get(
    '/api/space/houses',
    route.anyone({
      summary: "A person's published panorama works with their details and rental figures, newest first",
      querystring: SpaceHousesQuery,
      data: HousePageSchema,
      failures: [400, 404],
    }),
    async (request) => {
      const { uid, pageNum, pageSize } = request.query;
      return ok(await spaces.houses(uid, { pageNum, pageSize }));
    },
  );

  app.get(
    '/api/space/shop',
    withNeedsCode(
      route.public({
        summary: "A space's shop: market listings of its works, and the shoot types its owner takes when a signed provider",
        querystring: SpaceShopQuery,
        data: SpaceShopSchema,
        failures: [400, 403, 404, 429],
      }),
    ),
    async (request, reply) => {
      const { id, code } = request.query;
      try {
        return ok(await spaces.shop(request.auth?.user, id, { code, addressBucket: addressBucket(request.ip) }));
      } catch (error) {
        return needsCodeAnswer(error, request, reply);
      }
    },
  );

  app.get('/api/c/space/mine', route.signedIn({ summary: 'My spaces, newest first', data: Type.Array(SpaceCardSchema) }), async (request) =>
    ok(await spaces.mine(request.auth!.user)),
  );

  app.post(
    '/api/c/space',
    route.signedIn({
      summary: 'Creates a space (at most 20 each)',
      body: SpaceInputSchema,
      data: SpaceViewSchema,
      failures: [400, 409],
    }),
    async (request) => ok(await spaces.create(request.auth!.user, request.body)),
  );

  app.put(
    '/api/c/space/:uid',
    route.signedIn({
      summary: 'Changes the fields given of my space',
      params: SpaceUidParams,
      body: SpaceUpdateSchema,
      data: SpaceViewSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await spaces.update(request.auth!.user, request.params.uid, request.body)),
  );

  app.put(
    '/api/c/space/:uid/template',
    route.signedIn({
      summary: "Picks my space's template",
      params: SpaceUidParams,
      body: SpaceTemplateInputSchema,
      data: SpaceViewSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await spaces.setTemplate(request.auth!.user, request.params.uid, request.body.templateCode)),
  );

  app.put(
    '/api/c/space/:uid/works',
    route.signedIn({
      summary: "Sets my space's works: the whole ordered list, my own works only",
      params: SpaceUidParams,
      body: SpaceWorksInputSchema,
      data: SpaceViewSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await spaces.setWorks(request.auth!.user, request.params.uid, request.body.workUids)),
  );

  app.post(
    '/api/c/space/:uid/works',
    route.signedIn({
      summary: 'Appends one of my works to my space',
      params: SpaceUidParams,
      body: SpaceWorkAppendSchema,
      data: SpaceViewSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await spaces.appendWork(request.auth!.user, request.params.uid, request.body.workUid)),
  );

  await registerMultipartRoutes(app, (uploads) => {
    uploads.post(
      '/api/c/space/image',
      route.signedIn({
        summary: `Uploads a space's cover or logo (multipart, part \`file\`: PNG, JPEG or WebP, at most ${SPACE_IMAGE_MAX_BYTES / 1024 / 1024} MB); a space takes the answered url`,
        consumes: ['multipart/form-data'],
        data: SpaceImageSchema,
        failures: [400, 413, 415, 429],
      }),
      async (request) => {
        const { bytes } = await readSingleFile(request, SPACE_IMAGE_MAX_BYTES);
        return ok(await spaceImages.store(request.auth!.user, bytes));
      },
    );
  });

  app.delete(
    '/api/c/space/:uid',
    route.signedIn({
      summary: 'Deletes my space (its page and shop go; its website is free again)',
      params: SpaceUidParams,
      data: Type.Null(),
      failures: [404],
    }),
    async (request) => ok(await spaces.remove(request.auth!.user, request.params.uid).then(() => null)),
  );
};
