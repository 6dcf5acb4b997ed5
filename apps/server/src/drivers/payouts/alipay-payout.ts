import type { PayoutChannel } from '@spatia/contract';
import type { AlipaySdkCommonResult } from 'alipay-sdk';
import {
  ALIPAY_SUCCESS_CODE,
  AlipayGateway,
  describeFailure,
  fromShanghaiDateTime,
  type AlipayApplication,
} from '../payments/alipay-gateway.js';
import { ALIPAY_USER_ID_PATTERN, fenToYuan } from '@spatia/contract';
import { assertPayoutNo, assertPayoutRequest, PayoutProviderError } from './payout-driver.js';
import type { PayoutDriver, PayoutRequest, PayoutState } from './payout-driver.js';

const TRANSFER = 'alipay.fund.trans.uni.transfer';
const QUERY = 'alipay.fund.trans.common.query';
/** A transfer to an Alipay account without the payer's password: the merchant's own API transfer. */
const PRODUCT = { product_code: 'TRANS_ACCOUNT_NO_PWD', biz_scene: 'DIRECT_TRANSFER' } as const;
/** Alipay asks to retry these with the same out_biz_no: the outcome is open. */
const RETRY_SUB_CODES = new Set(['SYSTEM_ERROR', 'ACQ.SYSTEM_ERROR', 'aop.SYSTEM_ERROR', 'isp.unknow-error']);
const ORDER_NOT_EXIST = 'ORDER_NOT_EXIST';
/**
 * Gateway codes of a refusal that transferred nothing and will be refused again, whatever the number:
 * a business refusal (40004: the payee unknown or not matching the name, the merchant's permit…), a
 * missing or invalid parameter (40001, 40002) and a missing permission (40006: the fund-transfer product
 * not signed). 20000 and the SYSTEM_ERROR family leave the outcome open (Alipay: ask, then resend).
 */
const REFUSAL_CODES = new Set(['40001', '40002', '40004', '40006']);
/** Refusals about the payee's account: the person can fix them (bind the right account or name) and ask again. */
const PAYEE_REFUSAL =
  /^(PAYEE_|PERMIT_CHECK_PERM_IDENTITY_THEFT|PERMIT_NON_BANK_LIMIT_PAYEE|PAYEE_ACC_OCUPIED|CARD_BIN_ERROR|IDENTITY_FUND_RELATION_NOT_FOUND)/;
const PAYEE_REASON =
  '支付宝收款账户不存在、与姓名不符或无法收款，请检查收款账户 / The Alipay account does not exist, does not match the name or cannot receive money: check your payout account';
const SITE_REASON =
  '平台的支付宝打款设置被支付宝拒绝，管理员会处理 / Alipay refused the site’s payout setup; the administrators will look into it';

/** What the payee reads in the notice and the records (both languages), with Alipay's own code and words. */
export function alipayRefusalReason(answer: AlipaySdkCommonResult): string {
  const subCode = text(answer.sub_code);
  const own = [subCode, text(answer.sub_msg)].filter(Boolean).join(': ') || describeFailure(answer);
  return `${PAYEE_REFUSAL.test(subCode) ? PAYEE_REASON : SITE_REASON} (${own})`;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Alipay fund transfer to a person's Alipay account (alipay.fund.trans.uni.transfer with
 * TRANS_ACCOUNT_NO_PWD / DIRECT_TRANSFER, the payee named by login id and real name) and its query
 * (alipay.fund.trans.common.query), through the official alipay-sdk with every answer's signature checked.
 * Our withdrawal number is out_biz_no: Alipay answers a second transfer under it with the first one.
 */
export class AlipayPayoutDriver implements PayoutDriver {
  readonly provider = 'alipay';
  readonly channels: readonly PayoutChannel[] = ['alipay'];
  private readonly gateway: AlipayGateway;

  constructor(application: AlipayApplication) {
    this.gateway = new AlipayGateway(application, (method, detail) => new PayoutProviderError('alipay', `${method}: ${detail}`));
  }

  async transfer(request: PayoutRequest): Promise<Exclude<PayoutState, { state: 'notFound' }>> {
    assertPayoutRequest(request);
    const answer = await this.gateway.call(TRANSFER, {
      out_biz_no: request.payoutNo,
      trans_amount: fenToYuan(request.amountFen),
      ...PRODUCT,
      order_title: request.remark,
      payee_info: {
        identity: request.account,
        // An account bound by authorization is the Alipay user id (2088…); one typed in is the login id.
        identity_type: ALIPAY_USER_ID_PATTERN.test(request.account) ? 'ALIPAY_USER_ID' : 'ALIPAY_LOGON_ID',
        name: request.realName,
      },
      remark: request.remark,
    });
    if (answer.code !== ALIPAY_SUCCESS_CODE) {
      if (REFUSAL_CODES.has(text(answer.code)) && !RETRY_SUB_CODES.has(text(answer.sub_code))) {
        return this.confirmRefusal(request.payoutNo, alipayRefusalReason(answer));
      }
      throw this.failure(TRANSFER, describeFailure(answer));
    }
    if (answer.out_biz_no !== request.payoutNo) throw this.failure(TRANSFER, `answer is about ${text(answer.out_biz_no)}`);
    const state = this.stateOf(TRANSFER, answer, 'trans_date');
    if (state.state === 'notFound') throw this.failure(TRANSFER, 'no transfer in the answer');
    return state;
  }

  async query(payoutNo: string): Promise<PayoutState> {
    assertPayoutNo(payoutNo);
    const answer = await this.gateway.call(QUERY, { out_biz_no: payoutNo, ...PRODUCT });
    if (answer.code !== ALIPAY_SUCCESS_CODE) {
      if (text(answer.sub_code) === ORDER_NOT_EXIST) return { state: 'notFound' };
      throw this.failure(QUERY, describeFailure(answer));
    }
    if (answer.out_biz_no !== undefined && answer.out_biz_no !== payoutNo)
      throw this.failure(QUERY, `answer is about ${text(answer.out_biz_no)}`);
    return this.stateOf(QUERY, answer, 'pay_date');
  }

  /**
   * A refusal ends the payout only once the query confirms that no transfer exists under our number (or
   * that it failed): a repeat refused for different parameters must never give back money already paid.
   * A query that cannot tell leaves the outcome open.
   */
  private async confirmRefusal(payoutNo: string, reason: string): Promise<Exclude<PayoutState, { state: 'notFound' }>> {
    const existing = await this.query(payoutNo);
    if (existing.state === 'notFound') return { state: 'failed', reference: '', reason };
    return existing;
  }

  private stateOf(method: string, answer: AlipaySdkCommonResult, paidAtField: 'trans_date' | 'pay_date'): PayoutState {
    const reference = text(answer.order_id);
    switch (answer.status) {
      case 'SUCCESS': {
        if (!reference) throw this.failure(method, 'a successful transfer without order_id');
        return { state: 'paid', reference, paidAt: fromShanghaiDateTime(answer[paidAtField]) ?? new Date() };
      }
      case 'DEALING':
      case 'WAIT_PAY':
      case 'INIT':
        return { state: 'processing', reference };
      // REFUND: paid, then returned by Alipay (the payee's account could not take it): the money came back.
      case 'FAIL':
      case 'CLOSED':
      case 'REFUND':
        return { state: 'failed', reference, reason: text(answer.fail_reason) || text(answer.error_code) || String(answer.status) };
      default:
        throw this.failure(method, `unknown status ${String(answer.status)}`);
    }
  }

  private failure(method: string, detail: string): PayoutProviderError {
    return new PayoutProviderError('alipay', `${method}: ${detail}`);
  }
}
