import type { PayoutChannel } from '@spatia/contract';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sandboxPayouts } from '../../modules/withdrawals/withdrawals.tables.js';
import {
  assertPayoutNo,
  assertPayoutRequest,
  PayoutProviderError,
  type PayoutDriver,
  type PayoutRequest,
  type PayoutState,
} from './payout-driver.js';

/** A payout account whose id contains this (any case) is refused by the sandbox, so the failure path can be shown. */
export const SANDBOX_REFUSED_ACCOUNT_MARK = 'fail';
export const SANDBOX_REFUSAL_REASON = '测试收款账户拒收 / The test payee account refused the payout';
/**
 * A payout account whose id contains this (any case) never gets an answer from the sandbox: nothing is
 * booked and the outcome stays unknown, so the back office's "end as failed" can be shown and tested.
 */
export const SANDBOX_UNANSWERED_ACCOUNT_MARK = 'lost';

/**
 * The test payout provider: moves no money. It pays every payout at once, except to an account whose id
 * contains `fail`, which it refuses. It keeps its own books (`sandbox_payouts`), so a payout sent again
 * answers the first outcome and a query by our number answers as Alipay and WeChat would.
 */
export class SandboxPayoutDriver implements PayoutDriver {
  readonly provider = 'sandbox';
  readonly channels: readonly PayoutChannel[] = ['alipay', 'wechat'];
  /** Its calls are statements on our own database: one has ended within seconds. */
  readonly callWindowMs = 5_000;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async transfer(request: PayoutRequest): Promise<Exclude<PayoutState, { state: 'notFound' }>> {
    assertPayoutRequest(request);
    if (request.account.toLowerCase().includes(SANDBOX_UNANSWERED_ACCOUNT_MARK))
      throw new PayoutProviderError('sandbox', 'the test payee’s payout got no answer (the sandbox never answers this account)');
    const refused = request.account.toLowerCase().includes(SANDBOX_REFUSED_ACCOUNT_MARK);
    await this.db
      .insert(sandboxPayouts)
      .values({
        payoutNo: request.payoutNo,
        account: request.account,
        amountFen: request.amountFen,
        state: refused ? 'failed' : 'paid',
        reference: `SBX${createHash('sha256').update(request.payoutNo).digest('hex').slice(0, 20)}`,
        reason: refused ? SANDBOX_REFUSAL_REASON : '',
        createdAt: new Date(this.now()),
      })
      .onConflictDoNothing();
    const state = await this.query(request.payoutNo);
    if (state.state === 'notFound') throw new Error(`sandbox payout ${request.payoutNo} vanished`);
    return state;
  }

  async query(payoutNo: string): Promise<PayoutState> {
    assertPayoutNo(payoutNo);
    const [row] = await this.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.payoutNo, payoutNo));
    if (!row) return { state: 'notFound' };
    return row.state === 'paid'
      ? { state: 'paid', reference: row.reference, paidAt: row.createdAt }
      : { state: 'failed', reference: row.reference, reason: row.reason };
  }
}
