import { fenToYuan, MOBILE_PAY_FLOWS_OF, parseYuanToFen, type MobileCheckout } from '@spatia/contract';
import type { AlipaySdkCommonResult } from 'alipay-sdk';
import {
  ALIPAY_SUCCESS_CODE,
  AlipayGateway,
  describeFailure,
  fromShanghaiDateTime,
  toShanghaiDateTime,
  type AlipayApplication,
} from './alipay-gateway.js';
import {
  assertMobilePaymentRequest,
  assertNativePaymentRequest,
  assertRefundRequest,
  PaymentNotificationRefused,
  PaymentProviderError,
  type IncomingNotification,
  type MobilePaymentRequest,
  type NativeCheckout,
  type NativePaymentRequest,
  type NotificationReply,
  type PaymentDriver,
  type PaymentState,
  type ProviderNotice,
  type RefundRequest,
  type RefundState,
} from './payment-driver.js';

export interface AlipayConfig extends AlipayApplication {
  /** Where Alipay posts trade notifications (the common request parameter notify_url). */
  notifyUrl: string;
}

const SUCCESS_CODE = ALIPAY_SUCCESS_CODE;
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';
const TRADE_STATUS_ERROR = 'ACQ.TRADE_STATUS_ERROR';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Alipay's refusals of a refund that no retry with the same out_request_no will change. */
const REFUND_REFUSED = new Set([
  'ACQ.TRADE_NOT_EXIST',
  'ACQ.TRADE_STATUS_ERROR',
  'ACQ.TRADE_NOT_ALLOWED_REFUND',
  'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
  'ACQ.REFUND_FEE_ERROR',
  'ACQ.TRADE_HAS_FINISHED',
  'ACQ.SELLER_BALANCE_NOT_ENOUGH',
  'ACQ.REASON_TRADE_BEEN_FREEZEN',
  'ACQ.INVALID_PARAMETER',
]);

interface PaidFields {
  tradeNo: unknown;
  totalAmount: unknown;
  paidAt: unknown;
  /** What was refunded of the trade so far, in yuan (a notification's refund_fee). */
  refundFee?: unknown;
}

/** The fields of a paid trade, as Alipay names them in a query answer or a notification. */
function paidState(orderNo: string, fields: PaidFields, fail: (detail: string) => Error): PaymentState {
  const transactionId = text(fields.tradeNo);
  const amountFen = typeof fields.totalAmount === 'string' ? parseYuanToFen(fields.totalAmount) : null;
  const paidAt = fromShanghaiDateTime(fields.paidAt);
  if (!transactionId) throw fail(`paid trade ${orderNo} has no trade_no`);
  if (amountFen === null || amountFen < 1) throw fail(`paid trade ${orderNo} has no valid total_amount`);
  if (!paidAt) throw fail(`paid trade ${orderNo} has no valid payment time`);
  const refundedFen = typeof fields.refundFee === 'string' ? parseYuanToFen(fields.refundFee) : null;
  return { orderNo, state: 'paid', transactionId, amountFen, paidAt, ...(refundedFen ? { refunded: true, refundedFen } : {}) };
}

/** A trade's state by its trade_status, as a query answer or a notification gives it. */
function tradeState(orderNo: string, tradeStatus: unknown, paidFields: PaidFields, fail: (detail: string) => Error): PaymentState {
  switch (tradeStatus) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return paidState(orderNo, paidFields, fail);
    case 'WAIT_BUYER_PAY':
      return { orderNo, state: 'unpaid' };
    case 'TRADE_CLOSED': {
      // Closed after it was paid: refunded in full (Alipay closes a trade whose money all went back).
      if (text(paidFields.tradeNo) && fromShanghaiDateTime(paidFields.paidAt)) {
        const paid = paidState(orderNo, paidFields, fail);
        return paid.state === 'paid' ? { ...paid, refunded: true, refundedFen: paid.refundedFen ?? paid.amountFen } : paid;
      }
      return { orderNo, state: 'closed' };
    }
    default:
      throw fail(`unknown trade_status ${String(tradeStatus)}`);
  }
}

/**
 * Alipay QR checkout (alipay.trade.precreate, query, close on the OpenAPI gateway) through the official
 * alipay-sdk, signed with RSA2; every answer's signature is checked against Alipay's public key.
 */
export class AlipayDriver implements PaymentDriver {
  readonly provider = 'alipay';
  private readonly gateway: AlipayGateway;

