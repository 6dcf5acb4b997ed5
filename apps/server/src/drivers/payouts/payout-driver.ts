import type { PayoutChannel, PayoutProvider } from '@spatia/contract';

/**
 * Pays a withdrawal out to a person: the sandbox by default, Alipay's fund transfer and WeChat Pay's
 * transfer to a person's balance in production (docs/withdrawals.md). A driver speaks the provider's
 * protocol and nothing else: which withdrawal a payout belongs to and what the ledger books are the
 * withdrawals module's business.
 */
export interface PayoutRequest {
  /** Our withdrawal number, the provider's idempotent business number: 6 to 32 letters and digits. */
  payoutNo: string;
  /** Integer fen, at least 1. */
  amountFen: number;
  /** The Alipay login id or the WeChat openid. */
  account: string;
  /** The payee's real name; the provider checks it against the account. */
  realName: string;
  /** What the payee's app shows beside the money: at most 32 characters. */
  remark: string;
}

/** A provider's word on one payout, from the transfer call's answer or from a query by our number. */
export type PayoutState =
  | { state: 'paid'; reference: string; paidAt: Date }
  | { state: 'failed'; reference: string; reason: string }
  /** Taken but not finished (WeChat: waiting for the payee to confirm); ask again later. */
  | {
      state: 'processing';
      reference: string;
      /** WeChat's `package_info` of a bill waiting for the payee: what the confirmation page hands to WeChat. */
      payeeConfirmation?: string;
    }
  /** The provider has no payout under this number: it never arrived, and sending it again is safe. */
  | { state: 'notFound' };

export interface PayoutDriver {
  readonly provider: PayoutProvider;
  /** The channels it pays out to. */
  readonly channels: readonly PayoutChannel[];
  /**
   * Asks the provider to pay. Sending the same number again never pays twice (the provider answers the
   * first transfer). Throws PayoutProviderError when the outcome is unknown (no answer, a system error):
   * the caller must then ask with `query` before anything else.
   */
  transfer(request: PayoutRequest): Promise<Exclude<PayoutState, { state: 'notFound' }>>;
  /** The provider's state of the payout under our number. Throws PayoutProviderError when it cannot tell. */
  query(payoutNo: string): Promise<PayoutState>;
  /**
   * Where the payee confirms a payout inside the provider's app (WeChat's requestMerchantTransfer): the
   * merchant and app ids that go with each bill's package. Absent where payouts need no confirmation.
   */
  readonly payeeConfirmation?: { mchId: string; appId: string };
  /**
   * How long after the job started a call to the provider it may still be on its way (its request timeout):
   * until then nobody may take "no payout under this number" for an answer. Default two minutes.
   */
  readonly callWindowMs?: number;
}

/** The provider did not answer, answered with an error that leaves the outcome open, or with an answer that does not verify. */
export class PayoutProviderError extends Error {
  constructor(provider: PayoutProvider, detail: string) {
    super(`${provider} payout call failed: ${detail}`);
    this.name = 'PayoutProviderError';
  }
}

const PAYOUT_NO = /^[A-Za-z0-9]{6,32}$/;

/** Every provider takes these numbers (WeChat's out_bill_no allows letters and digits only). */
export function assertPayoutNo(payoutNo: string): void {
  if (!PAYOUT_NO.test(payoutNo)) throw new RangeError(`payout number ${payoutNo} is not 6-32 letters and digits`);
}

export function assertPayoutRequest(request: PayoutRequest): void {
  assertPayoutNo(request.payoutNo);
  if (!Number.isSafeInteger(request.amountFen) || request.amountFen < 1) throw new RangeError('amount is whole fen, at least 1');
  if ([...request.remark].length > 32) throw new RangeError('remark is over 32 characters');
}
