import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { IdempotencyHeaders } from '../recharge/index.js';
import { ListingParams, MobilePayAnswerSchema, MobilePayBody, MobilePayOrderSchema, OrderNoParams, tags } from './mobile-pay.schemas.js';
import type { MobilePayService } from './mobile-pay.service.js';

const route = routesFor(tags);

/** Buying on a phone and reading the order back (docs/mobile-pay.md): the payer's own, signed in. */
export const mobilePayRoutes: FastifyPluginAsyncTypebox<{ mobilePay: MobilePayService }> = async (app, { mobilePay }) => {
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
};
