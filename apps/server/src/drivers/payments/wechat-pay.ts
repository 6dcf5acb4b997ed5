import { createDecipheriv, createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import {
  assertNativePaymentRequest,
  assertOrderNo,
  PaymentNotificationRefused,
  PaymentProviderError,
  type IncomingNotification,
  type NativeCheckout,
  type NativePaymentRequest,
  type NotificationReply,
  type PaymentDriver,
  type PaymentState,
} from './payment-driver.js';

export interface WechatPayConfig {
  /** The AppID (official account, mini program or app) bound to the merchant. */
  appId: string;
  /** The merchant number (mchid). */
  mchId: string;
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  merchantSerialNo: string;
  /** The merchant API private key (apiclient_key.pem), PKCS#8 or PKCS#1 PEM. */
  merchantPrivateKeyPem: string;
  /** The APIv3 key: 32 ASCII characters, the AES-256-GCM key of notification resources. */
  apiV3Key: string;
  /**
   * Keys that WeChat Pay signs with, by the serial its Wechatpay-Serial header names: platform
   * certificate serials and/or the WeChat Pay public key id (PUB_KEY_ID_…). Both may be listed while
   * a merchant switches from one to the other.
   */
  platformPublicKeys: Record<string, string>;
  /** Where WeChat Pay sends payment notifications: https, without a query. */
  notifyUrl: string;
  /** https://api.mch.weixin.qq.com in production; a local stand-in in tests. */
  endpoint: string;
}

/** The stand-in and any other caller that must sign a request exactly as the driver does. */
export interface WechatPayRequestToSign {
  mchId: string;
  merchantSerialNo: string;
  merchantPrivateKey: KeyObject;
  method: string;
  /** Path and query exactly as sent, e.g. /v3/pay/transactions/out-trade-no/SP1?mchid=1900009191. */
  pathWithQuery: string;
  body: string;
  timestamp: number;
  nonce: string;
}

export const WECHAT_PAY_SIGNATURE_WINDOW_SECONDS = 300;
const CALL_TIMEOUT_MS = 10_000;
const AUTH_TAG_BYTES = 16;
const USER_AGENT = `Spatia-WechatPay/1.0 (Node.js ${process.version})`;

/** The Authorization header of an APIv3 request (WECHATPAY2-SHA256-RSA2048). */
export function wechatPayAuthorization(request: WechatPayRequestToSign): string {
  const message = `${request.method}\n${request.pathWithQuery}\n${request.timestamp}\n${request.nonce}\n${request.body}\n`;
  const signature = sign('sha256', Buffer.from(message, 'utf8'), request.merchantPrivateKey).toString('base64');
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${request.mchId}",nonce_str="${request.nonce}",` +
    `signature="${signature}",timestamp="${request.timestamp}",serial_no="${request.merchantSerialNo}"`
  );
}

