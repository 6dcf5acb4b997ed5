import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { SearchAnswerSchema, SearchQuery, tags } from './search.schemas.js';
import type { SearchService } from './search.service.js';

const route = routesFor(tags);

/** The site's search, open to everyone (docs/search.md). */
export const searchRoutes: FastifyPluginAsyncTypebox<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/api/open/search',
    route.public({
      summary: 'Search works, people and articles anyone may see: ranked, with the matches marked, and each kind counted',
      querystring: SearchQuery,
      data: SearchAnswerSchema,
      failures: [400],
    }),
    async (request) => {
      const { keyword, kind = 'all', type, pageNum, pageSize } = request.query;
      return ok(
        await search.search({
          keyword,
          kind,
          type: type || undefined,
          pageNum,
          pageSize,
          language: request.language,
        }),
      );
    },
  );
};
