import type { MobileCheckout, MobilePayFlow } from '@spatia/contract';

/**
 * Takes money through a provider's native (QR code) checkout: the sandbox by default, WeChat Pay API v3
 * Native and Alipay (precreate) in production. A driver speaks the provider's protocol and nothing else:
 * which order a payment belongs to, whether its amount is right and whether it was booked already are
 * the payments module's business (docs/payments.md).
 */
export type PaymentProvider = 'sandbox' | 'wechat' | 'alipay';

export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = ['sandbox', 'wechat', 'alipay'];

export interface NativePaymentRequest {
  /** Our order number (the providers' out_trade_no): 6 to 32 of [A-Za-z0-9_-]. Paying again reuses it. */
  orderNo: string;
  /** Integer fen, at least 1. */
  amountFen: number;
  /** What the payer's app shows; at most 127 bytes of UTF-8 (WeChat's limit, the strictest). */
  description: string;
  /** The provider refuses payment after this moment. */
  expiresAt: Date;
}

/** A payment made on a phone (docs/mobile-pay.md): the order as for a QR code, and how the phone pays it. */
export interface MobilePaymentRequest extends NativePaymentRequest {
  flow: MobilePayFlow;
  /** Where the payer's browser comes back after paying (WeChat's redirect_url, Alipay's return_url, the sandbox's return). */
  returnUrl: string;
  /** The payer's address as we saw it (WeChat H5 wants it). */
  clientIp: string;
  /** The payer's openid under our AppID: required for WeChat JSAPI. */
  openId?: string;
}

export type { MobileCheckout } from '@spatia/contract';

export interface NativeCheckout {
  /** What the pay QR code encodes (WeChat's code_url, Alipay's qr_code, the sandbox's checkout page). */
  codeUrl: string;
}

/**
 * A provider's word on one order, from a verified notification or from a query. A paid order may have
 * been refunded since, in part or in full (here or in the provider's own portal): `refundedFen` is how
 * much the provider says it refunded, when it says (Alipay's `TRADE_CLOSED` after payment: all of it);
 * `refunded` alone means it says "some", without an amount (WeChat's `REFUND` state).
 */
export type PaymentState =
  | {
      orderNo: string;
      state: 'paid';
      transactionId: string;
      amountFen: number;
      paidAt: Date;
      refunded?: boolean;
      refundedFen?: number;
    }
  | { orderNo: string; state: 'unpaid' | 'closed' };

/** A refund asked of the provider: part or all of one payment of one order. */
export interface RefundRequest {
  /** Our order number (out_trade_no). */
  orderNo: string;
  /** The provider's transaction id of the payment refunded (a second payment of the same order has its own). */
  transactionId: string;
  /** Our refund number (WeChat's out_refund_no, Alipay's out_request_no): the same number is the same refund. */
  refundNo: string;
  /** Integer fen, at least 1, at most what is left of the payment. */
  amountFen: number;
  /** What the payment was, in fen (WeChat wants it with every refund). */
  totalFen: number;
  /** Shown to the payer by WeChat and Alipay; at most 80 characters. */
  reason: string;
}

/**
 * A provider's word on one refund: `pending` while it moves the money (WeChat's PROCESSING), `succeeded`
 * once the money is back with the payer, `failed` when it will not be (WeChat's CLOSED or ABNORMAL).
 */
export interface RefundState {
  orderNo: string;
  refundNo: string;
  state: 'pending' | 'succeeded' | 'failed';
  amountFen: number;
  /** The provider's own refund id, once it has one. */
  providerRefundId?: string;
}

/** What a verified notification tells: a payment (or its absence), or a refund. */
export type ProviderNotice = { kind: 'payment'; payment: PaymentState } | { kind: 'refund'; refund: RefundState };

export interface IncomingNotification {
  /** Lower-case header names, as Node gives them. */
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: the signatures cover these bytes. */
  rawBody: string;
}

/** What the provider expects to read back, so that it stops (or keeps) retrying. */
export interface NotificationReply {
  statusCode: number;
  contentType: string;
  body: string;
}

