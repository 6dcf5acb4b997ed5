import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fail } from '../../lib/app-error.js';
import { ok, responses } from '../../lib/envelope.js';
import { Revoked, SessionIdParams, SessionListSchema, tags } from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

export const sessionsRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (app, { auth }) => {
  app.get(
    '/api/c/sessions',
    { config: { auth: 'signedIn' }, schema: { tags, summary: 'My active sessions', response: responses(SessionListSchema, [401]) } },
    async (request) => ok(await auth.listSessions(request.auth!.user.id, request.auth!.token)),
  );

  app.delete(
    '/api/c/sessions/:id',
    {
      config: { auth: 'signedIn' },
      schema: {
        tags,
        summary: 'Sign out one of my sessions (a device)',
        params: SessionIdParams,
        response: responses(Revoked, [401, 404]),
      },
    },
    async (request) => {
      const revoked = await auth.revokeSessions(request.auth!.user.id, { sessionId: request.params.id });
      if (revoked === 0) throw fail('notFound');
      return ok({ revoked });
    },
  );

  app.post(
    '/api/c/sessions/revokeOthers',
    { config: { auth: 'signedIn' }, schema: { tags, summary: 'Sign out everywhere else', response: responses(Revoked, [401]) } },
    async (request) => ok({ revoked: await auth.revokeSessions(request.auth!.user.id, { keepToken: request.auth!.token }) }),
  );
};
