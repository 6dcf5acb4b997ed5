import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope.js';
import { SensitiveWordsSchema } from './moderation.schemas.js';
import type { ModerationService } from './moderation.service.js';

export const moderationRoutes: FastifyPluginAsyncTypebox<{ moderation: ModerationService }> = async (app, { moderation }) => {
  app.get(
    '/api/sensitiveWordArray',
    {
      schema: {
        tags: ['works'],
        summary: 'The sensitive-word list, so forms can warn while people type (the server checks again)',
        response: responses(SensitiveWordsSchema, []),
      },
    },
    async () => ok(await moderation.words()),
  );
};
