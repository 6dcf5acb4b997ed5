import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CodePurpose } from '../../drivers/sms/sms-driver.js';
import { Nothing, ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { CodeLoginResultSchema, IssuedCodeSchema, LoginResultSchema, PhoneQuery } from '../../lib/schemas.js';
import { clientOf } from '../../lib/request-info.js';
import { okSignedIn } from '../../plugins/auth.js';
import { PasswordChangeBody, PasswordResetBody, RegisteredSchema, RegisterBody, SmsLoginBody, tags } from './accounts.schemas.js';
import type { AccountsService } from './accounts.service.js';

const route = routesFor(tags);

export const accountsRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsService }> = async (app, { accounts }) => {
  app.post(
    '/api/client/checkPhoneNumber',
    route.anyone({
      summary: 'Whether a phone number has an account',
      description: 'At most 10 a minute and 30 an hour per address; past that, 429 (code 1002) with `Retry-After`.',
      acceptQueryParams: true,
      body: PhoneQuery,
      data: RegisteredSchema,
      failures: [400, 429],
    }),
    async (request) => ok({ registered: await accounts.checkPhoneNumber(request.body.phoneNumber, request.ip) }),
  );

  const codeRoutes: [string, CodePurpose, string][] = [
    ['/api/client/register/verifyCode', 'register', 'Send a sign-up code (the phone must not have an account)'],
    ['/api/client/forgetPwd/verifyCode', 'resetPassword', 'Send a password-reset code (the phone must have an account)'],
    ['/api/c/smsLogin/verifyCode', 'smsLogin', 'Send a sign-in code'],
  ];
  for (const [url, purpose, summary] of codeRoutes) {
    app.get(
      url,
      route.anyone({ summary, querystring: PhoneQuery, data: IssuedCodeSchema, failures: [400, 404, 409, 429, 503] }),
      async (request) => ok(await accounts.sendCode(request.query.phoneNumber, purpose, request.ip)),
    );
  }

  app.post(
    '/api/c/register',
    route.anyone({
      summary: 'Create an account with a sign-up code; signs in (token in x-auth-token)',
      acceptQueryParams: true,
      body: RegisterBody,
      data: LoginResultSchema,
      failures: [400, 409],
    }),
    async (request, reply) => okSignedIn(reply, await accounts.register(request.body, clientOf(request))),
  );

  app.post(
    '/api/c/smsLogin',
    route.anyone({
      summary: 'Sign in with a code; a new phone gets an account',
      acceptQueryParams: true,
      body: SmsLoginBody,
      data: CodeLoginResultSchema,
      failures: [400],
    }),
    async (request, reply) => {
      const { phoneNumber, ...code } = request.body;
      return okSignedIn(reply, await accounts.smsLogin(phoneNumber, code, clientOf(request)));
    },
  );

  app.post(
    '/api/client/renewPwd',
    route.anyone({
      summary: 'Set a new password with a reset code; every session of the account ends',
      acceptQueryParams: true,
      body: PasswordResetBody,
      data: Nothing,
      failures: [400, 404],
    }),
    async (request) => {
      const { phoneNumber, newPwd, ...code } = request.body;
      await accounts.renewPassword(phoneNumber, newPwd, code);
      return ok(null);
    },
  );

  app.post(
    '/api/c/password',
    route.signedIn({
      summary: 'Change my password; my other sessions end',
      acceptQueryParams: true,
      body: PasswordChangeBody,
      data: Nothing,
      failures: [400],
    }),
    async (request) => {
      const { user, token } = request.auth!;
      await accounts.changePassword(user.id, request.body.currentPassword, request.body.newPassword, token);
      return ok(null);
    },
  );
};
