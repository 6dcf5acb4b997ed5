import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_X } from '@spatia/contract';
import { Nothing, ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { clientOf } from '../../lib/request-info.js';
import { LoginResultSchema } from '../../lib/schemas.js';
import { okSignedIn } from '../../plugins/auth.js';
import { LoginBody, tags } from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

const route = routesFor(tags);

export const authRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/api/client/login',
    route.anyone({
      summary: 'Sign in with phone number and password',
      description:
        `Parameters form-encoded, JSON or in the query string. The session token comes back in the \`${AUTH_HEADER_X}\` header. ` +
        'Failed attempts are counted per phone and per address: after a few, 429 (code 1110, or 1106 while the phone is locked) ' +
        'with `Retry-After` says how long to wait (docs/accounts.md).',
      acceptQueryParams: true,
      body: LoginBody,
      data: LoginResultSchema,
      failures: [400, 429],
    }),
    async (request, reply) =>
      okSignedIn(reply, await auth.loginWithPassword(request.body.phoneNumber, request.body.password, clientOf(request))),
  );

  app.post(
    '/api/c/logout',
    route.signedIn({ summary: 'Sign out: the token stops working at once', data: Nothing }),
    async (request, reply) => {
      await auth.logout(request.auth!.token);
      reply.removeHeader(AUTH_HEADER_X);
      return ok(null);
    },
  );
};
