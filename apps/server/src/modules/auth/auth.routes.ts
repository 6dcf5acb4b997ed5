import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_X } from '@spatia/contract';
import { Nothing, ok, responses } from '../../lib/envelope.js';
import { clientOf } from '../../lib/request-info.js';
import { LoginResultSchema } from '../../lib/schemas.js';
import { okSignedIn } from '../../plugins/auth.js';
import { LoginBody, tags } from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/api/client/login',
    {
      config: { auth: 'anyone', acceptQueryParams: true },
      schema: {
        tags,
        summary: 'Sign in with phone number and password',
        description:
          `Parameters form-encoded, JSON or in the query string. The session token comes back in the \`${AUTH_HEADER_X}\` header. ` +
          'Failed attempts are counted per phone and per address: after a few, 429 (code 1110, or 1106 while the phone is locked) ' +
          'with `Retry-After` says how long to wait (docs/accounts.md).',
        body: LoginBody,
        response: responses(LoginResultSchema, [400, 429]),
      },
    },
    async (request, reply) =>
      okSignedIn(reply, await auth.loginWithPassword(request.body.phoneNumber, request.body.password, clientOf(request))),
  );

  app.post(
    '/api/c/logout',
    {
      config: { auth: 'signedIn' },
      schema: { tags, summary: 'Sign out: the token stops working at once', response: responses(Nothing, [401]) },
    },
    async (request, reply) => {
      await auth.logout(request.auth!.token);
      reply.removeHeader(AUTH_HEADER_X);
      return ok(null);
    },
  );
};
