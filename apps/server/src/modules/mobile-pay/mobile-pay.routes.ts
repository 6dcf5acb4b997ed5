import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { requestOrigin } from '../../lib/request-info.js';
import { routesFor } from '../../lib/route.js';
import { IdempotencyHeaders } from '../recharge/index.js';
import {
  ListingParams,
  MobilePayAnswerSchema,
  MobilePayBody,
  MobilePayOrderSchema,
  OrderNoParams,
  WechatAuthorizationBody,
  WechatAuthorizationSchema,
  WechatCompletionBody,
  WechatPayerSchema,
  tags,
} from './mobile-pay.schemas.js';
import type { MobilePayService } from './mobile-pay.service.js';
import type { WechatPayerService } from './wechat-payer.service.js';

const route = routesFor(tags);

/** Buying on a phone and reading the order back (docs/mobile-pay.md): the payer's own, signed in. */
export const mobilePayRoutes: FastifyPluginAsyncTypebox<{
  mobilePay: MobilePayService;
  wechatPayer: WechatPayerService;
  publicUrl: string | undefined;
}> = async (app, { mobilePay, wechatPayer, publicUrl }) => {
  app.post(
    '/api/c/mobilePay/market/:listingId',
    route.signedIn({
      summary:
        "Buy a market listing on a phone: the balance pays what it can; the rest is a payment order paid by the provider's phone flow (WeChat `jsapi` inside WeChat with the payer's openId, WeChat `h5`, Alipay `wap`, the sandbox's `h5`), answered as a redirect or WeChat's JSAPI parameters. An Idempotency-Key header is honoured for 24 h",
      params: ListingParams,
      headers: IdempotencyHeaders,
      body: MobilePayBody,
      data: MobilePayAnswerSchema,
      failures: [400, 404, 409, 422, 502],
    }),
    async (request) =>
      ok(
        await mobilePay.buyListing(request.auth!.user, request.params.listingId, request.body, {
          idempotencyKey: request.headers['idempotency-key'],
          clientIp: request.ip,
          language: request.language,
        }),
      ),
  );

  app.get(
    '/api/c/mobilePay/orders/:orderNo',
    route.signedIn({
      summary:
        "A market order paid on a phone, as our books hold it (a pending one is asked at the provider first): never the redirect's word. The payer's own; 404 otherwise",
      params: OrderNoParams,
      data: MobilePayOrderSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await mobilePay.order(request.auth!.user, request.params.orderNo)),
  );

  app.get(
    '/api/c/mobilePay/wechat/payer',
    route.signedIn({
      summary: "Whether the pay page offers WeChat Pay inside WeChat (JSAPI), and whether WeChat told us the caller's openid",
      data: WechatPayerSchema,
    }),
    async (request) => ok(await wechatPayer.payer(request.auth!.user.id)),
  );

  app.post(
    '/api/c/mobilePay/wechat/authorization',
    route.signedIn({
      summary:
        "Start the official account's silent web authorization (snsapi_base) for the caller's openid: WeChat's authorize page, which comes back to `returnPath` with `code` and `state` (bound to the caller, 10 minutes, one use)",
      body: WechatAuthorizationBody,
      data: WechatAuthorizationSchema,
      failures: [400, 422],
    }),
    async (request) => ok(await wechatPayer.begin(request.auth!.user.id, `${requestOrigin(request, publicUrl)}${request.body.returnPath}`)),
  );

  app.post(
    '/api/c/mobilePay/wechat/authorization/complete',
    route.signedIn({
      summary:
        "Finish it with what WeChat appended to the return address: the state must be the caller's and unused; the code is traded at WeChat for the openid, kept for the caller",
      body: WechatCompletionBody,
      data: WechatPayerSchema,
      failures: [400, 404, 422, 502],
    }),
    async (request) => ok(await wechatPayer.complete(request.auth!.user.id, request.body.state, request.body.code)),
  );
};
