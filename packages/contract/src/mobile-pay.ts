import { defineErrors } from './errors.js';
import mobilePayErrors from './mobile-pay.errors.json' with { type: 'json' };
import type { PaymentOrderStatus, PaymentProvider } from './payments.js';

/**
 * Paying on a phone (docs/mobile-pay.md): the ways a phone pays each provider. WeChat Pay inside WeChat
 * (`jsapi`: the page asks WeChat to pay with `WeixinJSBridge`) and in other browsers (`h5`: a redirect to
 * WeChat's cashier page); Alipay's `wap` (a redirect to Alipay's mobile cashier); the sandbox's test
 * checkout (`h5`: a redirect to `/mobile/sandboxPay/{orderNo}`).
 */
export const MOBILE_PAY_FLOWS = ['jsapi', 'h5', 'wap'] as const;
export type MobilePayFlow = (typeof MOBILE_PAY_FLOWS)[number];

/** How a payment order is paid: by QR code (`native`, the desktop's) or by one of the phone's flows. */
export const PAYMENT_ORDER_FLOWS = ['native', ...MOBILE_PAY_FLOWS] as const;
export type PaymentOrderFlow = (typeof PAYMENT_ORDER_FLOWS)[number];

/** Which flows each provider takes on a phone. */
export const MOBILE_PAY_FLOWS_OF: Readonly<Record<PaymentProvider, readonly MobilePayFlow[]>> = {
  wechat: ['jsapi', 'h5'],
  alipay: ['wap'],
  sandbox: ['h5'],
};

/** What the page hands `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`, signed by the server. */
export interface WechatJsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  /** `prepay_id=…` */
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** How the phone pays an order: go to a provider's page, or ask WeChat to pay in place. */
export type MobileCheckout = { flow: 'redirect'; url: string } | { flow: 'jsapi'; params: WechatJsapiParams };

/** `POST /api/c/mobilePay/market/{listingId}`. */
export interface MobilePayRequest {
  provider: PaymentProvider;
  flow: MobilePayFlow;
  /** The payer's openid under our WeChat AppID: required for `jsapi`. */
  openId?: string;
}

export interface MobilePayAnswer {
  /** A payment order's number (`R…`), or the purchase's own (`K…`) when the balance paid it all. */
  orderNo: string;
  /** Null when the balance paid it all (`paidFromBalance`). */
  payment: MobileCheckout | null;
  paidFromBalance: boolean;
}

/** What an order paid on a phone buys. */
export interface MobilePayPurchase {
  kind: 'market';
  listingId: number;
  workUid: string;
  workName: string;
}

/** `GET /api/c/mobilePay/orders/{orderNo}`: our own server's word on the order, never the redirect's. */
export interface MobilePayOrder {
  orderNo: string;
  state: PaymentOrderStatus;
  amountFen: number;
  purchase: MobilePayPurchase;
  /** Whether the purchase was booked under this order (a paid order whose listing left the market meanwhile keeps its money on the balance). */
  bought: boolean;
  paidAt: number | null;
}

/** `GET /api/c/mobilePay/wechat/payer`: whether WeChat Pay inside WeChat is offered, and whether WeChat told us the caller's openid. */
export interface WechatPayer {
  /** The site takes WeChat Pay and its official account is configured (WECHAT_MP_APP_ID). */
  jsapi: boolean;
  openIdKnown: boolean;
}

/** `POST /api/c/mobilePay/wechat/authorization`: where the page returns to with WeChat's code (a `/space/shop-pay` address). */
export interface WechatPayerAuthorizationRequest {
  returnPath: string;
}

/** WeChat's authorize page to send the browser to, and when its state expires (epoch ms). */
export interface WechatPayerAuthorization {
  url: string;
  expiresAt: number;
}

/** `POST /api/c/mobilePay/wechat/authorization/complete`: what WeChat appended to the return address (no `code`: refused). */
export interface WechatPayerCompletion {
  state: string;
  code?: string;
}

/** Mobile pay (the mobile-pay module): 2771–2789. */
export const MobilePayErrors = defineErrors(mobilePayErrors);
