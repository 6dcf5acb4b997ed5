import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import type { ModerationService } from './moderation.service.js';

export const moderationRoutes: FastifyPluginAsyncTypebox<{ moderation: ModerationService }> = async (app, { moderation }) => {
  app.get(
    '/api/sensitiveWordArray',
    {
      schema: {
        tags: ['works'],
        summary: 'The sensitive-word list, so forms can warn while people type (the server checks again)',
        response: responses(Type.Array(Type.String()), []),
      },
    },
    async () => ok(await moderation.words()),
  );
};
