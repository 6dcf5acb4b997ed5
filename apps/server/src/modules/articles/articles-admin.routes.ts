import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ARTICLE_IMAGE_MAX_BYTES, ARTICLE_VIDEO_MAX_BYTES } from '@spatia/contract';
import { Nothing, ok } from '../../lib/envelope.js';
import { readFilePart, registerMultipartRoutes } from '../../lib/multipart.js';
import { routesFor } from '../../lib/route.js';
import { pageOf } from '../../lib/schemas.js';
import type { ArticleMedia } from './article-media.js';
import type { ArticlesAdminService } from './articles-admin.service.js';
import {
  AdminArticleDetailSchema,
  AdminArticleSchema,
  AdminListQuery,
  ArticleDraftBody,
  ArticleIdParams,
  ReorderBody,
  ScheduleBody,
  UploadedMediaSchema,
  tags,
} from './articles.schemas.js';

const route = routesFor(tags);
const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** Writing articles in the back office (docs/articles.md). Admin role only. */
export const articlesAdminRoutes: FastifyPluginAsyncTypebox<{ admin: ArticlesAdminService; media: ArticleMedia }> = async (
  app,
  { admin, media },
) => {
  app.get(
    '/api/admin/articles',
    route.admin({
      summary: "Every article, by category and the operator's order; filtered by category, status and words of the title",
      querystring: AdminListQuery,
      data: pageOf(AdminArticleSchema),
      failures: [400],
    }),
    async (request) => {
      const { category, status, title, pageNum, pageSize } = request.query;
      return ok(
        await admin.list({
          category: category || undefined,
          status: status || undefined,
          title: title?.trim() || undefined,
          pageNum,
          pageSize,
        }),
      );
    },
  );

  app.get(
    '/api/admin/articles/:id',
    route.admin({
      summary: 'An article with its editor document and rendered HTML',
      params: ArticleIdParams,
      data: AdminArticleDetailSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await admin.get(request.params.id)),
  );

  app.post(
    '/api/admin/articles',
    route.admin({ summary: 'Write a new article, as a draft', body: ArticleDraftBody, data: AdminArticleDetailSchema, failures: [400] }),
    async (request) => ok(await admin.create(request.auth!.user, request.body)),
  );

  app.put(
    '/api/admin/articles/:id',
    route.admin({
      summary: 'Save an article (its state does not change: a published one shows the change at once)',
      params: ArticleIdParams,
      body: ArticleDraftBody,
      data: AdminArticleDetailSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await admin.update(request.params.id, request.body)),
  );

  app.post(
    '/api/admin/articles/:id/publish',
    route.admin({
      summary: 'Publish an article now (a scheduled one too)',
      params: ArticleIdParams,
      data: AdminArticleDetailSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await admin.publish(request.params.id)),
  );

  app.post(
    '/api/admin/articles/:id/schedule',
    route.admin({
      summary: 'Publish an article at a future time (it becomes visible then, with no job to run)',
      params: ArticleIdParams,
      body: ScheduleBody,
      data: AdminArticleDetailSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await admin.schedule(request.params.id, request.body.publishAt)),
  );

  app.post(
    '/api/admin/articles/:id/unpublish',
    route.admin({
      summary: 'Hide a published or scheduled article',
      params: ArticleIdParams,
      data: AdminArticleDetailSchema,
      failures: [400, 404, 409],
    }),
    async (request) => ok(await admin.unpublish(request.params.id)),
  );

  app.post(
    '/api/admin/articles/reorder',
    route.admin({
      summary: 'Put articles of one category in this order (they take the places they held among themselves)',
      body: ReorderBody,
      data: Nothing,
      failures: [400],
    }),
    async (request) => {
      await admin.reorder(request.body.category, request.body.ids);
      return ok(null);
    },
  );

  app.delete(
    '/api/admin/articles/:id',
    route.admin({ summary: 'Delete an article for good', params: ArticleIdParams, data: Nothing, failures: [400, 404] }),
    async (request) => {
      await admin.delete(request.params.id);
      return ok(null);
    },
  );

  await registerMultipartRoutes(app, (uploads) => {
    uploads.post(
      '/api/admin/articles/images',
      route.admin({
        summary: `Upload an image for an article (multipart field \`file\`; PNG, JPEG or WebP, at most ${megabytes(ARTICLE_IMAGE_MAX_BYTES)}); stored as WebP, answers data.url`,
        consumes: ['multipart/form-data'],
        data: UploadedMediaSchema,
        failures: [400, 413, 415],
      }),
      async (request) => {
        const limits = { fileSize: ARTICLE_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11 };
        const { bytes } = await readFilePart(request, limits, megabytes(ARTICLE_IMAGE_MAX_BYTES));
        return ok(await media.storeImage(bytes));
      },
    );

    uploads.post(
      '/api/admin/articles/videos',
      route.admin({
        summary: `Upload a video for an article (multipart field \`file\`; MP4 or WebM, at most ${megabytes(ARTICLE_VIDEO_MAX_BYTES)}); answers data.url`,
        consumes: ['multipart/form-data'],
        data: UploadedMediaSchema,
        failures: [400, 413, 415],
      }),
      async (request) => {
        const limits = { fileSize: ARTICLE_VIDEO_MAX_BYTES, files: 1, fields: 10, parts: 11 };
        const { bytes } = await readFilePart(request, limits, megabytes(ARTICLE_VIDEO_MAX_BYTES));
        return ok(await media.storeVideo(bytes));
      },
    );
  });
};
