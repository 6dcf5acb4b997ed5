import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ConsoleSmsDriver } from '../../drivers/sms/console-sms.js';
import { ok, responses } from '../../lib/envelope.js';

/** Registered only while the console SMS driver is active: no real message is sent, so show it here. */
export const devRoutes: FastifyPluginAsyncTypebox<{ sms: ConsoleSmsDriver }> = async (app, { sms }) => {
  app.get(
    '/api/dev/sms-outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Latest messages of the console SMS driver (exists only while it is the active driver)',
        querystring: Type.Object({ phoneNumber: Type.Optional(Type.String()) }),
        response: responses(
          Type.Array(
            Type.Object({ phoneNumber: Type.String(), purpose: Type.String(), code: Type.String(), text: Type.String(), sentAt: Type.Integer() }),
          ),
          [],
        ),
      },
    },
    async (request) => ok(sms.latest(request.query.phoneNumber)),
  );
};
