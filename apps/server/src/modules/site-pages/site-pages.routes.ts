import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import {
  DraftBody,
  EditorStateSchema,
  KindParams,
  LiveSchema,
  PublishBody,
  SummarySchema,
  tags,
  VersionContentSchema,
  VersionParams,
} from './site-pages.schemas.js';
import type { SitePagesService } from './site-pages.service.js';
import { Type } from 'typebox';

const route = routesFor(tags);

/** The public read of each page's live version, and the back office's editor (docs/site-pages.md). */
export const sitePagesRoutes: FastifyPluginAsyncTypebox<{ sitePages: SitePagesService }> = async (app, { sitePages }) => {
  app.get(
    '/api/open/sitePages/:kind',
    route.anyone({
      summary: 'The live version of a site page (product, enterprise, membership versions, client download, protocols), in zh and en',
      params: KindParams,
      data: LiveSchema,
      failures: [400],
    }),
    async (request) => ok(await sitePages.live(request.params.kind)),
  );

  app.get(
    '/api/admin/sitePages',
    route.admin({ summary: 'Every site page with its live version, its draft and its last change', data: Type.Array(SummarySchema) }),
    async () => ok(await sitePages.summaries()),
  );

  app.get(
    '/api/admin/sitePages/:kind',
    route.admin({
      summary: 'What the editor of a page opens with: the live content, the draft and the versions (who, when)',
      params: KindParams,
      data: EditorStateSchema,
      failures: [400],
    }),
    async (request) => ok(await sitePages.editorState(request.params.kind)),
  );

  app.get(
    '/api/admin/sitePages/:kind/versions/:version',
    route.admin({
      summary: 'The content of a published version, for the history’s preview',
      params: VersionParams,
      data: VersionContentSchema,
      failures: [400, 404],
    }),
    async (request) => {
      const { kind, version } = request.params;
      return ok({ version, content: await sitePages.publishedVersion(kind, version) });
    },
  );

  app.put(
    '/api/admin/sitePages/:kind/draft',
    route.admin({
      summary: 'Save the draft of a page (created on the first save); checked against the shape of its kind',
      params: KindParams,
      body: DraftBody,
      data: EditorStateSchema,
      failures: [400, 409],
    }),
    async (request) => ok(await sitePages.saveDraft(request.auth!.user, request.params.kind, request.body)),
  );

  app.delete(
    '/api/admin/sitePages/:kind/draft',
    route.admin({
      summary: 'Throw the draft of a page away; the live version stays',
      params: KindParams,
      data: EditorStateSchema,
      failures: [400, 409],
    }),
    async (request) => ok(await sitePages.discardDraft(request.params.kind)),
  );

  app.post(
    '/api/admin/sitePages/:kind/publish',
    route.admin({
      summary: 'Publish the draft previewed: it becomes the live version and never changes again',
      params: KindParams,
      body: PublishBody,
      data: EditorStateSchema,
      failures: [400, 409],
    }),
    async (request) => ok(await sitePages.publish(request.auth!.user, request.params.kind, request.body.draftVersion)),
  );

  app.post(
    '/api/admin/sitePages/:kind/versions/:version/restore',
    route.admin({
      summary: 'Restore a published version as the draft (replacing the draft’s content, or as a new draft)',
      params: VersionParams,
      data: EditorStateSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await sitePages.restore(request.auth!.user, request.params.kind, request.params.version)),
  );
};