  constructor(private readonly config: AlipayConfig) {
    this.gateway = new AlipayGateway(config, (method, detail) => this.failure(method, detail));
  }

  async createNativePayment(request: NativePaymentRequest): Promise<NativeCheckout> {
    assertNativePaymentRequest(request);
    const answer = await this.call(
      'alipay.trade.precreate',
      {
        out_trade_no: request.orderNo,
        total_amount: fenToYuan(request.amountFen),
        subject: request.description,
        // Whole seconds, rounded down, so that Alipay never takes payment after expiresAt.
        time_expire: toShanghaiDateTime(request.expiresAt),
      },
      { notify_url: this.config.notifyUrl },
    );
    if (answer.code !== SUCCESS_CODE) throw this.failure('alipay.trade.precreate', describeFailure(answer));
    const codeUrl = text(answer.qr_code);
    if (answer.out_trade_no !== request.orderNo || !codeUrl) {
      throw this.failure('alipay.trade.precreate', `answer for ${String(answer.out_trade_no)} without the order's qr_code`);
    }
    return { codeUrl };
  }

  /**
   * alipay.trade.wap.pay: the signed GET address of Alipay's mobile cashier (product QUICK_WAP_WAY), which
   * comes back to `returnUrl` (return_url, and quit_url when the payer gives up) and notifies notify_url.
   * Alipay makes the trade when the payer opens it: until then a query finds none (unpaid).
   */
  async createMobilePayment(request: MobilePaymentRequest): Promise<MobileCheckout> {
    assertMobilePaymentRequest('alipay', MOBILE_PAY_FLOWS_OF.alipay, request);
    const url = this.gateway.pageUrl(
      'alipay.trade.wap.pay',
      {
        out_trade_no: request.orderNo,
        total_amount: fenToYuan(request.amountFen),
        subject: request.description,
        product_code: 'QUICK_WAP_WAY',
        time_expire: toShanghaiDateTime(request.expiresAt),
        quit_url: request.returnUrl,
      },
      { return_url: request.returnUrl, notify_url: this.config.notifyUrl },
    );
    return { flow: 'redirect', url };
  }

  async queryPayment(orderNo: string): Promise<PaymentState> {
    const answer = await this.call('alipay.trade.query', { out_trade_no: orderNo });
    if (answer.code !== SUCCESS_CODE) {
      if (answer.sub_code === TRADE_NOT_EXIST) return { orderNo, state: 'unpaid' };
      throw this.failure('alipay.trade.query', describeFailure(answer));
    }
    if (answer.out_trade_no !== orderNo) throw this.failure('alipay.trade.query', `answer is about ${String(answer.out_trade_no)}`);
    const fail = (detail: string) => this.failure('alipay.trade.query', detail);
    return tradeState(
      orderNo,
      answer.trade_status,
      { tradeNo: answer.trade_no, totalAmount: answer.total_amount, paidAt: answer.send_pay_date },
      fail,
    );
  }

  async closePayment(orderNo: string): Promise<void> {
    const answer = await this.call('alipay.trade.close', { out_trade_no: orderNo });
    if (answer.code === SUCCESS_CODE || answer.sub_code === TRADE_NOT_EXIST) return;
    // Alipay gives the same refusal for a closed trade (done already) and a paid one (which must not pass
    // for closed): only a query tells them apart.
    if (answer.sub_code === TRADE_STATUS_ERROR) {
      const current = await this.queryPayment(orderNo);
      if (current.state === 'closed') return;
      throw this.failure('alipay.trade.close', `trade ${orderNo} is ${current.state}, not closable`);
    }
    throw this.failure('alipay.trade.close', describeFailure(answer));
  }

  // Async so that a refusal arrives as a rejected promise, as the interface's callers await it.
  async verifyNotification(notification: IncomingNotification): Promise<PaymentState> {
    return this.readNotification(notification);
  }

  /** Alipay tells a refund in the trade's own notification (its refund_fee: all refunded so far). */
  async verifyNotice(notification: IncomingNotification): Promise<ProviderNotice> {
    return { kind: 'payment', payment: this.readNotification(notification) };
  }

