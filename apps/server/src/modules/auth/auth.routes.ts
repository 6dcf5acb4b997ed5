import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_X } from '@spatia/contract';
import { Type } from 'typebox';
import { Nothing, ok, responses } from '../../lib/envelope.js';
import { sendToken } from '../../plugins/auth.js';
import type { AuthService } from './auth.service.js';

const LoginParams = Type.Object({
  phoneNumber: Type.String({ pattern: '^1[3-9][0-9]{9}$', description: '11-digit mobile number' }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});

const LoginResult = Type.Object({ uid: Type.String(), fullName: Type.String(), avatarUrl: Type.String() });

export const authRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/api/client/login',
    {
      config: { acceptQueryParams: true },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with phone number and password',
        description: `Parameters form-encoded, JSON or in the query string. The session token comes back in the \`${AUTH_HEADER_X}\` header.`,
        body: LoginParams,
        response: responses(LoginResult, [400]),
      },
    },
    async (request, reply) => {
      const { phoneNumber, password } = request.body;
      const { token, result } = await auth.loginWithPassword(phoneNumber, password, {
        userAgent: request.headers['user-agent'] ?? '',
        ip: request.ip,
      });
      sendToken(reply, token);
      return ok(result);
    },
  );

  app.post(
    '/api/c/logout',
    {
      config: { auth: 'signedIn' },
      schema: { tags: ['accounts'], summary: 'Sign out: the token stops working at once', response: responses(Nothing, [401]) },
    },
    async (request, reply) => {
      await auth.logout(request.auth!.token);
      reply.removeHeader(AUTH_HEADER_X);
      return ok(null);
    },
  );
};
