import {
  constants,
  createCipheriv,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  randomInt,
  randomUUID,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { IncomingNotification } from '../drivers/payments/payment-driver.js';

/**
 * A local stand-in for WeChat Pay API v3 (Native orders, query by out_trade_no, close; transfers to a
 * person's balance, "transfer-bills", and their query by out_bill_no) that checks
 * what the real service checks: the merchant's WECHATPAY2-SHA256-RSA2048 signature (with the merchant
 * public key the test hands it), its mchid, serial, timestamp and nonce, the Accept/User-Agent/
 * Content-Type headers, and each field's rules. It signs every answer with its own platform key, keeps
 * orders in memory, and builds signed, encrypted payment notifications (and broken ones) for tests.
 */
export interface WechatPayStandInOptions {
  appId: string;
  mchId: string;
  merchantSerialNo: string;
  merchantPublicKeyPem: string;
  apiV3Key: string;
}

/** A merchant made up for a test: WeChat's documentation example ids and a fresh APIv3 key. */
export function testWechatMerchant(): Omit<WechatPayStandInOptions, 'merchantPublicKeyPem'> {
  return {
    appId: 'wxd678efh567hg6787',
    mchId: '1900009191',
    merchantSerialNo: '3775B6A45ACD588826D15E583A95F5DD3C6AA4F6',
    apiV3Key: randomBytes(16).toString('hex'),
  };
}

export type WechatTradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';

/** The key WeChat signs with: the WeChat Pay public key (PUB_KEY_ID_…) or a platform certificate's. */
export type WechatSigningKey = 'publicKeyId' | 'certificate';

/** How the stand-in signs its API answers; all but the first two are for tests of a driver that must refuse. */
export type AnswerSigning = WechatSigningKey | 'unsigned' | 'foreignKey' | 'unknownSerial' | 'staleTimestamp';

export interface StandInOrder {
  /** The create request's JSON body, as accepted. */
  request: Record<string, unknown>;
  /** NATIVE (a QR code), JSAPI (inside WeChat) or MWEB (H5, a phone browser). */
  tradeType: 'NATIVE' | 'JSAPI' | 'MWEB';
  /** The QR code's text (NATIVE), else empty. */
  codeUrl: string;
  /** The prepay_id of a JSAPI or H5 order. */
  prepayId?: string;
  /** The H5 cashier address (MWEB). */
  h5Url?: string;
  tradeState: WechatTradeState;
  transactionId?: string;
  successTime?: string;
}

export interface NotificationOverrides {
  /** The key that signs (default the PUB_KEY_ID one). */
  signWith?: WechatSigningKey;
  /** A Wechatpay-Serial header other than the signing key's serial. */
  serial?: string;
  /** Wechatpay-Timestamp in seconds (default now). */
  timestamp?: number;
  /** A Wechatpay-Signature other than the right one. */
  signature?: string;
  eventType?: string;
  algorithm?: string;
  /** Encrypt with another APIv3 key than the merchant's. */
  apiV3Key?: string;
  /** Fields of the decrypted transaction replaced (appid, mchid, amount, trade_state…). */
  transaction?: Record<string, unknown>;
  /** A body signed in place of the notification envelope. */
  rawBody?: string;
}

export type TransferBillState = 'WAIT_USER_CONFIRM' | 'SUCCESS' | 'FAIL' | 'CANCELLED';

export interface StandInBill {
  request: Record<string, unknown>;
  transferBillNo: string;
  state: TransferBillState;
  /** The payee's name, decrypted from user_name. */
  userName: string;
  /** What the payee's WeChat confirms the bill with (requestMerchantTransfer's `package`). */
  packageInfo: string;
  failReason?: string;
  createTime: string;
  updateTime: string;
}

export type RefundStatus = 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';

export interface StandInRefund {
  /** The refund request's JSON body, as accepted. */
  request: Record<string, unknown>;
  outTradeNo: string;
  transactionId: string;
  refundId: string;
  status: RefundStatus;
  amountFen: number;
  totalFen: number;
  createTime: string;
  successTime?: string;
}

export interface WechatPayStandIn {
  endpoint: string;
  publicKeyId: string;
  certificateSerial: string;
  /** Serial → PEM public key, for the driver's platformPublicKeys. */
  platformPublicKeys: Record<string, string>;
  orders: Map<string, StandInOrder>;
  /** Default 'publicKeyId'; tests switch it and must set it back. */
  answerSigning: AnswerSigning;
  /** People a transfer can reach: openid (under the merchant's AppID) → real name. */
  payees: Map<string, string>;
  bills: Map<string, StandInBill>;
  /** Refunds by out_refund_no. WeChat answers a new one PROCESSING; `settleRefund` ends it. */
  refunds: Map<string, StandInRefund>;
  /** WeChat finishes a refund (SUCCESS, or CLOSED/ABNORMAL) and its signed REFUND.* notification comes back. */
  settleRefund(outRefundNo: string, status?: Exclude<RefundStatus, 'PROCESSING'>, overrides?: NotificationOverrides): IncomingNotification;
  /** A refund the merchant made in WeChat's merchant portal: recorded SUCCESS at once, its notification comes back. */
  portalRefund(orderNo: string, amountFen: number): IncomingNotification;
  /** The payee confirms the transfer in WeChat: WAIT_USER_CONFIRM → SUCCESS. */
  confirm(outBillNo: string): StandInBill;
  /**
   * What WeChat does when a page calls `WeixinJSBridge.invoke('requestMerchantTransfer', { mchId, appId,
   * package })` and the payee confirms: the bill waiting under that package, for that merchant and app, is paid.
   */
  confirmInWechat(request: { mchId: string; appId: string; package: string }): StandInBill;
  /** Nobody confirmed in time: WAIT_USER_CONFIRM → CANCELLED. */
  cancel(outBillNo: string, reason?: string): StandInBill;
  /**
   * What WeChat does when a page inside it calls `WeixinJSBridge.invoke('getBrandWCPayRequest', params)` and
   * the person (`openId`) pays: checks the paySign with the merchant's public key over
   * `appId\ntimeStamp\nnonceStr\npackage\n`, the AppID, the signType and that the prepay_id's order was made
   * for this payer; then NOTPAY → SUCCESS. Throws where WeChat would refuse.
   */
  payInWechat(params: Record<string, string>, openId: string): StandInOrder;
  /**
   * A phone browser opens an H5 payment's address (h5_url + `&redirect_url=`) and the person pays in WeChat:
   * the address must be one the stand-in issued, with an absolute http(s) redirect_url; then NOTPAY → SUCCESS.
   * Answers where WeChat sends the browser back (the redirect_url).
   */
  payH5(url: string): { order: StandInOrder; redirectUrl: string };
  /** The payer scans and pays: NOTPAY → SUCCESS. Throws for an order that cannot be paid. */
  pay(orderNo: string): StandInOrder;
  notificationFor(orderNo: string, overrides?: NotificationOverrides): IncomingNotification;
  /**
   * WeChat Pay issues a new platform certificate (valid `days` from now), listed by GET /v3/certificates
   * from then on; answers are signed with it only after `signWithCertificate(serial)`.
   */
  issueCertificate(days: number): string;
  /** Answers in 'certificate' mode are signed with this certificate's key from now on. */
  signWithCertificate(serial: string): void;
  /** How many times GET /v3/certificates was asked. */
  certificateDownloads: number;
  close(): Promise<void>;
}

/** A self-signed X.509 certificate for the key, valid `days` from now, as WeChat Pay's platform certificates are PEM. */
function platformCertificatePem(privateKey: KeyObject, serial: string, days: number): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'wechat-stand-in-cert-'));
  try {
    const keyFile = path.join(folder, 'key.pem');
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    return execFileSync(
      'openssl',
      ['req', '-x509', '-new', '-key', keyFile, '-subj', '/CN=Tenpay.com Root CA', '-days', String(days), '-set_serial', `0x${serial}`],
      { encoding: 'utf8' },
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The same notification with its body changed after signing. */
export function withTamperedBody(notification: IncomingNotification, tamper: (rawBody: string) => string): IncomingNotification {
  return { headers: { ...notification.headers }, rawBody: tamper(notification.rawBody) };
}

const OUT_TRADE_NO = /^[0-9A-Za-z_*-]{6,32}$/;
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const SIGNATURE_WINDOW_SECONDS = 300;

class WechatError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const beijingTime = (moment: number) => `${new Date(moment + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function rsaKeyPair(): { privateKey: KeyObject; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

function signMessage(privateKey: KeyObject, timestamp: number, nonce: string, body: string): string {
  return sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`, 'utf8'), privateKey).toString('base64');
}