  /** alipay.trade.refund: synchronous; the same out_request_no again answers the same refund (fund_change N). */
  async refund(request: RefundRequest): Promise<RefundState> {
    assertRefundRequest(request);
    const answer = await this.call('alipay.trade.refund', {
      out_trade_no: request.orderNo,
      trade_no: request.transactionId,
      out_request_no: request.refundNo,
      refund_amount: fenToYuan(request.amountFen),
      refund_reason: [...request.reason].slice(0, 80).join(''),
    });
    const base = { orderNo: request.orderNo, refundNo: request.refundNo, amountFen: request.amountFen };
    if (answer.code !== SUCCESS_CODE) {
      if (answer.code === '40004' && typeof answer.sub_code === 'string' && REFUND_REFUSED.has(answer.sub_code))
        return { ...base, state: 'failed' };
      throw this.failure('alipay.trade.refund', describeFailure(answer));
    }
    if (answer.out_trade_no !== request.orderNo)
      throw this.failure('alipay.trade.refund', `answer is about ${String(answer.out_trade_no)}`);
    return { ...base, state: 'succeeded' };
  }

  /** alipay.trade.fastpay.refund.query: REFUND_SUCCESS once refunded; an answer without it is not (yet) a refund. */
  async queryRefund(orderNo: string, refundNo: string): Promise<RefundState> {
    const answer = await this.call('alipay.trade.fastpay.refund.query', { out_trade_no: orderNo, out_request_no: refundNo });
    if (answer.code !== SUCCESS_CODE) throw this.failure('alipay.trade.fastpay.refund.query', describeFailure(answer));
    const amountFen = typeof answer.refund_amount === 'string' ? parseYuanToFen(answer.refund_amount) : null;
    if (answer.refund_status === 'REFUND_SUCCESS' && amountFen) return { orderNo, refundNo, state: 'succeeded', amountFen };
    // Alipay answers a refund it has not made with success and no refund fields: not (yet) done; asking for it
    // again with the same out_request_no is how it is retried.
    return { orderNo, refundNo, state: 'pending', amountFen: amountFen ?? 0 };
  }

  acknowledge(): NotificationReply {
    return { statusCode: 200, contentType: 'text/plain', body: 'success' };
  }

  /** Alipay reads only the body: anything but `success` makes it retry. The reason stays in our logs. */
  refuse(_reason: string): NotificationReply {
    return { statusCode: 200, contentType: 'text/plain', body: 'fail' };
  }

  private readNotification({ headers, rawBody }: IncomingNotification): PaymentState {
    const refuse = (detail: string) => new PaymentNotificationRefused('alipay', detail);
    const contentType = headers['content-type'];
    if (typeof contentType !== 'string' || !contentType.toLowerCase().startsWith(FORM_CONTENT_TYPE)) {
      throw refuse(`content type is ${String(contentType)}, not ${FORM_CONTENT_TYPE}`);
    }
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(rawBody)) {
      if (Object.hasOwn(fields, name)) throw refuse(`field ${name} appears twice`);
      fields[name] = value;
    }
    if (!fields.sign) throw refuse('no sign');
    // The SDK takes the algorithm from the notification itself; only RSA2 is what this application signs with.
    if (fields.sign_type !== 'RSA2') throw refuse(`sign_type is ${String(fields.sign_type)}, not RSA2`);
    if (fields.charset !== undefined && fields.charset.toLowerCase() !== 'utf-8') throw refuse(`charset is ${fields.charset}`);
    let signatureMatches: boolean;
    try {
      // V2 verifies the values as they are: the older check URL-decodes them a second time.
      signatureMatches = this.gateway.sdk.checkNotifySignV2(fields);
    } catch {
      signatureMatches = false;
    }
    if (!signatureMatches) throw refuse("signature does not match Alipay's public key");

    if (fields.app_id !== this.config.appId) throw refuse(`app_id ${String(fields.app_id)} is not this application's`);
    if (fields.notify_type !== 'trade_status_sync') throw refuse(`notify_type is ${String(fields.notify_type)}`);
    const orderNo = text(fields.out_trade_no);
    if (!orderNo) throw refuse('no out_trade_no');
    return tradeState(
      orderNo,
      fields.trade_status,
      { tradeNo: fields.trade_no, totalAmount: fields.total_amount, paidAt: fields.gmt_payment, refundFee: fields.refund_fee },
      refuse,
    );
  }

  private call(
    method: string,
    bizContent: Record<string, string>,
    commonParameters: Record<string, string> = {},
  ): Promise<AlipaySdkCommonResult> {
    return this.gateway.call(method, bizContent, commonParameters);
  }

  private failure(method: string, detail: string): PaymentProviderError {
    return new PaymentProviderError('alipay', `${method}: ${detail}`);
  }
}
