import { createDecipheriv, createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import { MOBILE_PAY_FLOWS_OF, type MobileCheckout, type WechatJsapiParams } from '@spatia/contract';
import {
  assertMobilePaymentRequest,
  assertNativePaymentRequest,
  assertOrderNo,
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
import {
  isRecord,
  parseJson,
  RFC_3339,
  singleHeader,
  toBeijingTime,
  WechatPayClient,
  type WechatPayMerchant,
} from './wechat-pay-client.js';

export {
  toBeijingTime,
  wechatPayAuthorization,
  WECHAT_PAY_SIGNATURE_WINDOW_SECONDS,
  type WechatPayRequestToSign,
} from './wechat-pay-client.js';

export interface WechatPayConfig extends WechatPayMerchant {
  /** The AppID (official account, mini program or app) bound to the merchant. */
  appId: string;
  /** The APIv3 key: 32 ASCII characters, the AES-256-GCM key of notification resources. */
  apiV3Key: string;
  /** Where WeChat Pay sends payment notifications: https, without a query. */
  notifyUrl: string;
  /** Where it sends refund notifications; the payment notifications' address unless given. */
  refundNotifyUrl?: string;
}

/** A refund's status as WeChat writes it (an answer's `status`, a notification's `refund_status`) as ours. */
function refundStateOf(refund: unknown, fail: (detail: string) => Error): RefundState {
  if (!isRecord(refund)) throw fail('the refund is not an object');
  const { out_trade_no: orderNo, out_refund_no: refundNo, refund_id: refundId, amount } = refund;
  if (typeof orderNo !== 'string' || orderNo === '' || typeof refundNo !== 'string' || refundNo === '')
    throw fail('the refund has no out_trade_no or out_refund_no');
  const amountFen = isRecord(amount) ? amount.refund : undefined;
  if (typeof amountFen !== 'number' || !Number.isSafeInteger(amountFen) || amountFen < 1)
    throw fail(`refund ${refundNo} has no whole amount.refund`);
  const status = refund.status ?? refund.refund_status;
  const providerRefundId = typeof refundId === 'string' && refundId !== '' ? refundId : undefined;
  const base = { orderNo, refundNo, amountFen, ...(providerRefundId ? { providerRefundId } : {}) };
  switch (status) {
    case 'SUCCESS':
      return { ...base, state: 'succeeded' };
    case 'PROCESSING':
      return { ...base, state: 'pending' };
    // ABNORMAL: the payer's card or account could not take the money back; the merchant must act in the portal.
    case 'CLOSED':
    case 'ABNORMAL':
      return { ...base, state: 'failed' };
    default:
      throw fail(`refund ${refundNo} has an unknown status ${JSON.stringify(status)}`);
  }
}

/** WeChat's refusals of a refund that no retry will change. */
const REFUND_REFUSED = new Set(['PARAM_ERROR', 'INVALID_REQUEST', 'NOT_ENOUGH', 'USER_ACCOUNT_ABNORMAL', 'MCH_NOT_EXISTS']);

const AUTH_TAG_BYTES = 16;

/** A transaction (from a query or a decrypted notification) as a PaymentState; `fail` names the error kind. */
function stateOf(transaction: unknown, fail: (detail: string) => Error): PaymentState {
  if (!isRecord(transaction)) throw fail('the transaction is not an object');
  const orderNo = transaction.out_trade_no;
  if (typeof orderNo !== 'string' || orderNo === '') throw fail('the transaction has no out_trade_no');
  const tradeState = transaction.trade_state;
  switch (tradeState) {
    // A refunded order was paid first: it stays paid, and says that some of it went back (how much, only the
    // refunds themselves tell).
    case 'SUCCESS':
    case 'REFUND': {
      const transactionId = transaction.transaction_id;
      const amountFen = isRecord(transaction.amount) ? transaction.amount.total : undefined;
      const successTime = transaction.success_time;
      if (typeof transactionId !== 'string' || transactionId === '') throw fail(`paid order ${orderNo} has no transaction_id`);
      if (typeof amountFen !== 'number' || !Number.isSafeInteger(amountFen) || amountFen < 1)
        throw fail(`paid order ${orderNo} has no whole amount.total`);
      if (typeof successTime !== 'string' || !RFC_3339.test(successTime) || Number.isNaN(Date.parse(successTime)))
        throw fail(`paid order ${orderNo} has no success_time`);
      return {
        orderNo,
        state: 'paid',
        transactionId,
        amountFen,
        paidAt: new Date(successTime),
        ...(tradeState === 'REFUND' ? { refunded: true } : {}),
      };
    }
    case 'NOTPAY':
    case 'USERPAYING':
      return { orderNo, state: 'unpaid' };
    case 'CLOSED':
    case 'REVOKED':
    case 'PAYERROR':
      return { orderNo, state: 'closed' };
    default:
      throw fail(`order ${orderNo} has an unknown trade_state ${JSON.stringify(tradeState)}`);
  }
}

/**
 * WeChat Pay API v3, Native (QR code) payments for a directly connected merchant: requests signed with
 * the merchant key, every answer and notification checked against WeChat Pay's keys, notification
 * resources decrypted with the APIv3 key. Only node:crypto and fetch: the community SDK cannot check
 * signatures made with a WeChat Pay public key (PUB_KEY_ID_…).
 */
export class WechatPayDriver implements PaymentDriver {
  readonly provider = 'wechat';
  private readonly apiV3Key: Buffer;
  private readonly client: WechatPayClient;
  private readonly merchantKey: KeyObject;

  /** `now` (epoch milliseconds) stamps requests and bounds the signature timestamp window. */
  constructor(
    private readonly config: WechatPayConfig,
    private readonly now: () => number = Date.now,
  ) {
    if (!/^[\x21-\x7e]{32}$/.test(config.apiV3Key)) throw new RangeError('the WeChat Pay APIv3 key is 32 ASCII characters');
    this.apiV3Key = Buffer.from(config.apiV3Key, 'ascii');
    this.merchantKey = createPrivateKey(config.merchantPrivateKeyPem);
    this.client = new WechatPayClient(config, (detail) => this.providerError(detail), now);
  }

  async createNativePayment(request: NativePaymentRequest): Promise<NativeCheckout> {
    assertNativePaymentRequest(request);
    const answer = await this.client.call('POST', '/v3/pay/transactions/native', {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: request.description,
      out_trade_no: request.orderNo,
      time_expire: toBeijingTime(request.expiresAt),
      notify_url: this.config.notifyUrl,
      amount: { total: request.amountFen, currency: 'CNY' },
    });
    if (!answer.ok) throw this.providerError(`Native order ${request.orderNo}: HTTP ${answer.status} ${answer.code}: ${answer.detail}`);
    const created = parseJson(answer.body.toString('utf8'));
    const codeUrl = isRecord(created) ? created.code_url : undefined;
    if (typeof codeUrl !== 'string' || codeUrl === '')
      throw this.providerError(`Native order ${request.orderNo}: no code_url in the answer`);
    return { codeUrl };
  }

  /**
   * JSAPI (inside WeChat, for the payer's openid): `POST /v3/pay/transactions/jsapi`, then the parameters of
   * `getBrandWCPayRequest` with their paySign (RSA-SHA256 over `appId\ntimeStamp\nnonceStr\npackage\n` with the
   * merchant key). H5 (other phone browsers): `POST /v3/pay/transactions/h5` with the payer's address, and a
   * redirect to WeChat's h5_url that comes back to `returnUrl` (which must be on the merchant's H5 domain).
   */
  async createMobilePayment(request: MobilePaymentRequest): Promise<MobileCheckout> {
    assertMobilePaymentRequest('wechat', MOBILE_PAY_FLOWS_OF.wechat, request);
    const order = {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: request.description,
      out_trade_no: request.orderNo,
      time_expire: toBeijingTime(request.expiresAt),
      notify_url: this.config.notifyUrl,
      amount: { total: request.amountFen, currency: 'CNY' },
    };
    if (request.flow === 'jsapi') {
      const answer = await this.client.call('POST', '/v3/pay/transactions/jsapi', { ...order, payer: { openid: request.openId } });
      if (!answer.ok) throw this.providerError(`JSAPI order ${request.orderNo}: HTTP ${answer.status} ${answer.code}: ${answer.detail}`);
      const created = parseJson(answer.body.toString('utf8'));
      const prepayId = isRecord(created) ? created.prepay_id : undefined;
      if (typeof prepayId !== 'string' || prepayId === '')
        throw this.providerError(`JSAPI order ${request.orderNo}: no prepay_id in the answer`);
      return { flow: 'jsapi', params: this.jsapiParams(prepayId) };
    }
    const answer = await this.client.call('POST', '/v3/pay/transactions/h5', {
      ...order,
      scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } },
    });
    if (!answer.ok) throw this.providerError(`H5 order ${request.orderNo}: HTTP ${answer.status} ${answer.code}: ${answer.detail}`);
    const created = parseJson(answer.body.toString('utf8'));
    const h5Url = isRecord(created) ? created.h5_url : undefined;
    if (typeof h5Url !== 'string' || !h5Url.startsWith('https://'))
      throw this.providerError(`H5 order ${request.orderNo}: no h5_url in the answer`);
    return { flow: 'redirect', url: `${h5Url}&redirect_url=${encodeURIComponent(request.returnUrl)}` };
  }

  /** What the page hands `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`, signed with the merchant key. */
  private jsapiParams(prepayId: string): WechatJsapiParams {
    const timeStamp = String(Math.floor(this.now() / 1000));
    const nonceStr = randomBytes(16).toString('hex');
    const packageValue = `prepay_id=${prepayId}`;
    const message = `${this.config.appId}\n${timeStamp}\n${nonceStr}\n${packageValue}\n`;
    const paySign = sign('sha256', Buffer.from(message, 'utf8'), this.merchantKey).toString('base64');
    return { appId: this.config.appId, timeStamp, nonceStr, package: packageValue, signType: 'RSA', paySign };
  }

  async queryPayment(orderNo: string): Promise<PaymentState> {
    assertOrderNo(orderNo);
    const mchId = encodeURIComponent(this.config.mchId);
    const answer = await this.client.call('GET', `/v3/pay/transactions/out-trade-no/${orderNo}?mchid=${mchId}`);
    if (!answer.ok) {
      if (answer.status === 404 && answer.code === 'ORDER_NOT_EXIST') return { orderNo, state: 'unpaid' };
      throw this.providerError(`query of ${orderNo}: HTTP ${answer.status} ${answer.code}: ${answer.detail}`);
    }
    const transaction = parseJson(answer.body.toString('utf8'));
    if (!isRecord(transaction)) throw this.providerError(`query of ${orderNo}: the answer is not a JSON object`);
    if (transaction.out_trade_no !== orderNo || transaction.mchid !== this.config.mchId)
      throw this.providerError(`query of ${orderNo}: the answer is about another order or merchant`);
    return stateOf(transaction, (detail) => this.providerError(`query of ${orderNo}: ${detail}`));
  }

  async closePayment(orderNo: string): Promise<void> {
    assertOrderNo(orderNo);
    const answer = await this.client.call('POST', `/v3/pay/transactions/out-trade-no/${orderNo}/close`, { mchid: this.config.mchId });
    if (!answer.ok) throw this.providerError(`close of ${orderNo}: HTTP ${answer.status} ${answer.code}: ${answer.detail}`);
  }

  async verifyNotification(notification: IncomingNotification): Promise<PaymentState> {
    const notice = this.readNotification(notification);
    if (notice.kind !== 'payment') throw new PaymentNotificationRefused('wechat', 'a refund notification where a payment was expected');
    return notice.payment;
  }

  async verifyNotice(notification: IncomingNotification): Promise<ProviderNotice> {
    return this.readNotification(notification);
  }

  async refund(request: RefundRequest): Promise<RefundState> {
    assertRefundRequest(request);
    const answer = await this.client.call('POST', '/v3/refund/domestic/refunds', {
      transaction_id: request.transactionId,
      out_refund_no: request.refundNo,
      reason: [...request.reason].slice(0, 80).join(''),
      notify_url: this.config.refundNotifyUrl ?? this.config.notifyUrl,
      amount: { refund: request.amountFen, total: request.totalFen, currency: 'CNY' },
    });
    if (!answer.ok) {
      const detail = `refund ${request.refundNo}: HTTP ${answer.status} ${answer.code}: ${answer.detail}`;
      if (answer.status >= 400 && answer.status < 500 && REFUND_REFUSED.has(answer.code)) {
        return { orderNo: request.orderNo, refundNo: request.refundNo, state: 'failed', amountFen: request.amountFen };
      }
      throw this.providerError(detail);
    }
    return this.refundAnswer(answer.body, request.orderNo, request.refundNo);
  }

  async queryRefund(orderNo: string, refundNo: string): Promise<RefundState> {
    assertOrderNo(orderNo);
    const answer = await this.client.call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`);
    if (!answer.ok) throw this.providerError(`query of refund ${refundNo}: HTTP ${answer.status} ${answer.code}: ${answer.detail}`);
    return this.refundAnswer(answer.body, orderNo, refundNo);
  }

  private refundAnswer(body: Buffer, orderNo: string, refundNo: string): RefundState {
    const fail = (detail: string) => this.providerError(`refund ${refundNo}: ${detail}`);
    const state = refundStateOf(parseJson(body.toString('utf8')), fail);
    if (state.refundNo !== refundNo || state.orderNo !== orderNo) throw fail('the answer is about another refund or order');
    return state;
  }

  /** WeChat reads 200 or 204 as "received" and needs no body. */
  acknowledge(): NotificationReply {
    return { statusCode: 200, contentType: 'application/json', body: '' };
  }

  refuse(reason: string): NotificationReply {
    return { statusCode: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: reason }) };
  }

  private readNotification({ headers, rawBody }: IncomingNotification): ProviderNotice {
    const refused = (detail: string) => new PaymentNotificationRefused('wechat', detail);
    const problem = this.client.signatureProblem((name) => singleHeader(headers[name]), Buffer.from(rawBody, 'utf8'));
    if (problem) throw refused(problem);

    const envelope = parseJson(rawBody);
    if (!isRecord(envelope)) throw refused('the body is not a JSON object');
    const resource = envelope.resource;
    if (envelope.resource_type !== 'encrypt-resource' || !isRecord(resource)) throw refused('the body holds no encrypted resource');
    if (resource.algorithm !== 'AEAD_AES_256_GCM')
      throw refused(`the resource algorithm ${JSON.stringify(resource.algorithm)} is not AEAD_AES_256_GCM`);
    const transaction = parseJson(this.decrypt(resource, refused));
    if (!isRecord(transaction)) throw refused('the decrypted resource is not a JSON object');
    if (transaction.mchid !== this.config.mchId) throw refused(`the notification is for mchid ${JSON.stringify(transaction.mchid)}`);
    // A refund's resource names the merchant only; a payment's names our AppID too.
    if (typeof envelope.event_type === 'string' && envelope.event_type.startsWith('REFUND.')) {
      return { kind: 'refund', refund: refundStateOf(transaction, refused) };
    }
    if (transaction.appid !== this.config.appId) throw refused(`the notification is for appid ${JSON.stringify(transaction.appid)}`);
    return { kind: 'payment', payment: stateOf(transaction, refused) };
  }

  private decrypt(resource: Record<string, unknown>, refused: (detail: string) => Error): string {
    const { ciphertext, nonce, associated_data: associatedData = '' } = resource;
    if (typeof ciphertext !== 'string' || typeof nonce !== 'string' || nonce === '' || typeof associatedData !== 'string')
      throw refused('the resource lacks ciphertext, nonce or associated_data');
    const sealed = Buffer.from(ciphertext, 'base64');
    if (sealed.length <= AUTH_TAG_BYTES) throw refused('the resource ciphertext is too short');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.apiV3Key, Buffer.from(nonce, 'utf8'), { authTagLength: AUTH_TAG_BYTES });
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(sealed.subarray(sealed.length - AUTH_TAG_BYTES));
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - AUTH_TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw refused('the resource does not decrypt with the APIv3 key');
    }
  }

  private providerError(detail: string): PaymentProviderError {
    return new PaymentProviderError('wechat', detail);
  }
}
