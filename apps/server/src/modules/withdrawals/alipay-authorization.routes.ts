import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permission } from '@spatia/contract';
import type { FastifyRequest } from 'fastify';
import { SANDBOX_AUTHORIZE_PATH, sandboxAlipayUserId, sandboxAuthCode } from '../../drivers/oauth/alipay-authorization.js';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import {
  AlipayAuthorizationCompleteBody,
  AlipayAuthorizationStartBody,
  AlipayAuthorizationStartSchema,
  PayoutAccountSchema,
  SandboxAuthorizeQuery,
  tags,
} from './withdrawals.schemas.js';
import type { WithdrawalsService } from './withdrawals.service.js';

const route = routesFor(tags);
const walletRoute = route.for({ permission: Permission.wallet });

/** Binding Alipay by authorization (docs/withdrawals.md): start, complete, and the sandbox's own authorization page. */
export const alipayAuthorizationRoutes: FastifyPluginAsyncTypebox<{ withdrawals: WithdrawalsService; publicUrl?: string }> = async (
  app,
  { withdrawals, publicUrl },
) => {
  /** Where Alipay sends the person back: the configured public address, else the address they called us on. */
  const siteUrl = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;

  app.post(
    '/api/c/withdraw/alipay/authorization',
    walletRoute({
      summary: 'Start binding my Alipay account by authorization, with the real name and the step-up proof; answers the page to go to',
      acceptQueryParams: true,
      body: AlipayAuthorizationStartBody,
      data: AlipayAuthorizationStartSchema,
      failures: [400, 429],
    }),
    async (request) => ok(await withdrawals.startAlipayAuthorization(request.auth!.user.id, request.body, siteUrl(request))),
  );

  app.post(
    '/api/c/withdraw/alipay/authorization/complete',
    walletRoute({
      summary: 'Complete binding Alipay with what Alipay returned (auth_code, state): the account bound; the same state again answers it',
      acceptQueryParams: true,
      body: AlipayAuthorizationCompleteBody,
      data: PayoutAccountSchema,
      failures: [400, 409, 502],
    }),
    async (request) => ok(await withdrawals.completeAlipayAuthorization(request.auth!.user.id, request.body)),
  );

  app.get(
    SANDBOX_AUTHORIZE_PATH,
    route.public({
      summary: 'The sandbox’s stand-in for Alipay’s authorization page (HTML); only where the sandbox binds Alipay',
      querystring: SandboxAuthorizeQuery,
    }),
    async (request, reply) => {
      const authorization = await withdrawals.sandboxAuthorization(request.query.state);
      const page = authorization
        ? sandboxPage(authorization.redirectUri, request.query.state, sandboxAlipayUserId(authorization.userId))
        : sandboxPage(undefined, request.query.state, '');
      return reply
        .code(authorization ? 200 : 404)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page);
    },
  );
};

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A plain, clearly marked page: approve returns with an auth_code, cancel returns without one, as Alipay does. */
function sandboxPage(redirectUri: string | undefined, state: string, alipayUserId: string): string {
  const body = redirectUri
    ? `<p>网站请求获取你的支付宝用户标识，用于绑定提现收款账户。<br>The site asks for your Alipay user id, to bind it as your payout account.</p>
<p class="id">沙箱支付宝用户 / Sandbox Alipay user: <b>${escape(alipayUserId)}</b></p>
<a class="approve" href="${escape(`${redirectUri}?${new URLSearchParams({ auth_code: sandboxAuthCode(alipayUserId), state }).toString()}`)}">同意授权 / Approve</a>
<a class="cancel" href="${escape(`${redirectUri}?${new URLSearchParams({ state }).toString()}`)}">取消 / Cancel</a>`
    : `<p>授权已过期或无效。<br>This authorization has expired or is not valid.</p>`;
  return `<!doctype html>
<html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>沙箱支付宝授权 / Sandbox Alipay authorization</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1f2329}
main{max-width:420px;margin:40px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.mark{background:#fff3cd;color:#7a4d00;border:1px solid #f0c36d;border-radius:6px;padding:8px 12px;font-size:14px}
h1{font-size:20px;margin:16px 0}.id{font-size:14px;color:#555}
a{display:block;text-align:center;padding:12px;border-radius:8px;text-decoration:none;margin-top:12px;font-size:16px}
.approve{background:#1677ff;color:#fff}.cancel{background:#eef0f3;color:#1f2329}
</style></head><body><main>
<div class="mark">沙箱：这不是支付宝，不会访问任何真实账户。<br>Sandbox: this is not Alipay; no real account is involved.</div>
<h1>支付宝授权（沙箱）<br>Alipay authorization (sandbox)</h1>
${body}
</main></body></html>`;
}
