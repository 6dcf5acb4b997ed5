import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NARRATION_LIMITS, Permission } from '@spatia/contract';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { readFilePart, registerMultipartRoutes } from '../../lib/multipart.js';
import { routesFor } from '../../lib/route.js';
import { IdParams } from '../../lib/schemas.js';
import {
  NarrationCreateBody,
  NarrationDetailSchema,
  NarrationIdParams,
  NarrationSceneParams,
  NarrationSummarySchema,
  NarrationTextBody,
  NarrationUpdateBody,
  PublicNarrationQuery,
  PublicNarrationSchema,
  tags,
} from './narrations.schemas.js';
import type { NarrationsService } from './narrations.service.js';

const route = routesFor(tags);
/** `/explain/list` and `/explain/detail`: every owner call needs permission 962, read afresh on each request. */
const explainRoute = route.for({ permission: Permission.explain });
const AUDIO_MAX = `${NARRATION_LIMITS.audioBytes / 1024 / 1024} MB`;

/** Narrated guides of panorama tours (docs/narrations.md). */
export const narrationsRoutes: FastifyPluginAsyncTypebox<{ narrations: NarrationsService }> = async (app, { narrations }) => {
  app.get(
    '/api/narrations',
    explainRoute({ summary: "The caller's narrated guides, last changed first", data: Type.Array(NarrationSummarySchema) }),
    async (request) => ok(await narrations.list(request.auth!.user)),
  );

  app.post(
    '/api/narrations',
    explainRoute({
      summary: 'Start a guide (a draft) for one of the caller’s processed panorama tours, in a language the tour has no guide in yet',
      body: NarrationCreateBody,
      data: NarrationDetailSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await narrations.create(request.auth!.user, request.body)),
  );

  app.get(
    '/api/narrations/:id',
    explainRoute({
      summary: 'A guide with every scene of its tour, in the tour’s order: name, thumbnail, text and clip',
      params: NarrationIdParams,
      data: NarrationDetailSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await narrations.detail(request.auth!.user, request.params.id)),
  );

  app.put(
    '/api/narrations/:id',
    explainRoute({
      summary: 'Change a guide’s title, language and auto-advance',
      params: NarrationIdParams,
      body: NarrationUpdateBody,
      data: NarrationDetailSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await narrations.update(request.auth!.user, request.params.id, request.body)),
  );

  app.delete(
    '/api/narrations/:id',
    explainRoute({
      summary: 'Delete a guide with its texts and clips',
      params: NarrationIdParams,
      data: Type.Null(),
      failures: [400, 404],
    }),
    async (request) => {
      await narrations.remove(request.auth!.user, request.params.id);
      return ok(null);
    },
  );

  app.put(
    '/api/narrations/:id/scenes/:sceneId/text',
    explainRoute({
      summary: 'Set a scene’s text (plain text; an empty text clears it)',
      params: NarrationSceneParams,
      body: NarrationTextBody,
      data: NarrationDetailSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await narrations.saveText(request.auth!.user, request.params.id, request.params.sceneId, request.body.text)),
  );

  await registerMultipartRoutes(app, (uploads) => {
    uploads.put(
      '/api/narrations/:id/scenes/:sceneId/audio',
      explainRoute({
        summary: `Set a scene’s clip (multipart, part \`file\`: MP3, M4A, OGG or WebM with sound, at most ${AUDIO_MAX} and ${NARRATION_LIMITS.audioSeconds} s)`,
        consumes: ['multipart/form-data'],
        params: NarrationSceneParams,
        data: NarrationDetailSchema,
        failures: [400, 404, 413, 415],
      }),
      async (request) => {
        const limits = { files: 1, fields: 2, parts: 3, fileSize: NARRATION_LIMITS.audioBytes };
        const { bytes } = await readFilePart(request, limits, AUDIO_MAX);
        return ok(await narrations.saveAudio(request.auth!.user, request.params.id, request.params.sceneId, bytes));
      },
    );
  });

  app.delete(
    '/api/narrations/:id/scenes/:sceneId/audio',
    explainRoute({ summary: 'Remove a scene’s clip', params: NarrationSceneParams, data: NarrationDetailSchema, failures: [400, 404] }),
    async (request) => ok(await narrations.removeAudio(request.auth!.user, request.params.id, request.params.sceneId)),
  );

  app.post(
    '/api/narrations/:id/publish',
    explainRoute({
      summary: 'Publish a draft guide: the tour’s viewers play it (at least one scene needs text or a clip)',
      params: NarrationIdParams,
      data: NarrationDetailSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await narrations.publish(request.auth!.user, request.params.id)),
  );

  app.post(
    '/api/narrations/:id/unpublish',
    explainRoute({
      summary: 'Take a published guide back to a draft',
      params: NarrationIdParams,
      data: NarrationDetailSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await narrations.unpublish(request.auth!.user, request.params.id)),
  );

  app.get(
    '/api/model/:id/narration',
    route.public({
      summary: 'The published guide of a tour, in the asked language when it has one; null when the tour has none',
      params: IdParams,
      querystring: PublicNarrationQuery,
      data: Type.Union([PublicNarrationSchema, Type.Null()]),
      failures: [400, 404],
    }),
    async (request) => ok(await narrations.published(request.auth?.user, request.params.id, request.query.language)),
  );
};
