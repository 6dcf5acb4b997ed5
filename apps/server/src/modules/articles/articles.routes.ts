import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { pageOf } from '../../lib/schemas.js';
import { ArticleCardSchema, ArticleDetailSchema, ArticleIdParams, PublicListQuery, tags } from './articles.schemas.js';
import type { ArticlesService } from './articles.service.js';

const route = routesFor(tags);

/** The open side of articles: the lists of `/guide` and the article of `/articleDetails/{id}`. */
export const articlesRoutes: FastifyPluginAsyncTypebox<{ articles: ArticlesService }> = async (app, { articles }) => {
  app.get(
    '/api/open/articles',
    route.anyone({
      summary: "Published articles of a category (all when none), in the operator's order, newest first among equals",
      querystring: PublicListQuery,
      data: pageOf(ArticleCardSchema),
      failures: [400],
    }),
    async (request) => {
      const { category, pageNum, pageSize } = request.query;
      return ok(await articles.list(category || undefined, pageNum, pageSize));
    },
  );

  app.get(
    '/api/open/articles/:id',
    route.anyone({
      summary: 'A published article: its sanitised HTML and related articles (its category first, then others)',
      params: ArticleIdParams,
      data: ArticleDetailSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await articles.detail(request.params.id)),
  );
};