export interface PaymentDriver {
  readonly provider: PaymentProvider;
  createNativePayment(request: NativePaymentRequest): Promise<NativeCheckout>;
  /**
   * The same order paid on a phone by `flow` (one of those `MOBILE_PAY_FLOWS_OF` gives the provider; another
   * throws RangeError): a redirect to the provider's cashier, or the signed parameters of WeChat's JSAPI.
   * Asking again for the same order with the same terms gives the same payment.
   */
  createMobilePayment(request: MobilePaymentRequest): Promise<MobileCheckout>;
  /**
   * Checks the notification's signature (and, for WeChat, its timestamp window and the decryption of its
   * resource) and that it is meant for this merchant, then reads it. Throws PaymentNotificationRefused
   * before anything in the body is trusted.
   */
  verifyNotification(notification: IncomingNotification): Promise<PaymentState>;
  /** The provider's state of an order; an order the provider never saw is `unpaid`. */
  queryPayment(orderNo: string): Promise<PaymentState>;
  /** Closes an unpaid order at the provider, so it can no longer be paid. Closing a closed one succeeds. */
  closePayment(orderNo: string): Promise<void>;
  /**
   * Asks the provider to refund (part of) a payment. The same refund number asked again is the same
   * refund: the provider answers its state and moves no more money. A refusal the provider gives for
   * good (more than is left, the payment too old) answers `failed`; no answer throws PaymentProviderError.
   */
  refund(request: RefundRequest): Promise<RefundState>;
  /** The provider's state of a refund we asked for; a refund number it never saw throws. */
  queryRefund(orderNo: string, refundNo: string): Promise<RefundState>;
  /**
   * Verifies and reads a notification that may be a payment's or a refund's (WeChat's REFUND.* events,
   * Alipay's trade notification of a refund, the sandbox's refund notice).
   */
  verifyNotice(notification: IncomingNotification): Promise<ProviderNotice>;
  /** The answer once a notification is booked (or was booked before). */
  acknowledge(): NotificationReply;
  /** The answer to a notification that was refused or could not be booked: the provider retries. */
  refuse(reason: string): NotificationReply;
}

/** A notification whose signature, timestamp, merchant or content does not check out. */
export class PaymentNotificationRefused extends Error {
  constructor(provider: PaymentProvider, detail: string) {
    super(`${provider} payment notification refused: ${detail}`);
    this.name = 'PaymentNotificationRefused';
  }
}

/** The provider answered a call with an error, or with an answer whose signature does not check out. */
export class PaymentProviderError extends Error {
  constructor(provider: PaymentProvider, detail: string) {
    super(`${provider} payment call failed: ${detail}`);
    this.name = 'PaymentProviderError';
  }
}

const ORDER_NO = /^[A-Za-z0-9_-]{6,32}$/;

/** Every provider takes these order numbers, and they go into URL paths unescaped. */
export function assertOrderNo(orderNo: string): void {
  if (!ORDER_NO.test(orderNo)) throw new RangeError(`order number ${orderNo} is not 6-32 of [A-Za-z0-9_-]`);
}

const REFUND_NO = /^[A-Za-z0-9_-]{6,64}$/;

export function assertRefundRequest(request: RefundRequest): void {
  assertOrderNo(request.orderNo);
  if (!REFUND_NO.test(request.refundNo)) throw new RangeError(`refund number ${request.refundNo} is not 6-64 of [A-Za-z0-9_-]`);
  if (!Number.isSafeInteger(request.amountFen) || request.amountFen < 1) throw new RangeError('a refund is whole fen, at least 1');
  if (request.amountFen > request.totalFen) throw new RangeError('a refund is at most the payment');
  if (request.transactionId === '') throw new RangeError('a refund names the payment it refunds');
}

export function assertMobilePaymentRequest(
  provider: PaymentProvider,
  flows: readonly MobilePayFlow[],
  request: MobilePaymentRequest,
): void {
  assertNativePaymentRequest(request);
  if (!flows.includes(request.flow)) throw new RangeError(`${provider} does not take the ${request.flow} flow`);
  if (request.flow === 'jsapi' && !request.openId) throw new RangeError("a JSAPI payment needs the payer's openid");
}

export function assertNativePaymentRequest(request: NativePaymentRequest): void {
  assertOrderNo(request.orderNo);
  if (!Number.isSafeInteger(request.amountFen) || request.amountFen < 1) throw new RangeError('amount is whole fen, at least 1');
  if (Buffer.byteLength(request.description, 'utf8') > 127) throw new RangeError('description is over 127 bytes');
}
