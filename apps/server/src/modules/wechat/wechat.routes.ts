import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { CodeLoginResultSchema, IssuedCodeSchema, PhoneQuery } from '../../lib/schemas.js';
import { clientOf, readCookie, requestOrigin } from '../../lib/request-info.js';
import { okSignedIn, sendToken } from '../../plugins/auth.js';
import type { AccountsService } from '../accounts/index.js';
import { AuthorizeQuery, BindWechatBody, CallbackQuery, CompleteBody, CompletedSchema, tags } from './wechat.schemas.js';
import type { WechatService } from './wechat.service.js';

const STATE_COOKIE = 'wechat_state';
const DEFAULT_REDIRECT = '/dashboard/dashboard';

/** Only paths of this site: a sign-in never sends the browser elsewhere. */
export function safeRedirect(value: string | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : DEFAULT_REDIRECT;
}

const route = routesFor(tags);

export const wechatRoutes: FastifyPluginAsyncTypebox<{
  wechat: WechatService;
  accounts: AccountsService;
  publicUrl: string | undefined;
}> = async (app, { wechat, accounts, publicUrl }) => {
  app.get(
    '/api/open/wechat/authorize',
    route.anyone({
      summary: 'Start WeChat sign-in: redirects to WeChat; `redirect` is where to go after signing in',
      querystring: AuthorizeQuery,
    }),
    async (request, reply) => {
      const { state, authorizeUrl } = await wechat.begin(
        safeRedirect(request.query.redirect),
        `${requestOrigin(request, publicUrl)}/api/open/wechat/callback`,
      );
      reply.header('set-cookie', `${STATE_COOKIE}=${state}; Path=/api/open/wechat; Max-Age=600; HttpOnly; SameSite=Lax`);
      return reply.redirect(authorizeUrl, 302);
    },
  );

  app.get(
    '/api/open/wechat/callback',
    route.anyone({ summary: "WeChat's redirect back; continues on the login page with a one-time hand-off", querystring: CallbackQuery }),
    async (request, reply) => {
      const handoff = await wechat.callback(request.query.code, request.query.state, readCookie(request, STATE_COOKIE));
      reply.header('set-cookie', `${STATE_COOKIE}=; Path=/api/open/wechat; Max-Age=0; HttpOnly; SameSite=Lax`);
      return reply.redirect(`/login?wechatHandoff=${encodeURIComponent(handoff)}`, 302);
    },
  );

  app.post(
    '/api/open/wechat/complete',
    route.anyone({
      summary: 'Redeem the hand-off: a session (bound WeChat user) or a binding ticket (`unionId`) for binding a phone',
      acceptQueryParams: true,
      body: CompleteBody,
      data: CompletedSchema,
      failures: [400, 404, 502],
    }),
    async (request, reply) => {
      const completed = await wechat.complete(request.body.handoff, clientOf(request));
      if (!completed.bound) return ok(completed);
      sendToken(reply, completed.token);
      return ok({ bound: true, login: completed.login, redirect: completed.redirect });
    },
  );

  app.get(
    '/api/open/wechat/bindPhone/verifyCode',
    route.anyone({
      summary: 'Send a code to bind a phone to a WeChat sign-in',
      querystring: PhoneQuery,
      data: IssuedCodeSchema,
      failures: [400, 429, 503],
    }),
    async (request) => ok(await accounts.sendCode(request.query.phoneNumber, 'bindPhone', request.ip)),
  );

  app.post(
    '/api/open/user/bindWechat',
    route.anyone({
      summary: 'Bind the WeChat identity (`unionId`: the binding ticket from /complete) to a phone, proven by code; signs in',
      acceptQueryParams: true,
      body: BindWechatBody,
      data: CodeLoginResultSchema,
      failures: [400, 409],
    }),
    async (request, reply) => {
      const { phoneNumber, unionId, ...code } = request.body;
      return okSignedIn(reply, await wechat.bindPhone(phoneNumber, unionId, code, clientOf(request)));
    },
  );
};
