import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SENSITIVE_WORDS_IMPORT_MAX_BYTES } from '@spatia/contract';
import { ok } from '../../lib/envelope.js';
import { readFilePart, registerMultipartRoutes } from '../../lib/multipart.js';
import { routesFor } from '../../lib/route.js';
import {
  SensitiveWordPageQuery,
  SensitiveWordPageSchema,
  SensitiveWordsAddedSchema,
  SensitiveWordsBody,
  SensitiveWordsImportedSchema,
  SensitiveWordsRemovedSchema,
  SensitiveWordsSchema,
  tags,
} from './sensitive-words.schemas.js';
import type { SensitiveWordsService } from './sensitive-words.service.js';

const route = routesFor(tags);
/** The forms' list sits with the works in the API document. */
const worksRoute = routesFor(['works']);

/** The public list the forms warn with, and the back office's list, add, remove and import (docs/sensitive-words.md). */
export const sensitiveWordsRoutes: FastifyPluginAsyncTypebox<{ sensitiveWords: SensitiveWordsService }> = async (
  app,
  { sensitiveWords },
) => {
  app.get(
    '/api/sensitiveWordArray',
    worksRoute.public({
      summary: 'The sensitive-word list, so forms can warn while people type (the server checks again)',
      data: SensitiveWordsSchema,
    }),
    async (_request, reply) => {
      // A change in the back office reaches the forms on their next fetch: no browser or proxy keeps it.
      void reply.header('cache-control', 'no-store');
      return ok(await sensitiveWords.words());
    },
  );

  app.get(
    '/api/admin/sensitiveWords',
    route.admin({
      summary: 'A page of the sensitive-word list, newest first; `q` matches any part of a word',
      querystring: SensitiveWordPageQuery,
      data: SensitiveWordPageSchema,
      failures: [400],
    }),
    async (request) => ok(await sensitiveWords.listPage(request.query.q ?? '', request.query.pageNum, request.query.pageSize)),
  );

  app.post(
    '/api/admin/sensitiveWords',
    route.admin({
      summary: 'Add words (1-50 characters each, at most 1000); listed ones, in any disguise, are skipped and reported',
      body: SensitiveWordsBody,
      data: SensitiveWordsAddedSchema,
      failures: [400],
    }),
    async (request) => ok(await sensitiveWords.addWords(request.auth!.user, request.body.words)),
  );

  app.delete(
    '/api/admin/sensitiveWords',
    route.admin({
      summary: 'Remove words (at most 1000); ones not listed are reported as missing',
      body: SensitiveWordsBody,
      data: SensitiveWordsRemovedSchema,
      failures: [400],
    }),
    async (request) => ok(await sensitiveWords.removeWords(request.auth!.user, request.body.words)),
  );

  await registerMultipartRoutes(app, (uploads) => {
    uploads.post(
      '/api/admin/sensitiveWords/import',
      route.admin({
        summary: 'Import a UTF-8 text or CSV file (multipart `file`, at most 1 MiB and 20,000 words): one word per line or comma-separated',
        consumes: ['multipart/form-data'],
        data: SensitiveWordsImportedSchema,
        failures: [400, 413],
      }),
      async (request) => {
        const file = await readFilePart(request, { fileSize: SENSITIVE_WORDS_IMPORT_MAX_BYTES, files: 1, fields: 10 }, '1 MiB');
        return ok(await sensitiveWords.importFile(request.auth!.user, file));
      },
    );
  });
};