/** A moment as WeChat writes it: RFC 3339 in Beijing time, e.g. 2015-05-20T13:29:35+08:00. */
export function toBeijingTime(moment: Date): string {
  return `${new Date(moment.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

type ApiAnswer = { ok: true; status: number; body: Buffer } | { ok: false; status: number; code: string; detail: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function singleHeader(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
  return value;
}

function signatureMatches(message: Buffer, key: KeyObject, signatureBase64: string): boolean {
  try {
    return verify('sha256', message, key, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A transaction (from a query or a decrypted notification) as a PaymentState; `fail` names the error kind. */
function stateOf(transaction: unknown, fail: (detail: string) => Error): PaymentState {
  if (!isRecord(transaction)) throw fail('the transaction is not an object');
  const orderNo = transaction.out_trade_no;
  if (typeof orderNo !== 'string' || orderNo === '') throw fail('the transaction has no out_trade_no');
  const tradeState = transaction.trade_state;
  switch (tradeState) {
    // A refunded order was paid first; refunds are booked on their own.
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
      return { orderNo, state: 'paid', transactionId, amountFen, paidAt: new Date(successTime) };
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
  private readonly merchantPrivateKey: KeyObject;
  private readonly platformKeys: Map<string, KeyObject>;
  private readonly apiV3Key: Buffer;
  private readonly endpoint: string;

  /** `now` (epoch milliseconds) stamps requests and bounds the signature timestamp window. */
  constructor(
    private readonly config: WechatPayConfig,
    private readonly now: () => number = Date.now,
  ) {
    if (!/^[\x21-\x7e]{32}$/.test(config.apiV3Key)) throw new RangeError('the WeChat Pay APIv3 key is 32 ASCII characters');
    this.apiV3Key = Buffer.from(config.apiV3Key, 'ascii');
    this.merchantPrivateKey = createPrivateKey(config.merchantPrivateKeyPem);
    // A Map, so that a serial such as "constructor" never reaches an object's prototype.
    this.platformKeys = new Map(Object.entries(config.platformPublicKeys).map(([serial, pem]) => [serial, createPublicKey(pem)]));
    if (this.platformKeys.size === 0) throw new RangeError('WeChat Pay needs at least one platform public key');
    this.endpoint = config.endpoint.replace(/\/+$/, '');
  }

  async createNativePayment(request: NativePaymentRequest): Promise<NativeCheckout> {
    assertNativePaymentRequest(request);
    const answer = await this.call('POST', '/v3/pay/transactions/native', {
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

  async queryPayment(orderNo: string): Promise<PaymentState> {
    assertOrderNo(orderNo);
    const mchId = encodeURIComponent(this.config.mchId);
    const answer = await this.call('GET', `/v3/pay/transactions/out-trade-no/${orderNo}?mchid=${mchId}`);
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
    const answer = await this.call('POST', `/v3/pay/transactions/out-trade-no/${orderNo}/close`, { mchid: this.config.mchId });
    if (!answer.ok) throw this.providerError(`close of ${orderNo}: HTTP ${answer.status} ${answer.code}: ${answer.detail}`);
  }

  async verifyNotification(notification: IncomingNotification): Promise<PaymentState> {
    return this.readNotification(notification);
  }

  /** WeChat reads 200 or 204 as "received" and needs no body. */
  acknowledge(): NotificationReply {
    return { statusCode: 200, contentType: 'application/json', body: '' };
  }

  refuse(reason: string): NotificationReply {
    return { statusCode: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: reason }) };
  }

  private readNotification({ headers, rawBody }: IncomingNotification): PaymentState {
    const refused = (detail: string) => new PaymentNotificationRefused('wechat', detail);
    const problem = this.signatureProblem((name) => singleHeader(headers[name]), Buffer.from(rawBody, 'utf8'));
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
    if (transaction.appid !== this.config.appId) throw refused(`the notification is for appid ${JSON.stringify(transaction.appid)}`);
    return stateOf(transaction, refused);
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

  /**
   * What is wrong with a message's WeChat Pay signature (Wechatpay-* headers over `timestamp\nnonce\nbody\n`),
   * or undefined when it checks out. WeChat's SIGNTEST probes carry signatures that simply fail here.
   */
  private signatureProblem(header: (name: string) => string | undefined, body: Buffer): string | undefined {
    const timestamp = header('wechatpay-timestamp');
    const nonce = header('wechatpay-nonce');
    const signature = header('wechatpay-signature');
    const serial = header('wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) return 'the Wechatpay-Timestamp/Nonce/Signature/Serial headers are missing';
    const key = this.platformKeys.get(serial);
    if (!key) return `Wechatpay-Serial ${serial} is an unknown key`;
    if (!/^\d{1,12}$/.test(timestamp)) return 'Wechatpay-Timestamp is not a number of seconds';
    if (Math.abs(this.now() / 1000 - Number(timestamp)) > WECHAT_PAY_SIGNATURE_WINDOW_SECONDS)
      return `Wechatpay-Timestamp ${timestamp} is more than ${WECHAT_PAY_SIGNATURE_WINDOW_SECONDS} s from now`;
    const message = Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`, 'utf8'), body, Buffer.from('\n', 'utf8')]);
    return signatureMatches(message, key, signature) ? undefined : 'the signature does not check out';
  }

  /**
   * One signed APIv3 call. A 2xx answer is returned only once its signature checks out; an error answer
   * is read for WeChat's code and message without it, as WeChat's own SDKs do (it may come unsigned,
   * e.g. after SIGN_ERROR, and nothing is concluded from it but "failed" or "no such order").
   */
  private async call(method: 'GET' | 'POST', pathWithQuery: string, payload?: Record<string, unknown>): Promise<ApiAnswer> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const authorization = wechatPayAuthorization({
      mchId: this.config.mchId,
      merchantSerialNo: this.config.merchantSerialNo,
      merchantPrivateKey: this.merchantPrivateKey,
      method,
      pathWithQuery,
      body,
      timestamp: Math.floor(this.now() / 1000),
      nonce: randomBytes(16).toString('hex').toUpperCase(),
    });
    const headers: Record<string, string> = { Authorization: authorization, Accept: 'application/json', 'User-Agent': USER_AGENT };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';

    let status: number;
    let answerHeaders: Headers;
    let answerBody: Buffer;
    try {
      const response = await fetch(`${this.endpoint}${pathWithQuery}`, {
        method,
        headers,
        body: payload === undefined ? undefined : body,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      status = response.status;
      answerHeaders = response.headers;
      answerBody = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw this.providerError(`${method} ${pathWithQuery}: ${error instanceof Error ? error.message : String(error)}`);
    }

    if (status < 200 || status > 299) {
      const failure = parseJson(answerBody.toString('utf8'));
      const code = isRecord(failure) && typeof failure.code === 'string' ? failure.code : 'NO_ERROR_CODE';
      const detail = isRecord(failure) && typeof failure.message === 'string' ? failure.message : answerBody.toString('utf8').slice(0, 200);
      return { ok: false, status, code, detail };
    }
    const problem = this.signatureProblem((name) => answerHeaders.get(name) ?? undefined, answerBody);
    if (problem) throw this.providerError(`${method} ${pathWithQuery}: answer refused: ${problem}`);
    return { ok: true, status, body: answerBody };
  }

  private providerError(detail: string): PaymentProviderError {
    return new PaymentProviderError('wechat', detail);
  }
}
