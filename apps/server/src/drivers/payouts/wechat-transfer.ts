import type { PayoutChannel } from '@spatia/contract';
import {
  isRecord,
  parseJson,
  RFC_3339,
  WechatPayClient,
  type WechatPayAnswer,
  type WechatPayMerchant,
} from '../payments/wechat-pay-client.js';
import { assertPayoutNo, assertPayoutRequest, PayoutProviderError } from './payout-driver.js';
import type { PayoutDriver, PayoutRequest, PayoutState } from './payout-driver.js';

export interface WechatTransferConfig extends WechatPayMerchant {
  /** The AppID under which the payees' openids were issued. */
  appId: string;
  /** The transfer scene the merchant platform approved (1000: cash marketing; 1005: labour remuneration…). */
  transferSceneId: string;
}

const BILLS = '/v3/fund-app/mch-transfer/transfer-bills';
/** WeChat asks to retry these with the same out_bill_no: the outcome is open. */
const RETRY_CODES = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED']);
/** What the payee's "transfer scene report" says: WeChat shows it to the payee and requires it for scene 1000. */
const SCENE_REPORT = [
  { info_type: '活动名称', info_content: 'Spatia 创作收益' },
  { info_type: '奖励说明', info_content: '作品销售收益提现' },
];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * WeChat Pay's transfer to a person's WeChat balance (API v3 "商家转账", 2025: POST transfer-bills, and
 * the query by out_bill_no), signed and verified like the Native payments (wechat-pay-client.ts). Since
 * 2025 a transfer waits for the payee to confirm it in WeChat (WAIT_USER_CONFIRM): the payout stays
 * `processing` until a query finds it SUCCESS, or CANCELLED when nobody confirmed within 24 hours.
 * Our withdrawal number is out_bill_no: WeChat answers a second transfer under it with the first bill.
 */
export class WechatTransferDriver implements PayoutDriver {
  readonly provider = 'wechat';
  readonly channels: readonly PayoutChannel[] = ['wechat'];
  private readonly client: WechatPayClient;
  /** The payee confirms each bill inside WeChat with these and the bill's package_info (requestMerchantTransfer). */
  readonly payeeConfirmation: { mchId: string; appId: string };

  constructor(
    private readonly config: WechatTransferConfig,
    now: () => number = Date.now,
  ) {
    this.client = new WechatPayClient(config, (detail) => new PayoutProviderError('wechat', detail), now);
    this.payeeConfirmation = { mchId: config.mchId, appId: config.appId };
  }

  async transfer(request: PayoutRequest): Promise<Exclude<PayoutState, { state: 'notFound' }>> {
    assertPayoutRequest(request);
    const name = this.client.encryptSensitive(request.realName);
    const answer = await this.client.call(
      'POST',
      BILLS,
      {
        appid: this.config.appId,
        out_bill_no: request.payoutNo,
        transfer_scene_id: this.config.transferSceneId,
        openid: request.account,
        user_name: name.ciphertext,
        transfer_amount: request.amountFen,
        transfer_remark: request.remark,
        transfer_scene_report_infos: SCENE_REPORT,
      },
      { 'Wechatpay-Serial': name.serial },
    );
    if (!answer.ok) {
      if (answer.status >= 500 || RETRY_CODES.has(answer.code))
        throw this.failure(`transfer ${request.payoutNo}: HTTP ${answer.status} ${answer.code}: ${answer.detail}`);
      // A refusal. Should a bill exist under this number after all (a retry whose parameters WeChat
      // reads as different), its own state decides: never refund a payout that was made.
      const existing = await this.query(request.payoutNo);
      if (existing.state !== 'notFound') return existing;
      return { state: 'failed', reference: '', reason: `${answer.code}: ${answer.detail}` };
    }
    const state = this.stateOf(answer, request.payoutNo);
    if (state.state === 'notFound') throw this.failure(`transfer ${request.payoutNo}: no bill in the answer`);
    return state;
  }

  async query(payoutNo: string): Promise<PayoutState> {
    assertPayoutNo(payoutNo);
    const answer = await this.client.call('GET', `${BILLS}/out-bill-no/${payoutNo}`);
    if (!answer.ok) {
      if (answer.status === 404 && answer.code === 'NOT_FOUND') return { state: 'notFound' };
      throw this.failure(`query of ${payoutNo}: HTTP ${answer.status} ${answer.code}: ${answer.detail}`);
    }
    return this.stateOf(answer, payoutNo);
  }

  private stateOf(answer: Extract<WechatPayAnswer, { ok: true }>, payoutNo: string): PayoutState {
    const bill = parseJson(answer.body.toString('utf8'));
    if (!isRecord(bill)) throw this.failure(`${payoutNo}: the answer is not a JSON object`);
    if (bill.out_bill_no !== payoutNo) throw this.failure(`${payoutNo}: the answer is about ${text(bill.out_bill_no)}`);
    if (bill.mch_id !== undefined && bill.mch_id !== this.config.mchId)
      throw this.failure(`${payoutNo}: the answer is for another merchant`);
    const reference = text(bill.transfer_bill_no);
    switch (bill.state) {
      case 'SUCCESS': {
        const updated = text(bill.update_time);
        return { state: 'paid', reference, paidAt: RFC_3339.test(updated) ? new Date(updated) : new Date() };
      }
      case 'ACCEPTED':
      case 'PROCESSING':
      case 'WAIT_USER_CONFIRM':
      case 'TRANSFERING':
      case 'CANCELING': {
        // Only the transfer's answer carries the package the payee confirms with; a query's does not.
        const confirmation = bill.state === 'WAIT_USER_CONFIRM' ? text(bill.package_info) : '';
        return { state: 'processing', reference, ...(confirmation ? { payeeConfirmation: confirmation } : {}) };
      }
      case 'FAIL':
      case 'CANCELLED':
        return { state: 'failed', reference, reason: text(bill.fail_reason) || String(bill.state) };
      default:
        throw this.failure(`${payoutNo}: unknown state ${JSON.stringify(bill.state)}`);
    }
  }

  private failure(detail: string): PayoutProviderError {
    return new PayoutProviderError('wechat', detail);
  }
}
