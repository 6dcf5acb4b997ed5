import { MOBILE_PAY_FLOWS, PAYMENT_ORDER_STATUSES, PAYMENT_PROVIDERS } from '@spatia/contract';
import { Type } from 'typebox';
import { NullableInteger, literals } from '../../lib/schemas.js';

/** Request and response shapes of paying on a phone (docs/mobile-pay.md). */
export const tags = ['mobile pay'];

export const ListingParams = Type.Object({ listingId: Type.Integer({ minimum: 1 }) });

export const OrderNoParams = Type.Object({ orderNo: Type.String({ pattern: '^[A-Za-z0-9_-]{6,32}$' }) });

export const MobilePayBody = Type.Object({
  provider: literals(PAYMENT_PROVIDERS),
  flow: literals(MOBILE_PAY_FLOWS),
  openId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$', description: "the payer's openid under our AppID (jsapi)" }),
  ),
});

const JsapiParamsSchema = Type.Object({
  appId: Type.String(),
  timeStamp: Type.String(),
  nonceStr: Type.String(),
  package: Type.String(),
  signType: Type.Literal('RSA'),
  paySign: Type.String(),
});

const CheckoutSchema = Type.Union([
  Type.Object({
    flow: Type.Literal('redirect'),
    url: Type.String({ description: "the provider's page (or the sandbox's checkout) to go to" }),
  }),
  Type.Object({ flow: Type.Literal('jsapi'), params: JsapiParamsSchema }),
]);

export const MobilePayAnswerSchema = Type.Object({
  orderNo: Type.String(),
  payment: Type.Union([CheckoutSchema, Type.Null()]),
  paidFromBalance: Type.Boolean(),
});

export const MobilePayOrderSchema = Type.Object({
  orderNo: Type.String(),
  state: literals(PAYMENT_ORDER_STATUSES),
  amountFen: Type.Integer(),
  purchase: Type.Object({ kind: Type.Literal('market'), listingId: Type.Integer(), workUid: Type.String(), workName: Type.String() }),
  bought: Type.Boolean({ description: 'whether the purchase was booked under this order' }),
  paidAt: NullableInteger,
});

export const WechatPayerSchema = Type.Object({
  jsapi: Type.Boolean({
    description: 'the site takes WeChat Pay and its official account is configured: the page offers JSAPI inside WeChat',
  }),
  openIdKnown: Type.Boolean({ description: "WeChat told us the caller's openid under the official account's AppID" }),
});

export const WechatAuthorizationBody = Type.Object({
  returnPath: Type.String({
    maxLength: 500,
    pattern: '^/space/shop-pay(\\?[^#]*)?$',
    description: 'the pay page WeChat sends the browser back to, with `code` and `state` appended',
  }),
});

export const WechatAuthorizationSchema = Type.Object({
  url: Type.String({ description: "WeChat's authorize page (snsapi_base) to send the browser to" }),
  expiresAt: Type.Integer({ description: 'when the state expires (epoch ms)' }),
});

export const WechatCompletionBody = Type.Object({
  state: Type.String({ minLength: 1, maxLength: 128 }),
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: "WeChat's code; absent when the person refused" })),
});
