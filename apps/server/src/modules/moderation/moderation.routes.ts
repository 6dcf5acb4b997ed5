import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Role, SENSITIVE_WORDS_IMPORT_MAX_BYTES } from '@spatia/contract';
import { fail, invalid } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
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
} from './moderation.schemas.js';
import type { ModerationService } from './moderation.service.js';

const adminRoute = routesFor({ role: Role.admin }, tags);
/** The forms' list sits with the works in the API document. */
const publicRoute = routesFor('public', ['works']);

/** The public list the forms warn with, and the back office's list, add, remove and import (docs/moderation.md). */
export const moderationRoutes: FastifyPluginAsyncTypebox<{ moderation: ModerationService }> = async (app, { moderation }) => {
  app.get(
    '/api/sensitiveWordArray',
    publicRoute({
      summary: 'The sensitive-word list, so forms can warn while people type (the server checks again)',
      data: SensitiveWordsSchema,
    }),
    async (_request, reply) => {
      // A change in the back office reaches the forms on their next fetch: no browser or proxy keeps it.
      void reply.header('cache-control', 'no-store');
      return ok(await moderation.words());
    },
  );

  app.get(
    '/api/admin/sensitiveWords',
    adminRoute({
      summary: 'A page of the sensitive-word list, newest first; `q` matches any part of a word',
      querystring: SensitiveWordPageQuery,
      data: SensitiveWordPageSchema,
      failures: [400],
    }),
    async (request) => ok(await moderation.listPage(request.query.q ?? '', request.query.pageNum, request.query.pageSize)),
  );

  app.post(
    '/api/admin/sensitiveWords',
    adminRoute({
      summary: 'Add words (1-50 characters each, at most 1000); listed ones, in any disguise, are skipped and reported',
      body: SensitiveWordsBody,
      data: SensitiveWordsAddedSchema,
      failures: [400],
    }),
    async (request) => ok(await moderation.addWords(request.auth!.user, request.body.words)),
  );

  app.delete(
    '/api/admin/sensitiveWords',
    adminRoute({
      summary: 'Remove words (at most 1000); ones not listed are reported as missing',
      body: SensitiveWordsBody,
      data: SensitiveWordsRemovedSchema,
      failures: [400],
    }),
    async (request) => ok(await moderation.removeWords(request.auth!.user, request.body.words)),
  );

  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<TypeBoxTypeProvider>();
    // The app may mount multipart for everyone one day; until then this scope reads it for the import alone.
    if (!uploads.hasContentTypeParser('multipart/form-data')) await uploads.register(multipart);
    uploads.post(
      '/api/admin/sensitiveWords/import',
      adminRoute({
        summary: 'Import a UTF-8 text or CSV file (multipart `file`, at most 1 MiB and 20,000 words): one word per line or comma-separated',
        consumes: ['multipart/form-data'],
        data: SensitiveWordsImportedSchema,
        failures: [400, 413],
      }),
      async (request) => {
        if (!request.isMultipart()) throw invalid('file', 'required');
        const part = await request.file({ limits: { fileSize: SENSITIVE_WORDS_IMPORT_MAX_BYTES, files: 1, fields: 10 } });
        if (!part || part.fieldname !== 'file') throw invalid('file', 'required');
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if (error instanceof uploads.multipartErrors.RequestFileTooLargeError) throw fail('uploadTooLarge', { max: '1 MiB' });
          throw error;
        }
        return ok(await moderation.importFile(request.auth!.user, { fileName: part.filename, bytes }));
      },
    );
  });
};