function parseAuthorization(header: string): Record<string, string> | undefined {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
  if (!match?.[1]) return undefined;
  const fields: Record<string, string> = {};
  for (const part of match[1].split(',')) {
    const field = /^\s*([a-z_]+)="([^"]*)"\s*$/.exec(part);
    if (!field?.[1] || field[2] === undefined) return undefined;
    fields[field[1]] = field[2];
  }
  return fields;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startWechatPayStandIn(options: WechatPayStandInOptions): Promise<WechatPayStandIn> {
  const merchantPublicKey = createPublicKey(options.merchantPublicKeyPem);
  const publicKeyIdPair = rsaKeyPair();
  const certificatePair = rsaKeyPair();
  const foreignPair = rsaKeyPair();
  const publicKeyId = `PUB_KEY_ID_01${options.mchId}${Array.from(randomBytes(14), (byte) => byte % 10).join('')}`;
  const certificateSerial = randomBytes(20).toString('hex').toUpperCase();
  const signingKeys: Record<WechatSigningKey, { serial: string; privateKey: KeyObject }> = {
    publicKeyId: { serial: publicKeyId, privateKey: publicKeyIdPair.privateKey },
    certificate: { serial: certificateSerial, privateKey: certificatePair.privateKey },
  };
  /** The platform certificates WeChat Pay lists, by serial; the first one's PEM is made when first listed. */
  const certificates = new Map<string, { privateKey: KeyObject; days: number; pem?: string }>([
    [certificateSerial, { privateKey: certificatePair.privateKey, days: 365 }],
  ]);
  const orders = new Map<string, StandInOrder>();
  const usedNonces = new Set<string>();
  let transactionCount = 0;

  function transactionOf(orderNo: string, order: StandInOrder): Record<string, unknown> {
    const total = isRecord(order.request.amount) ? order.request.amount.total : undefined;
    const base = { appid: options.appId, mchid: options.mchId, out_trade_no: orderNo, trade_type: order.tradeType, attach: '' };
    const payer = isRecord(order.request.payer) ? order.request.payer : { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' };
    if (order.transactionId) {
      return {
        ...base,
        transaction_id: order.transactionId,
        trade_state: order.tradeState,
        trade_state_desc: order.tradeState === 'SUCCESS' ? '支付成功' : '已转入退款',
        bank_type: 'OTHERS',
        success_time: order.successTime,
        payer,
        amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
      };
    }
    return { ...base, trade_state: order.tradeState, trade_state_desc: order.tradeState, amount: { payer_currency: 'CNY' } };
  }

  function answer(response: ServerResponse, status: number, body: unknown, signed = true): void {
    const text = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'request-id': randomUUID() };
    const mode = standIn.answerSigning;
    if (signed && mode !== 'unsigned') {
      const timestamp = Math.floor(Date.now() / 1000) - (mode === 'staleTimestamp' ? 2 * SIGNATURE_WINDOW_SECONDS : 0);
      const nonce = randomBytes(16).toString('hex').toUpperCase();
      const key = mode === 'certificate' ? signingKeys.certificate : signingKeys.publicKeyId;
      const privateKey = mode === 'foreignKey' ? foreignPair.privateKey : key.privateKey;
      headers['wechatpay-timestamp'] = String(timestamp);
      headers['wechatpay-nonce'] = nonce;
      headers['wechatpay-signature'] = signMessage(privateKey, timestamp, nonce, text);
      headers['wechatpay-serial'] = mode === 'unknownSerial' ? 'PUB_KEY_ID_0000000000000000000000000000' : key.serial;
      headers['wechatpay-signature-type'] = 'WECHATPAY2-SHA256-RSA2048';
    }
    response.writeHead(status, headers);
    response.end(text);
  }

  function checkMerchantSignature(request: IncomingMessage, body: string): void {
    const header = (name: string) => String(request.headers[name] ?? '');
    const authorization = parseAuthorization(header('authorization'));
    const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serialNo } = authorization ?? {};
    if (!mchid || !nonce || !signature || !timestamp || !serialNo)
      throw new WechatError(401, 'SIGN_ERROR', 'Authorization 不是 WECHATPAY2-SHA256-RSA2048 认证信息');
    if (mchid !== options.mchId) throw new WechatError(401, 'SIGN_ERROR', '商户号不存在或与证书不匹配');
    if (serialNo !== options.merchantSerialNo) throw new WechatError(401, 'SIGN_ERROR', '商户证书序列号有误');
    if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS)
      throw new WechatError(401, 'SIGN_ERROR', '请求时间戳已过期');
    if (usedNonces.has(nonce)) throw new WechatError(401, 'SIGN_ERROR', '随机串已使用');
    const message = `${request.method}\n${request.url}\n${timestamp}\n${nonce}\n${body}\n`;
    if (!verify('sha256', Buffer.from(message, 'utf8'), merchantPublicKey, Buffer.from(signature, 'base64')))
      throw new WechatError(401, 'SIGN_ERROR', '签名错误');
    usedNonces.add(nonce);
    if (!header('accept').includes('application/json')) throw new WechatError(400, 'INVALID_REQUEST', 'Accept 须为 application/json');
    if (!header('user-agent')) throw new WechatError(400, 'INVALID_REQUEST', '缺少 User-Agent');
    if (request.method === 'POST' && !header('content-type').startsWith('application/json'))
      throw new WechatError(400, 'INVALID_REQUEST', 'Content-Type 须为 application/json');
  }

  function jsonBody(body: string): Record<string, unknown> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new WechatError(400, 'PARAM_ERROR', '请求体不是合法的 JSON');
    }
    if (!isRecord(parsed)) throw new WechatError(400, 'PARAM_ERROR', '请求体不是 JSON 对象');
    return parsed;
  }

  function checkMchid(mchid: unknown): void {
    if (mchid !== options.mchId) throw new WechatError(400, 'PARAM_ERROR', 'mchid 与请求方商户号不一致');
  }

  /** POST /v3/pay/transactions/native, /jsapi or /h5: the fields all three share, then each one's own. */
  function createOrder(order: Record<string, unknown>, tradeType: StandInOrder['tradeType']): Record<string, string> {
    if (order.appid !== options.appId) throw new WechatError(400, 'APPID_MCHID_NOT_MATCH', 'AppID 和 mch_id 不匹配');
    checkMchid(order.mchid);
    const { description, out_trade_no: orderNo, time_expire: timeExpire, notify_url: notifyUrl, amount } = order;
    if (typeof description !== 'string' || description === '' || Buffer.byteLength(description, 'utf8') > 127)
      throw new WechatError(400, 'PARAM_ERROR', 'description 须为 1 到 127 字节');
    if (typeof orderNo !== 'string' || !OUT_TRADE_NO.test(orderNo))
      throw new WechatError(400, 'PARAM_ERROR', 'out_trade_no 须为 6 到 32 位数字、大小写字母、_-*');
    if (timeExpire !== undefined && (typeof timeExpire !== 'string' || !RFC_3339.test(timeExpire) || Number.isNaN(Date.parse(timeExpire))))
      throw new WechatError(400, 'PARAM_ERROR', 'time_expire 须为 rfc3339 格式');
    if (typeof notifyUrl !== 'string' || notifyUrl.length > 255 || !/^https:\/\/[^?#\s]+$/.test(notifyUrl))
      throw new WechatError(400, 'PARAM_ERROR', 'notify_url 须为不带参数的 https 地址');
    if (!isRecord(amount) || !Number.isSafeInteger(amount.total) || (amount.total as number) < 1)
      throw new WechatError(400, 'PARAM_ERROR', 'amount.total 须为大于 0 的整数');
    if (amount.currency !== undefined && amount.currency !== 'CNY') throw new WechatError(400, 'PARAM_ERROR', 'amount.currency 须为 CNY');
    if (tradeType === 'JSAPI') {
      const payer = order.payer;
      if (!isRecord(payer) || typeof payer.openid !== 'string' || !/^[\w-]{1,128}$/.test(payer.openid))
        throw new WechatError(400, 'PARAM_ERROR', 'payer.openid 为必填项');
    }
    if (tradeType === 'MWEB') {
      const scene = order.scene_info;
      const ip = isRecord(scene) ? scene.payer_client_ip : undefined;
      if (typeof ip !== 'string' || isIP(ip) === 0)
        throw new WechatError(400, 'PARAM_ERROR', 'scene_info.payer_client_ip 须为用户的 IP 地址');
      const h5 = isRecord(scene) ? scene.h5_info : undefined;
      if (!isRecord(h5) || !['Wap', 'iOS', 'Android'].includes(String(h5.type)))
        throw new WechatError(400, 'PARAM_ERROR', 'scene_info.h5_info.type 须为 Wap、iOS 或 Android');
    }

    const existing = orders.get(orderNo);
    if (existing) {
      if (existing.tradeState === 'SUCCESS' || existing.tradeState === 'REFUND') throw new WechatError(400, 'ORDERPAID', '该订单已支付');
      if (existing.tradeState === 'CLOSED') throw new WechatError(400, 'ORDER_CLOSED', '订单已关闭');
      if (existing.tradeType !== tradeType || JSON.stringify(existing.request) !== JSON.stringify(order))
        throw new WechatError(403, 'OUT_TRADE_NO_USED', '商户订单号重复，且下单参数与原单不一致');
      return answerOf(existing);
    }
    const made: StandInOrder = { request: order, tradeType, codeUrl: '', tradeState: 'NOTPAY' };
    if (tradeType === 'NATIVE') made.codeUrl = `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`;
    else made.prepayId = `wx${beijingTime(Date.now()).replace(/\D/g, '').slice(0, 14)}${randomBytes(8).toString('hex')}`;
    if (tradeType === 'MWEB')
      made.h5Url = `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${made.prepayId}&package=${randomInt(1e9)}`;
    orders.set(orderNo, made);
    return answerOf(made);
  }

  function answerOf(order: StandInOrder): Record<string, string> {
    if (order.tradeType === 'NATIVE') return { code_url: order.codeUrl };
    if (order.tradeType === 'JSAPI') return { prepay_id: order.prepayId! };
    return { h5_url: order.h5Url! };
  }

  const bills = new Map<string, StandInBill>();
  const payees = new Map<string, string>();
  let billCount = 0;

  function billOf(outBillNo: string, bill: StandInBill): Record<string, unknown> {
    return {
      mch_id: options.mchId,
      out_bill_no: outBillNo,
      transfer_bill_no: bill.transferBillNo,
      appid: options.appId,
      state: bill.state,
      transfer_amount: bill.request.transfer_amount,
      transfer_remark: bill.request.transfer_remark,
      ...(bill.failReason ? { fail_reason: bill.failReason } : {}),
      openid: bill.request.openid,
      create_time: bill.createTime,
      update_time: bill.updateTime,
    };
  }

  /** POST /v3/fund-app/mch-transfer/transfer-bills: the user_name comes encrypted with a WeChat Pay key the request names. */
  function createBill(request: IncomingMessage, bill: Record<string, unknown>): Record<string, unknown> {
    if (bill.appid !== options.appId) throw new WechatError(400, 'APPID_MCHID_NOT_MATCH', 'AppID 和 mch_id 不匹配');
    const { out_bill_no: outBillNo, transfer_scene_id: sceneId, openid, user_name: userName, transfer_amount: amount } = bill;
    const { transfer_remark: remark, transfer_scene_report_infos: reports } = bill;
    if (typeof outBillNo !== 'string' || !/^[0-9A-Za-z]{5,32}$/.test(outBillNo))
      throw new WechatError(400, 'PARAM_ERROR', 'out_bill_no 须为 5 到 32 位数字或字母');
    if (typeof sceneId !== 'string' || !/^\d+$/.test(sceneId)) throw new WechatError(400, 'PARAM_ERROR', 'transfer_scene_id 无效');
    if (typeof openid !== 'string' || !openid) throw new WechatError(400, 'PARAM_ERROR', '缺少 openid');
    if (!Number.isSafeInteger(amount) || (amount as number) < 10)
      throw new WechatError(400, 'PARAM_ERROR', 'transfer_amount 须为不小于 10 的整数（分）');
    if (typeof remark !== 'string' || !remark || [...remark].length > 32)
      throw new WechatError(400, 'PARAM_ERROR', 'transfer_remark 须为 1 到 32 个字符');
    if (!Array.isArray(reports) || reports.length === 0) throw new WechatError(400, 'PARAM_ERROR', '缺少 transfer_scene_report_infos');
    let name = '';
    if (userName !== undefined) {
      if (typeof userName !== 'string' || !userName) throw new WechatError(400, 'PARAM_ERROR', 'user_name 须为加密后的字符串');
      const serial = String(request.headers['wechatpay-serial'] ?? '');
      const certificate = certificates.get(serial);
      const key = certificate
        ? { serial, privateKey: certificate.privateKey }
        : Object.values(signingKeys).find((candidate) => candidate.serial === serial);
      if (!key) throw new WechatError(400, 'PARAM_ERROR', 'Wechatpay-Serial 须为加密 user_name 的微信支付公钥 ID 或平台证书序列号');
      try {
        name = privateDecrypt(
          { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
          Buffer.from(userName, 'base64'),
        ).toString('utf8');
      } catch {
        throw new WechatError(400, 'PARAM_ERROR', 'user_name 解密失败');
      }
    } else if ((amount as number) >= 200_000) {
      throw new WechatError(400, 'PARAM_ERROR', '转账金额 >= 2000 元时须填写 user_name');
    }
    const existing = bills.get(outBillNo);
    if (existing) {
      if (existing.request.transfer_amount !== amount || existing.request.openid !== openid)
        throw new WechatError(400, 'INVALID_REQUEST', '商户单号重复，且参数与原单不一致');
      return {
        out_bill_no: outBillNo,
        transfer_bill_no: existing.transferBillNo,
        create_time: existing.createTime,
        state: existing.state,
        ...(existing.state === 'WAIT_USER_CONFIRM' ? { package_info: existing.packageInfo } : {}),
      };
    }
    if (!payees.has(openid)) throw new WechatError(400, 'INVALID_REQUEST', 'openid 与 appid 不匹配');
    if (name && payees.get(openid) !== name) throw new WechatError(400, 'PARAM_ERROR', '收款用户姓名校验不通过，请核实');
    billCount += 1;
    const now = beijingTime(Date.now());
    const made: StandInBill = {
      request: bill,
      transferBillNo: `1330000071100999991182020050700019480${billCount}`,
      state: 'WAIT_USER_CONFIRM',
      userName: name,
      packageInfo: `affffddafdfafddffda==${billCount}`,
      createTime: now,
      updateTime: now,
    };
    bills.set(outBillNo, made);
    return {
      out_bill_no: outBillNo,
      transfer_bill_no: made.transferBillNo,
      create_time: made.createTime,
      state: made.state,
      package_info: made.packageInfo,
    };
  }

  /** One entry of GET /v3/certificates: the certificate encrypted with the APIv3 key (AEAD_AES_256_GCM). */
  function listedCertificate(serial: string, certificate: { privateKey: KeyObject; days: number; pem?: string }) {
    certificate.pem ??= platformCertificatePem(certificate.privateKey, serial, certificate.days);
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(options.apiV3Key, 'ascii'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from('certificate', 'utf8'));
    const sealed = Buffer.concat([cipher.update(certificate.pem, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return {
      serial_no: serial,
      effective_time: beijingTime(Date.now()),
      expire_time: beijingTime(Date.now() + certificate.days * 86_400_000),
      encrypt_certificate: { algorithm: 'AEAD_AES_256_GCM', nonce, associated_data: 'certificate', ciphertext: sealed.toString('base64') },
    };
  }

  const refunds = new Map<string, StandInRefund>();
  let refundCount = 0;

  function refundOf(outRefundNo: string, refund: StandInRefund): Record<string, unknown> {
    return {
      refund_id: refund.refundId,
      out_refund_no: outRefundNo,
      transaction_id: refund.transactionId,
      out_trade_no: refund.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(refund.successTime ? { success_time: refund.successTime } : {}),
      create_time: refund.createTime,
      status: refund.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: refund.totalFen,
        refund: refund.amountFen,
        payer_total: refund.totalFen,
        payer_refund: refund.amountFen,
        settlement_refund: refund.amountFen,
        settlement_total: refund.totalFen,
        discount_refund: 0,
        currency: 'CNY',
        refund_fee: 0,
      },
    };
  }

  function refundedOf(transactionId: string): number {
    let sum = 0;
    for (const refund of refunds.values())
      if (refund.transactionId === transactionId && refund.status !== 'CLOSED' && refund.status !== 'ABNORMAL') sum += refund.amountFen;
    return sum;
  }

  function makeRefund(
    outRefundNo: string,
    orderNo: string,
    order: StandInOrder,
    amountFen: number,
    request: Record<string, unknown>,
    status: RefundStatus,
  ): StandInRefund {
    refundCount += 1;
    const total = isRecord(order.request.amount) ? (order.request.amount.total as number) : 0;
    const refund: StandInRefund = {
      request,
      outTradeNo: orderNo,
      transactionId: order.transactionId!,
      refundId: `50300${String(Date.now()).slice(-10)}${String(refundCount).padStart(14, '0')}`,
      status,
      amountFen,
      totalFen: total,
      createTime: beijingTime(Date.now()),
      ...(status === 'SUCCESS' ? { successTime: beijingTime(Date.now()) } : {}),
    };
    refunds.set(outRefundNo, refund);
    order.tradeState = 'REFUND';
    return refund;
  }

  /** POST /v3/refund/domestic/refunds: the payment named by transaction_id or out_trade_no, never more than is left of it. */
  function createRefund(body: Record<string, unknown>): Record<string, unknown> {
    const {
      transaction_id: transactionId,
      out_trade_no: outTradeNo,
      out_refund_no: outRefundNo,
      reason,
      notify_url: notifyUrl,
      amount,
    } = body;
    if (typeof outRefundNo !== 'string' || !/^[0-9A-Za-z_|*@-]{1,64}$/.test(outRefundNo))
      throw new WechatError(400, 'PARAM_ERROR', 'out_refund_no 须为 1 到 64 位数字、大小写字母、_-|*@');
    if (reason !== undefined && (typeof reason !== 'string' || [...reason].length > 80))
      throw new WechatError(400, 'PARAM_ERROR', 'reason 最多 80 个字符');
    if (notifyUrl !== undefined && (typeof notifyUrl !== 'string' || !/^https:\/\/[^?#\s]+$/.test(notifyUrl)))
      throw new WechatError(400, 'PARAM_ERROR', 'notify_url 须为不带参数的 https 地址');
    if (!isRecord(amount) || !Number.isSafeInteger(amount.refund) || (amount.refund as number) < 1 || !Number.isSafeInteger(amount.total))
      throw new WechatError(400, 'PARAM_ERROR', 'amount.refund 与 amount.total 须为大于 0 的整数');
    if (amount.currency !== 'CNY') throw new WechatError(400, 'PARAM_ERROR', 'amount.currency 须为 CNY');
    let found: [string, StandInOrder] | undefined;
    for (const entry of orders) {
      if (
        (typeof transactionId === 'string' && entry[1].transactionId === transactionId) ||
        (transactionId === undefined && entry[0] === outTradeNo)
      )
        found = entry;
    }
    if (typeof transactionId !== 'string' && typeof outTradeNo !== 'string')
      throw new WechatError(400, 'PARAM_ERROR', 'transaction_id 与 out_trade_no 须填一个');
    if (!found) throw new WechatError(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    const [orderNo, order] = found;
    if (order.tradeState !== 'SUCCESS' && order.tradeState !== 'REFUND')
      throw new WechatError(400, 'INVALID_REQUEST', '订单未支付，不能退款');
    const total = isRecord(order.request.amount) ? order.request.amount.total : undefined;
    if (amount.total !== total) throw new WechatError(400, 'PARAM_ERROR', '订单金额 amount.total 与原订单不一致');
    const existing = refunds.get(outRefundNo);
    if (existing) {
      if (existing.amountFen !== amount.refund || existing.outTradeNo !== orderNo)
        throw new WechatError(400, 'INVALID_REQUEST', '商户退款单号重复，且参数与原单不一致');
      return refundOf(outRefundNo, existing);
    }
    if (refundedOf(order.transactionId!) + (amount.refund as number) > (total as number))
      throw new WechatError(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    return refundOf(outRefundNo, makeRefund(outRefundNo, orderNo, order, amount.refund as number, body, 'PROCESSING'));
  }

  function sealedNotification(
    resource: Record<string, unknown>,
    eventType: string,
    originalType: string,
    overrides: NotificationOverrides,
  ): IncomingNotification {
    const content = { ...resource, ...overrides.transaction };
    const nonce = randomBytes(6).toString('hex');
    const associatedData = originalType;
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(overrides.apiV3Key ?? options.apiV3Key, 'ascii'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    const envelope = {
      id: randomUUID(),
      create_time: beijingTime(Date.now()),
      resource_type: 'encrypt-resource',
      event_type: overrides.eventType ?? eventType,
      summary: eventType.startsWith('REFUND.') ? '退款成功' : '支付成功',
      resource: {
        original_type: originalType,
        algorithm: overrides.algorithm ?? 'AEAD_AES_256_GCM',
        ciphertext: sealed.toString('base64'),
        associated_data: associatedData,
        nonce,
      },
    };
    const rawBody = overrides.rawBody ?? JSON.stringify(envelope);
    const timestamp = overrides.timestamp ?? Math.floor(Date.now() / 1000);
    const signatureNonce = randomBytes(16).toString('hex').toUpperCase();
    const key = signingKeys[overrides.signWith ?? 'publicKeyId'];
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': String(timestamp),
        'wechatpay-nonce': signatureNonce,
        'wechatpay-signature': overrides.signature ?? signMessage(key.privateKey, timestamp, signatureNonce, rawBody),
        'wechatpay-serial': overrides.serial ?? key.serial,
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      },
      rawBody,
    };
  }

  /** What a refund notification's resource holds: the merchant, never the AppID. */
  function refundNotificationResource(outRefundNo: string, refund: StandInRefund): Record<string, unknown> {
    return {
      mchid: options.mchId,
      out_trade_no: refund.outTradeNo,
      transaction_id: refund.transactionId,
      out_refund_no: outRefundNo,
      refund_id: refund.refundId,
      refund_status: refund.status,
      ...(refund.successTime ? { success_time: refund.successTime } : {}),
      user_received_account: '支付用户零钱',
      amount: { total: refund.totalFen, refund: refund.amountFen, payer_total: refund.totalFen, payer_refund: refund.amountFen },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    try {
      checkMerchantSignature(request, body);
    } catch (error) {
      // Without a merchant it can trust, WeChat does not sign its answer either.
      if (error instanceof WechatError) return answer(response, error.status, { code: error.code, message: error.message }, false);
      throw error;
    }
    try {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const orderPath = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
      const create = /^\/v3\/pay\/transactions\/(native|jsapi|h5)$/.exec(url.pathname);
      if (request.method === 'POST' && create?.[1]) {
        const tradeType = ({ native: 'NATIVE', jsapi: 'JSAPI', h5: 'MWEB' } as const)[create[1] as 'native' | 'jsapi' | 'h5'];
        return answer(response, 200, createOrder(jsonBody(body), tradeType));
      }
      if (request.method === 'GET' && orderPath?.[1] && !orderPath[2]) {
        checkMchid(url.searchParams.get('mchid'));
        const orderNo = decodeURIComponent(orderPath[1]);
        const order = orders.get(orderNo);
        if (!order) throw new WechatError(404, 'ORDER_NOT_EXIST', '订单不存在');
        return answer(response, 200, transactionOf(orderNo, order));
      }
      if (request.method === 'POST' && orderPath?.[1] && orderPath[2]) {
        checkMchid(jsonBody(body).mchid);
        const order = orders.get(decodeURIComponent(orderPath[1]));
        if (order?.tradeState === 'SUCCESS' || order?.tradeState === 'REFUND') throw new WechatError(400, 'ORDERPAID', '订单已支付');
        // WeChat answers 204 for an order it does not know as well.
        if (order) order.tradeState = 'CLOSED';
        return answer(response, 204, undefined);
      }
      if (request.method === 'GET' && url.pathname === '/v3/certificates') {
        standIn.certificateDownloads += 1;
        return answer(response, 200, { data: [...certificates].map(([serial, certificate]) => listedCertificate(serial, certificate)) });
      }
      if (request.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
        return answer(response, 200, createRefund(jsonBody(body)));
      }
      const refundPath = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && refundPath?.[1]) {
        const outRefundNo = decodeURIComponent(refundPath[1]);
        const refund = refunds.get(outRefundNo);
        if (!refund) throw new WechatError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
        return answer(response, 200, refundOf(outRefundNo, refund));
      }
      if (request.method === 'POST' && url.pathname === '/v3/fund-app/mch-transfer/transfer-bills') {
        return answer(response, 200, createBill(request, jsonBody(body)));
      }
      const billPath = /^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && billPath?.[1]) {
        const outBillNo = decodeURIComponent(billPath[1]);
        const bill = bills.get(outBillNo);
        if (!bill) throw new WechatError(404, 'NOT_FOUND', '记录不存在');
        return answer(response, 200, billOf(outBillNo, bill));
      }
      throw new WechatError(404, 'NOT_FOUND', `${request.method} ${url.pathname} 不存在`);
    } catch (error) {
      if (error instanceof WechatError) return answer(response, error.status, { code: error.code, message: error.message });
      throw error;
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'SYSTEM_ERROR', message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const standIn: WechatPayStandIn = {
    endpoint: `http://127.0.0.1:${port}`,
    publicKeyId,
    certificateSerial,
    platformPublicKeys: { [publicKeyId]: publicKeyIdPair.publicKeyPem, [certificateSerial]: certificatePair.publicKeyPem },
    orders,
    answerSigning: 'publicKeyId',
    payees,
    bills,

    confirm(outBillNo) {
      const bill = bills.get(outBillNo);
      if (bill?.state !== 'WAIT_USER_CONFIRM')
        throw new Error(`stand-in: bill ${outBillNo} is ${bill?.state ?? 'unknown'}, it cannot be confirmed`);
      bill.state = 'SUCCESS';
      bill.updateTime = beijingTime(Date.now());
      return bill;
    },

    certificateDownloads: 0,

    issueCertificate(days) {
      const serial = randomBytes(20).toString('hex').toUpperCase();
      certificates.set(serial, { privateKey: rsaKeyPair().privateKey, days });
      return serial;
    },

    signWithCertificate(serial) {
      const certificate = certificates.get(serial);
      if (!certificate) throw new Error(`stand-in: no certificate ${serial}`);
      signingKeys.certificate = { serial, privateKey: certificate.privateKey };
    },

    confirmInWechat(request) {
      if (request.mchId !== options.mchId || request.appId !== options.appId)
        throw new Error('stand-in: requestMerchantTransfer with another merchant or app');
      const waiting = [...bills].find(([, bill]) => bill.packageInfo === request.package);
      if (!waiting) throw new Error('stand-in: no bill has this package');
      return standIn.confirm(waiting[0]);
    },

    cancel(outBillNo, reason = '用户超时未确认收款，已撤销') {
      const bill = bills.get(outBillNo);
      if (bill?.state !== 'WAIT_USER_CONFIRM')
        throw new Error(`stand-in: bill ${outBillNo} is ${bill?.state ?? 'unknown'}, it cannot be cancelled`);
      bill.state = 'CANCELLED';
      bill.failReason = reason;
      bill.updateTime = beijingTime(Date.now());
      return bill;
    },

    payInWechat(params, openId) {
      if (params.appId !== options.appId) throw new Error('stand-in: getBrandWCPayRequest for another AppID');
      if (params.signType !== 'RSA') throw new Error('stand-in: getBrandWCPayRequest signType is not RSA');
      const { timeStamp = '', nonceStr = '', package: packageValue = '', paySign = '' } = params;
      if (!/^\d{10}$/.test(timeStamp) || !/^[\w]{1,32}$/.test(nonceStr)) throw new Error('stand-in: timeStamp or nonceStr malformed');
      const message = `${params.appId}\n${timeStamp}\n${nonceStr}\n${packageValue}\n`;
      if (!verify('sha256', Buffer.from(message, 'utf8'), merchantPublicKey, Buffer.from(paySign, 'base64')))
        throw new Error('stand-in: paySign does not check out (支付验证签名失败)');
      const found = [...orders].find(([, order]) => order.tradeType === 'JSAPI' && `prepay_id=${order.prepayId}` === packageValue);
      if (!found) throw new Error('stand-in: no JSAPI order has this prepay_id');
      const payer = found[1].request.payer;
      if (!isRecord(payer) || payer.openid !== openId) throw new Error('stand-in: the order was made for another payer');
      return standIn.pay(found[0]);
    },

    payH5(address) {
      const at = address.indexOf('&redirect_url=');
      const h5Url = at < 0 ? address : address.slice(0, at);
      const found = [...orders].find(([, order]) => order.tradeType === 'MWEB' && order.h5Url === h5Url);
      if (!found) throw new Error('stand-in: not an h5_url WeChat issued');
      const redirectUrl = at < 0 ? '' : decodeURIComponent(address.slice(at + '&redirect_url='.length));
      if (!/^https?:\/\/[^/\s]+/.test(redirectUrl)) throw new Error('stand-in: redirect_url is not an absolute address');
      return { order: standIn.pay(found[0]), redirectUrl };
    },

    pay(orderNo) {
      const order = orders.get(orderNo);
      if (!order) throw new Error(`stand-in: no order ${orderNo}`);
      if (order.tradeState !== 'NOTPAY') throw new Error(`stand-in: order ${orderNo} is ${order.tradeState}, it cannot be paid`);
      const timeExpire = order.request.time_expire;
      if (typeof timeExpire === 'string' && Date.parse(timeExpire) < Date.now()) throw new Error(`stand-in: order ${orderNo} expired`);
      transactionCount += 1;
      order.tradeState = 'SUCCESS';
      order.transactionId = `42000${String(Date.now()).slice(-10)}${String(transactionCount).padStart(13, '0')}`;
      order.successTime = beijingTime(Math.floor(Date.now() / 1000) * 1000);
      return order;
    },

    notificationFor(orderNo, overrides = {}) {
      const order = orders.get(orderNo);
      if (!order) throw new Error(`stand-in: no order ${orderNo}`);
      return sealedNotification(transactionOf(orderNo, order), 'TRANSACTION.SUCCESS', 'transaction', overrides);
    },

    refunds,

    settleRefund(outRefundNo, status = 'SUCCESS', overrides = {}) {
      const refund = refunds.get(outRefundNo);
      if (!refund) throw new Error(`stand-in: no refund ${outRefundNo}`);
      if (refund.status === 'PROCESSING') {
        refund.status = status;
        if (status === 'SUCCESS') refund.successTime = beijingTime(Date.now());
      }
      return sealedNotification(refundNotificationResource(outRefundNo, refund), `REFUND.${refund.status}`, 'refund', overrides);
    },

    portalRefund(orderNo, amountFen) {
      const order = orders.get(orderNo);
      if (!order?.transactionId) throw new Error(`stand-in: order ${orderNo} is not paid`);
      const outRefundNo = `PORTAL${Date.now()}${refundCount + 1}`;
      const refund = makeRefund(outRefundNo, orderNo, order, amountFen, { out_refund_no: outRefundNo }, 'SUCCESS');
      return sealedNotification(refundNotificationResource(outRefundNo, refund), 'REFUND.SUCCESS', 'refund', {});
    },

    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
