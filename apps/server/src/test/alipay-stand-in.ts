import { createSign, createVerify, generateKeyPairSync, randomInt, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local stand-in for Alipay's OpenAPI gateway (alipay.trade.precreate, query and close; the fund transfer
 * alipay.fund.trans.uni.transfer and its query alipay.fund.trans.common.query; alipay.system.oauth.token) that checks what
 * the real gateway checks: the RSA2 signature over the sorted parameters (with the merchant's public key
 * that only the merchant's private key matches), app_id, method, charset, version, the Beijing-time
 * timestamp and the required business fields. It answers signed with its own "Alipay" key pair, keeps its
 * trades in memory and builds signed trade notifications, correct or tampered with.
 */
export interface AlipayStandIn {
  /** The gateway URL for AlipayConfig.gateway. */
  gateway: string;
  /** Its "Alipay public key" for AlipayConfig.alipayPublicKeyPem. */
  alipayPublicKeyPem: string;
  /** Every call it accepted (signature and common parameters right), in order. */
  calls: AcceptedCall[];
  trade(orderNo: string): StandInTrade | undefined;
  /**
   * A phone's browser opens an alipay.trade.wap.pay address (a signed GET to the gateway): checked as a call
   * is (signature over every parameter, app_id, charset, version, timestamp) with the wap fields
   * (out_trade_no, total_amount, subject, product_code QUICK_WAP_WAY, quit_url); the trade is made then,
   * WAIT_BUYER_PAY. Throws Alipay's refusal. Answers the trade and where Alipay sends the browser back.
   */
  openWapPage(address: string): { trade: StandInTrade; returnUrl: string | undefined };
  /** The buyer scans and pays: WAIT_BUYER_PAY → TRADE_SUCCESS. */
  pay(orderNo: string): StandInTrade;
  /** A refund the merchant made in Alipay's merchant portal (out_request_no of Alipay's own). */
  portalRefund(orderNo: string, amountFen: number): StandInRefund;
  /** Alipay accounts that can be paid: login id → the holder's real name. */
  payees: Map<string, string>;
  /**
   * The person approves on Alipay's authorization page: answers the auth_code (single use) that
   * alipay.system.oauth.token exchanges for this Alipay user id.
   */
  authorize(alipayUserId: string): string;
  /** Fund transfers made, by out_biz_no. */
  transfers: Map<string, StandInTransfer>;
  /** The next transfer is made but answered with Alipay's system error (20000), as after an outage mid-call. */
  failNextTransferAnswer: boolean;
  /**
   * Refuse every new transfer with this answer (the query still answers): the merchant's fund-transfer
   * permission missing (40006 isv.insufficient-isv-permissions), its permit limited
   * (40004 PERMIT_CHECK_PERM_LIMITED)…
   */
  refuseTransfers?: { code: string; msg: string; subCode: string; subMsg: string };
  /** The trade notification Alipay would post to notify_url for the trade as it is now. */
  notificationFor(orderNo: string, changes?: NotificationChanges): { headers: Record<string, string>; rawBody: string };
  close(): Promise<void>;
}

export interface AcceptedCall {
  method: string;
  /** The common parameters (app_id, timestamp, notify_url…) without biz_content. */
  parameters: Record<string, string>;
  bizContent: Record<string, unknown>;
}

export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';

export interface StandInTrade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  status: TradeStatus;
  notifyUrl?: string;
  createdAt: Date;
  expiresAt?: Date;
  paidAt?: Date;
  closedAt?: Date;
  /** Refunds by out_request_no. */
  refunds: Map<string, StandInRefund>;
}

export interface StandInRefund {
  outRequestNo: string;
  refundAmount: string;
  reason: string;
  refundedAt: Date;
}

export interface StandInTransfer {
  outBizNo: string;
  orderId: string;
  payFundOrderId: string;
  transAmount: string;
  identity: string;
  name: string;
  status: 'SUCCESS';
  transDate: Date;
}

export interface NotificationChanges {
  /** Fields set (undefined: removed) before signing: a notification Alipay itself could send. */
  fields?: Record<string, string | undefined>;
  /** Fields set (undefined: removed) after signing, as a forger would; `sign` included. */
  afterSigning?: Record<string, string | undefined>;
  /** Sign with this key instead of the stand-in's Alipay key. */
  signingKey?: KeyObject;
}

