import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fail } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { Revoked, SessionIdParams, SessionListSchema, tags } from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

const route = routesFor(tags);

export const sessionsRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (app, { auth }) => {
  app.get('/api/c/sessions', route.signedIn({ summary: 'My active sessions', data: SessionListSchema }), async (request) =>
    ok(await auth.listSessions(request.auth!.user.id, request.auth!.token)),
  );

  app.delete(
    '/api/c/sessions/:id',
    route.signedIn({ summary: 'Sign out one of my sessions (a device)', params: SessionIdParams, data: Revoked, failures: [404] }),
    async (request) => {
      const revoked = await auth.revokeSessions(request.auth!.user.id, { sessionId: request.params.id });
      if (revoked === 0) throw fail('notFound');
      return ok({ revoked });
    },
  );

  app.post('/api/c/sessions/revokeOthers', route.signedIn({ summary: 'Sign out everywhere else', data: Revoked }), async (request) =>
    ok({ revoked: await auth.revokeSessions(request.auth!.user.id, { keepToken: request.auth!.token }) }),
  );
};