const OAUTH_TOKEN = 'alipay.system.oauth.token';
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const TIMESTAMP_WINDOW_MS = 30 * 60 * 1000;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const YUAN = /^(?:0|[1-9]\d{0,8})(?:\.\d{1,2})?$/;
const MAX_TOTAL_AMOUNT_FEN = 100_000_000_00;

const shanghaiTime = (moment: Date) => new Date(moment.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
const readShanghaiTime = (text: string) => (DATE_TIME.test(text) ? new Date(`${text.replace(' ', 'T')}+08:00`) : new Date(Number.NaN));
const yuanInFen = (yuan: string) => {
  const [whole = '', fraction = ''] = yuan.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/** Alipay's content to sign: every parameter but the excluded ones, sorted by name, as `name=value` joined by `&`. */
function contentToSign(parameters: Record<string, string>, excluded: string[]): string {
  return Object.keys(parameters)
    .filter((name) => !excluded.includes(name) && parameters[name] !== '')
    .sort()
    .map((name) => `${name}=${parameters[name]}`)
    .join('&');
}

const rsa2Sign = (content: string, key: KeyObject) => createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

class GatewayRefusal extends Error {
  constructor(
    readonly code: string,
    readonly msg: string,
    readonly subCode: string,
    readonly subMsg: string,
  ) {
    super(`${code} ${subCode}`);
  }
}

const missing = (name: string) => new GatewayRefusal('40001', 'Missing Required Arguments', `isv.missing-${name}`, `缺少参数 ${name}`);
const invalid = (subCode: string, subMsg: string) => new GatewayRefusal('40002', 'Invalid Arguments', subCode, subMsg);
const businessFailure = (subCode: string, subMsg: string) => new GatewayRefusal('40004', 'Business Failed', subCode, subMsg);

export async function startAlipayStandIn(merchant: { appId: string; merchantPublicKeyPem: string }): Promise<AlipayStandIn> {
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const trades = new Map<string, StandInTrade>();
  const calls: AcceptedCall[] = [];
  let tradeCount = 0;

  /** The query's and the form body's parameters together; a name given twice is a refusal. */
  function requestParameters(url: URL, contentType: string, body: string): Record<string, string> {
    const parameters: Record<string, string> = {};
    const bodyParameters = contentType.startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(body) : [];
    for (const [name, value] of [...url.searchParams, ...bodyParameters]) {
      if (Object.hasOwn(parameters, name)) throw invalid('isv.invalid-parameter', `参数 ${name} 重复`);
      parameters[name] = value;
    }
    return parameters;
  }

  function checkCommonParameters(parameters: Record<string, string>): void {
    for (const name of ['app_id', 'method', 'charset', 'sign_type', 'sign', 'timestamp', 'version']) {
      if (!parameters[name]) throw missing(name.replace('_', '-'));
    }
    if (parameters.app_id !== merchant.appId) throw invalid('isv.invalid-app-id', '无效的AppID参数');
    if (parameters.sign_type !== 'RSA2') throw invalid('isv.invalid-signature-type', '无效的签名类型');
    if (parameters.charset?.toLowerCase() !== 'utf-8') throw invalid('isv.invalid-charset', '字符集不合法');
    if (parameters.version !== '1.0') throw invalid('isv.invalid-version', '版本号不合法');
    if (parameters.format !== undefined && parameters.format.toUpperCase() !== 'JSON') throw invalid('isv.invalid-format', '格式不合法');
    const sentAt = readShanghaiTime(parameters.timestamp ?? '').getTime();
    if (!(Math.abs(sentAt - Date.now()) <= TIMESTAMP_WINDOW_MS)) {
      throw invalid('isv.invalid-timestamp', `非法的时间戳参数 ${String(parameters.timestamp)} (北京时间 ${shanghaiTime(new Date())})`);
    }
    const signed = contentToSign(parameters, ['sign']);
    const signatureMatches = createVerify('RSA-SHA256')
      .update(signed, 'utf8')
      .verify(merchant.merchantPublicKeyPem, parameters.sign ?? '', 'base64');
    if (!signatureMatches) throw invalid('isv.invalid-signature', `验签出错，网关生成的验签字符串为：${signed}`);
  }

  function businessContent(parameters: Record<string, string>, method: string): Record<string, unknown> {
    // The token call takes its fields as plain parameters.
    if (method === OAUTH_TOKEN) return {};
    if (!parameters.biz_content) throw missing('biz-content');
    let content: unknown;
    try {
      content = JSON.parse(parameters.biz_content);
    } catch {
      throw invalid('isv.invalid-biz-content', 'biz_content 不是合法的 JSON');
    }
    if (typeof content !== 'object' || content === null || Array.isArray(content)) throw invalid('isv.invalid-biz-content', '');
    const fields = content as Record<string, unknown>;
    if (method.startsWith('alipay.fund.')) return fields;
    const outTradeNo = fields.out_trade_no;
    if (typeof outTradeNo !== 'string' || !outTradeNo) throw businessFailure('ACQ.INVALID_PARAMETER', '缺少 out_trade_no');
    if (outTradeNo.length > 64) throw businessFailure('ACQ.INVALID_PARAMETER', 'out_trade_no 超过 64 个字符');
    return fields;
  }

  function precreate(parameters: Record<string, string>, fields: Record<string, unknown>): Record<string, unknown> {
    const trade = makeTrade(parameters, fields);
    return { out_trade_no: trade.outTradeNo, qr_code: `https://qr.alipay.com/bax0${trade.tradeNo.slice(-8)}${randomInt(1e6)}` };
  }

  /** alipay.trade.wap.pay, opened in the payer's browser: the trade as precreate makes it, and the wap product's own fields. */
  function wapPay(parameters: Record<string, string>, fields: Record<string, unknown>): StandInTrade {
    if (fields.product_code !== 'QUICK_WAP_WAY') throw businessFailure('ACQ.INVALID_PARAMETER', 'product_code 须为 QUICK_WAP_WAY');
    if (typeof fields.quit_url !== 'string' || !/^https?:\/\//.test(fields.quit_url)) throw missing('quit-url');
    for (const name of ['return_url', 'notify_url'] as const) {
      const value = parameters[name];
      if (value !== undefined && !/^https?:\/\/[^\s]+$/.test(value)) throw invalid('isv.invalid-parameter', `${name} 不是合法的地址`);
    }
    return makeTrade(parameters, fields);
  }

  function makeTrade(parameters: Record<string, string>, fields: Record<string, unknown>): StandInTrade {
    const outTradeNo = String(fields.out_trade_no);
    const { total_amount: totalAmount, subject, time_expire: timeExpire } = fields;
    if (typeof totalAmount !== 'string' || !YUAN.test(totalAmount)) {
      throw businessFailure('ACQ.INVALID_PARAMETER', `total_amount ${String(totalAmount)} 不是最多两位小数的金额`);
    }
    const amountFen = yuanInFen(totalAmount);
    if (amountFen < 1 || amountFen > MAX_TOTAL_AMOUNT_FEN)
      throw businessFailure('ACQ.TOTAL_FEE_EXCEED', '订单金额超出范围 [0.01, 100000000]');
    if (typeof subject !== 'string' || !subject || [...subject].length > 256)
      throw businessFailure('ACQ.INVALID_PARAMETER', 'subject 无效');
    let expiresAt: Date | undefined;
    if (timeExpire !== undefined) {
      expiresAt = readShanghaiTime(typeof timeExpire === 'string' ? timeExpire : '');
      if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= Date.now()) {
        throw businessFailure('ACQ.INVALID_PARAMETER', `time_expire ${JSON.stringify(timeExpire)} 无效`);
      }
    }
    const existing = trades.get(outTradeNo);
    if (existing?.status === 'TRADE_SUCCESS') throw businessFailure('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
    if (existing?.status === 'TRADE_CLOSED') throw businessFailure('ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
    if (existing && existing.totalAmount !== totalAmount) throw businessFailure('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
    const trade: StandInTrade = existing ?? {
      outTradeNo,
      tradeNo: `2026${String(++tradeCount).padStart(24, '0')}`,
      totalAmount,
      subject,
      status: 'WAIT_BUYER_PAY',
      createdAt: new Date(),
      refunds: new Map(),
    };
    trade.subject = subject;
    trade.notifyUrl = parameters.notify_url;
    trade.expiresAt = expiresAt;
    trades.set(outTradeNo, trade);
    return trade;
  }

  function query(fields: Record<string, unknown>): Record<string, unknown> {
    const trade = trades.get(String(fields.out_trade_no));
    if (!trade) throw businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const answer: Record<string, unknown> = {
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: trade.status,
      total_amount: trade.totalAmount,
    };
    if (trade.paidAt) {
      Object.assign(answer, {
        buyer_logon_id: '159****5620',
        buyer_user_id: '2088102122524333',
        buyer_pay_amount: trade.totalAmount,
        receipt_amount: trade.totalAmount,
        invoice_amount: trade.totalAmount,
        point_amount: '0.00',
        send_pay_date: shanghaiTime(trade.paidAt),
      });
    }
    return answer;
  }

  const refundedFen = (trade: StandInTrade) => [...trade.refunds.values()].reduce((sum, refund) => sum + yuanInFen(refund.refundAmount), 0);
  const fenInYuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

  function addRefund(trade: StandInTrade, outRequestNo: string, refundAmount: string, reason: string): StandInRefund {
    const refund = { outRequestNo, refundAmount, reason, refundedAt: new Date() };
    trade.refunds.set(outRequestNo, refund);
    // A trade refunded in full closes.
    if (refundedFen(trade) >= yuanInFen(trade.totalAmount)) {
      trade.status = 'TRADE_CLOSED';
      trade.closedAt = new Date();
    }
    return refund;
  }

  /** alipay.trade.refund: synchronous; the same out_request_no again is the same refund (fund_change N). */
  function refundTrade(fields: Record<string, unknown>): Record<string, unknown> {
    const trade = trades.get(String(fields.out_trade_no));
    if (!trade) throw businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (fields.trade_no !== undefined && fields.trade_no !== trade.tradeNo)
      throw businessFailure('ACQ.TRADE_NOT_EXIST', 'trade_no 与 out_trade_no 不匹配');
    const { refund_amount: refundAmount, out_request_no: requestNo, refund_reason: reason } = fields;
    if (typeof refundAmount !== 'string' || !YUAN.test(refundAmount) || yuanInFen(refundAmount) < 1)
      throw businessFailure('ACQ.INVALID_PARAMETER', `refund_amount ${String(refundAmount)} 不是合法金额`);
    if (requestNo !== undefined && (typeof requestNo !== 'string' || !requestNo || requestNo.length > 64))
      throw businessFailure('ACQ.INVALID_PARAMETER', 'out_request_no 无效');
    if (reason !== undefined && (typeof reason !== 'string' || [...reason].length > 256))
      throw businessFailure('ACQ.INVALID_PARAMETER', 'refund_reason 无效');
    const outRequestNo = typeof requestNo === 'string' ? requestNo : trade.outTradeNo;
    const existing = trade.refunds.get(outRequestNo);
    const answer = (fundChange: 'Y' | 'N') => ({
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_logon_id: '159****5620',
      fund_change: fundChange,
      refund_fee: fenInYuan(refundedFen(trade)),
      gmt_refund_pay: shanghaiTime(new Date()),
    });
    if (existing) {
      if (existing.refundAmount !== refundAmount) throw businessFailure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '同一笔退款请求的退款金额不一致');
      return answer('N');
    }
    if (trade.status !== 'TRADE_SUCCESS') throw businessFailure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    if (refundedFen(trade) + yuanInFen(refundAmount) > yuanInFen(trade.totalAmount))
      throw businessFailure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    addRefund(trade, outRequestNo, refundAmount, typeof reason === 'string' ? reason : '');
    return answer('Y');
  }

  /** alipay.trade.fastpay.refund.query: REFUND_SUCCESS for a refund made; a success without refund fields otherwise. */
  function refundQuery(fields: Record<string, unknown>): Record<string, unknown> {
    const trade = trades.get(String(fields.out_trade_no));
    if (!trade) throw businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (typeof fields.out_request_no !== 'string' || !fields.out_request_no) throw missing('out-request-no');
    const refund = trade.refunds.get(fields.out_request_no);
    if (!refund) return { trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, out_request_no: fields.out_request_no };
    return {
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      out_request_no: refund.outRequestNo,
      total_amount: trade.totalAmount,
      refund_amount: refund.refundAmount,
      refund_status: 'REFUND_SUCCESS',
      gmt_refund_pay: shanghaiTime(refund.refundedAt),
    };
  }

  function closeTrade(fields: Record<string, unknown>): Record<string, unknown> {
    const trade = trades.get(String(fields.out_trade_no));
    if (!trade) throw businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (trade.status !== 'WAIT_BUYER_PAY') throw businessFailure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    trade.status = 'TRADE_CLOSED';
    trade.closedAt = new Date();
    return { trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo };
  }

  const payees = new Map<string, string>();
  const transfers = new Map<string, StandInTransfer>();
  let transferCount = 0;

  function checkTransferProduct(fields: Record<string, unknown>): string {
    const outBizNo = fields.out_biz_no;
    if (typeof outBizNo !== 'string' || !/^[A-Za-z0-9_]{1,64}$/.test(outBizNo))
      throw businessFailure('INVALID_PARAMETER', 'out_biz_no 无效');
    if (fields.product_code !== 'TRANS_ACCOUNT_NO_PWD') throw businessFailure('INVALID_PARAMETER', 'product_code 无效');
    if (fields.biz_scene !== 'DIRECT_TRANSFER') throw businessFailure('INVALID_PARAMETER', 'biz_scene 无效');
    return outBizNo;
  }

  function transfer(fields: Record<string, unknown>): Record<string, unknown> {
    const outBizNo = checkTransferProduct(fields);
    const { trans_amount: transAmount, order_title: orderTitle, payee_info: payee } = fields;
    if (typeof transAmount !== 'string' || !YUAN.test(transAmount) || yuanInFen(transAmount) < 10) {
      throw businessFailure('INVALID_PARAMETER', `trans_amount ${String(transAmount)} 须为不小于 0.1 的金额`);
    }
    if (typeof orderTitle !== 'string' || !orderTitle) throw missing('order-title');
    if (typeof payee !== 'object' || payee === null) throw missing('payee-info');
    const { identity, identity_type: identityType, name } = payee as Record<string, unknown>;
    if (identityType !== 'ALIPAY_LOGON_ID' && identityType !== 'ALIPAY_USER_ID')
      throw businessFailure('INVALID_PARAMETER', 'identity_type 无效');
    if (typeof identity !== 'string' || !identity) throw missing('payee-info.identity');
    // A user id is 2088 and 12 digits; a login id is never one.
    if ((identityType === 'ALIPAY_USER_ID') !== /^2088\d{12}$/.test(identity))
      throw businessFailure('PAYEE_NOT_EXIST', '收款账号与 identity_type 不符');
    if (typeof name !== 'string' || !name) throw businessFailure('PAYEE_NAME_EMPTY', '收款方姓名不能为空');
    const existing = transfers.get(outBizNo);
    if (existing) {
      if (existing.transAmount !== transAmount || existing.identity !== identity)
        throw businessFailure('INVALID_PARAMETER', '外部单号重复，且参数不一致');
    } else {
      const refusal = standIn.refuseTransfers;
      if (refusal) throw new GatewayRefusal(refusal.code, refusal.msg, refusal.subCode, refusal.subMsg);
      if (!payees.has(identity)) throw businessFailure('PAYEE_NOT_EXIST', '收款账号不存在');
      if (payees.get(identity) !== name) throw businessFailure('PAYEE_USER_INFO_ERROR', '支付宝账号和姓名不匹配，请确认姓名是否正确');
      transferCount += 1;
      transfers.set(outBizNo, {
        outBizNo,
        orderId: `20261127${String(transferCount).padStart(24, '0')}`,
        payFundOrderId: `20261127${String(transferCount).padStart(24, '1')}`,
        transAmount,
        identity,
        name,
        status: 'SUCCESS',
        transDate: new Date(),
      });
    }
    if (standIn.failNextTransferAnswer) {
      standIn.failNextTransferAnswer = false;
      throw new GatewayRefusal('20000', 'Service Currently Unavailable', 'isp.unknow-error', '系统繁忙');
    }
    const made = transfers.get(outBizNo)!;
    return {
      out_biz_no: outBizNo,
      order_id: made.orderId,
      pay_fund_order_id: made.payFundOrderId,
      status: made.status,
      trans_date: shanghaiTime(made.transDate),
    };
  }

  function transferQuery(fields: Record<string, unknown>): Record<string, unknown> {
    const outBizNo = checkTransferProduct(fields);
    const made = transfers.get(outBizNo);
    if (!made) throw businessFailure('ORDER_NOT_EXIST', '转账订单不存在');
    return {
      order_id: made.orderId,
      pay_fund_order_id: made.payFundOrderId,
      out_biz_no: made.outBizNo,
      trans_amount: made.transAmount,
      status: made.status,
      pay_date: shanghaiTime(made.transDate),
      arrival_time_end: shanghaiTime(made.transDate),
      order_fee: '0.00',
    };
  }

  const authCodes = new Map<string, string>();

  /** alipay.system.oauth.token: grant_type and code as plain parameters; a code works once. */
  function oauthToken(parameters: Record<string, string>): Record<string, unknown> {
    if (!parameters.grant_type) throw missing('grant-type');
    if (parameters.grant_type !== 'authorization_code') throw invalid('isv.invalid-parameter', 'grant_type 无效');
    if (!parameters.code) throw missing('code');
    const userId = authCodes.get(parameters.code);
    if (!userId) throw new GatewayRefusal('40002', 'Invalid Arguments', 'isv.code-invalid', '授权码code无效');
    authCodes.delete(parameters.code);
    return {
      user_id: userId,
      access_token: `authbseB${randomInt(1e9)}`,
      expires_in: 1296000,
      refresh_token: `authbseB${randomInt(1e9)}`,
      re_expires_in: 2592000,
      auth_start: shanghaiTime(new Date()),
    };
  }

  const operations: Record<string, (parameters: Record<string, string>, fields: Record<string, unknown>) => Record<string, unknown>> = {
    [OAUTH_TOKEN]: (parameters) => oauthToken(parameters),
    'alipay.fund.trans.uni.transfer': (_parameters, fields) => transfer(fields),
    'alipay.fund.trans.common.query': (_parameters, fields) => transferQuery(fields),
    'alipay.trade.precreate': precreate,
    'alipay.trade.query': (_parameters, fields) => query(fields),
    'alipay.trade.close': (_parameters, fields) => closeTrade(fields),
    'alipay.trade.refund': (_parameters, fields) => refundTrade(fields),
    'alipay.trade.fastpay.refund.query': (_parameters, fields) => refundQuery(fields),
  };

  /** Signs the response object's JSON text exactly as sent, slashes escaped the way Alipay's gateway writes them. */
  function answer(response: ServerResponse, method: string | undefined, content: Record<string, unknown>, signed = true) {
    const responseKey = method && operations[method] ? `${method.replaceAll('.', '_')}_response` : 'error_response';
    const contentText = JSON.stringify(content).replaceAll('/', '\\/');
    const signature = signed ? `,"sign":${JSON.stringify(rsa2Sign(contentText, alipayKeys.privateKey))}` : '';
    response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    response.end(`{${JSON.stringify(responseKey)}:${contentText}${signature}}`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = await readBody(request);
    if (url.pathname !== '/gateway.do') {
      response.writeHead(404).end();
      return;
    }
    let method: string | undefined;
    try {
      const parameters = requestParameters(url, String(request.headers['content-type'] ?? ''), body);
      // Known before anything is checked: the gateway answers a refused call under the method's own key.
      method = parameters.method;
      checkCommonParameters(parameters);
      const operation = method ? operations[method] : undefined;
      if (!operation) throw invalid('isv.invalid-method', `不存在的方法名 ${String(method)}`);
      const fields = businessContent(parameters, String(method));
      const { biz_content: _bizContent, ...commonParameters } = parameters;
      calls.push({ method: String(method), parameters: commonParameters, bizContent: fields });
      // The token call answers its fields alone on success, without code and msg.
      const result = operation(parameters, fields);
      answer(response, method, method === OAUTH_TOKEN ? result : { code: '10000', msg: 'Success', ...result });
    } catch (error) {
      if (!(error instanceof GatewayRefusal)) throw error;
      const refusal = { code: error.code, msg: error.msg, sub_code: error.subCode, sub_msg: error.subMsg };
      // An unknown application has no key pair with which the gateway could sign.
      answer(response, method, refusal, error.subCode !== 'isv.invalid-app-id');
    }
  }

  function notificationFor(orderNo: string, changes: NotificationChanges = {}) {
    const trade = trades.get(orderNo);
    if (!trade) throw new Error(`the stand-in has no trade ${orderNo}`);
    const fields: Record<string, string | undefined> = {
      notify_time: shanghaiTime(new Date()),
      notify_type: 'trade_status_sync',
      notify_id: `2026${String(randomInt(1e9)).padStart(30, '0')}`,
      app_id: merchant.appId,
      auth_app_id: merchant.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      seller_id: '2088101117955611',
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      subject: trade.subject,
      gmt_create: shanghaiTime(trade.createdAt),
    };
    if (trade.paidAt) {
      Object.assign(fields, {
        buyer_id: '2088102122524333',
        buyer_logon_id: '159****5620',
        receipt_amount: trade.totalAmount,
        invoice_amount: trade.totalAmount,
        buyer_pay_amount: trade.totalAmount,
        point_amount: '0.00',
        gmt_payment: shanghaiTime(trade.paidAt),
        fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
      });
    }
    if (trade.closedAt) fields.gmt_close = shanghaiTime(trade.closedAt);
    const lastRefund = [...trade.refunds.values()].at(-1);
    if (lastRefund) {
      Object.assign(fields, {
        refund_fee: fenInYuan(refundedFen(trade)),
        out_biz_no: lastRefund.outRequestNo,
        gmt_refund: `${shanghaiTime(lastRefund.refundedAt)}.000`,
      });
    }
    Object.assign(fields, changes.fields);
    const present = (record: Record<string, string | undefined>) =>
      Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const toSign = present(fields);
    // Trade notifications are signed without sign_type (unlike requests), over the decoded values.
    const sign = rsa2Sign(contentToSign(toSign, ['sign', 'sign_type']), changes.signingKey ?? alipayKeys.privateKey);
    const sent = present({ ...toSign, sign, ...changes.afterSigning });
    return {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      rawBody: new URLSearchParams(sent).toString(),
    };
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const standIn: AlipayStandIn = {
    gateway: `http://127.0.0.1:${port}/gateway.do`,
    alipayPublicKeyPem: alipayKeys.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    calls,
    trade: (orderNo) => trades.get(orderNo),
    openWapPage(address) {
      const url = new URL(address);
      if (`${url.origin}${url.pathname}` !== standIn.gateway) throw new Error(`${address} is not this gateway`);
      const parameters = requestParameters(url, '', '');
      checkCommonParameters(parameters);
      if (parameters.method !== 'alipay.trade.wap.pay') throw invalid('isv.invalid-method', `不存在的方法名 ${String(parameters.method)}`);
      const fields = businessContent(parameters, parameters.method);
      const trade = wapPay(parameters, fields);
      const { biz_content: _bizContent, ...commonParameters } = parameters;
      calls.push({ method: parameters.method, parameters: commonParameters, bizContent: fields });
      return { trade, returnUrl: parameters.return_url };
    },
    pay(orderNo) {
      const trade = trades.get(orderNo);
      if (!trade || trade.status !== 'WAIT_BUYER_PAY') throw new Error(`trade ${orderNo} is ${trade?.status ?? 'unknown'}, not payable`);
      if (trade.expiresAt && trade.expiresAt.getTime() <= Date.now()) throw new Error(`trade ${orderNo} has expired`);
      trade.status = 'TRADE_SUCCESS';
      trade.paidAt = new Date();
      return trade;
    },
    portalRefund(orderNo, amountFen) {
      const trade = trades.get(orderNo);
      if (trade?.status !== 'TRADE_SUCCESS') throw new Error(`trade ${orderNo} is ${trade?.status ?? 'unknown'}, not refundable`);
      if (refundedFen(trade) + amountFen > yuanInFen(trade.totalAmount))
        throw new Error(`trade ${orderNo} has less than ${amountFen} fen left`);
      return addRefund(trade, `HZ${Date.now()}${trade.refunds.size + 1}`, fenInYuan(amountFen), 'portal');
    },
    notificationFor,
    payees,
    authorize(alipayUserId) {
      const code = `${randomInt(1e9)}${randomInt(1e9)}`;
      authCodes.set(code, alipayUserId);
      return code;
    },
    transfers,
    failNextTransferAnswer: false,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
