import type { PayoutDriver, PayoutState } from '../../drivers/payouts/payout-driver.js';
import { LedgerAccount } from '../ledger/index.js';
import { withdrawalAccountsOf, withdrawalNotice } from './withdrawal-notices.js';
import { paidPosting, reversalPosting } from './withdrawal-postings.js';
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository.js';
import type { WithdrawalsDependencies } from './withdrawals.service.js';

/** The payout job; approving a withdrawal queues a run at once, the schedule runs it every minute. */
export const PAYOUT_JOB = 'withdrawals.payout';
/** A payout still `paying` is asked about again once this long has passed since the last look. */
const LOOK_AGAIN_MS = 50_000;
const PAYOUT_BATCH = 50;
/** What the payee's Alipay or WeChat shows beside the money. */
const PAYOUT_REMARK = 'Spatia 收益提现';
/** What one run of the payout job did. */
export interface PayoutRun {
  checked: number;
  paid: number;
  failed: number;
  /** Taken by the provider, not finished yet; or its outcome unknown: asked again next run. */
  open: number;
}

/**
 * The payout engine, withdrawals' background work: approved withdrawals are paid through their channel's
 * driver under our number and the outcome is booked once (docs/withdrawals.md).
 */
export class WithdrawalPayouts {
  private readonly repository: WithdrawalsRepository;
  private readonly now: () => number;

  constructor(private readonly deps: WithdrawalsDependencies) {
    this.repository = deps.repository;
    this.now = deps.now ?? Date.now;
  }

  /**
   * One run of `withdrawals.payout`: approved withdrawals are claimed (`paying`) and sent to their
   * channel's driver under our number; those still paying are asked about again. A provider's word is
   * booked once: paid, or failed with the money back. An unknown outcome leaves the withdrawal paying,
   * to be asked about (never blindly sent again) next run.
   */
  async payOut(): Promise<PayoutRun> {
    const due = await this.repository.dueForPayout(new Date(this.now() - LOOK_AGAIN_MS), PAYOUT_BATCH);
    const run: PayoutRun = { checked: due.length, paid: 0, failed: 0, open: 0 };
    for (const row of due) {
      let outcome: 'paid' | 'failed' | 'open' | 'skipped';
      try {
        outcome = row.status === 'approved' ? await this.startPayout(row) : await this.followUp(row);
      } catch (error) {
        // One withdrawal's trouble must not stop the others'; it is looked at again next run.
        this.deps.log.error({ err: error, withdrawalNo: row.withdrawalNo }, 'paying a withdrawal out failed');
        outcome = 'open';
      }
      if (outcome !== 'skipped') run[outcome] += 1;
    }
    return run;
  }

  private async startPayout(row: WithdrawalRow): Promise<'paid' | 'failed' | 'open' | 'skipped'> {
    const driver = this.deps.drivers.forChannel(row.channel);
    if (!driver) {
      this.deps.log.error({ withdrawalNo: row.withdrawalNo, channel: row.channel }, 'no payout provider for an approved withdrawal');
      return 'skipped';
    }
    await this.deps.ledger.openSystemAccount(LedgerAccount.payouts(driver.provider));
    const claimed = await this.repository.claimApproved(row.id, driver.provider, new Date(this.now()));
    if (!claimed) return 'skipped';
    return this.send(claimed, driver);
  }

  private async followUp(row: WithdrawalRow): Promise<'paid' | 'failed' | 'open' | 'skipped'> {
    const driver = row.provider ? this.deps.drivers.byProvider(row.provider) : undefined;
    if (!driver) {
      await this.noteError(row, `payout provider ${String(row.provider)} is not configured`);
      return 'open';
    }
    await this.deps.ledger.openSystemAccount(LedgerAccount.payouts(driver.provider));
    const claimed = await this.repository.claimPaying(row, new Date(this.now()));
    if (!claimed) return 'skipped';
    let state: PayoutState;
    try {
      state = await driver.query(row.withdrawalNo);
    } catch (error) {
      await this.noteError(claimed, error);
      return 'open';
    }
    // The provider never received it (the first call was lost): sending it again under the same number is safe.
    if (state.state === 'notFound') return this.send(claimed, driver);
    return this.apply(claimed, state);
  }

  private async send(row: WithdrawalRow, driver: PayoutDriver): Promise<'paid' | 'failed' | 'open'> {
    let state: PayoutState;
    try {
      state = await driver.transfer({
        payoutNo: row.withdrawalNo,
        amountFen: row.amountFen,
        account: row.account,
        realName: row.realName,
        remark: PAYOUT_REMARK,
      });
    } catch (error) {
      await this.noteError(row, error);
      return 'open';
    }
    return this.apply(row, state);
  }

  private async apply(row: WithdrawalRow, state: PayoutState): Promise<'paid' | 'failed' | 'open'> {
    switch (state.state) {
      case 'paid':
      case 'failed':
        await this.settle(row.id, state);
        return state.state;
      case 'processing':
        await this.repository.update(
          row.id,
          { providerReference: state.reference || row.providerReference, lastError: '' },
          this.repository.db,
        );
        return 'open';
      case 'notFound':
        await this.noteError(row, 'the provider has no payout under this number');
        return 'open';
    }
  }

  /** Books the provider's final word once: a withdrawal no longer paying was settled by another run. */
  private async settle(id: number, state: Extract<PayoutState, { state: 'paid' | 'failed' }>): Promise<void> {
    const settled = await this.repository.db.transaction(async (tx) => {
      const row = await this.repository.lock(id, tx);
      if (!row || row.status !== 'paying') return undefined;
      const accounts = withdrawalAccountsOf(row.userId);
      if (state.state === 'paid') {
        await this.repository.update(
          row.id,
          { status: 'paid', paidAt: state.paidAt, providerReference: state.reference, lastError: '' },
          tx,
        );
        await this.deps.ledger.post(
          {
            ...paidPosting(row.id, row.amountFen, { ...accounts, payouts: LedgerAccount.payouts(row.provider ?? 'sandbox') }),
            memo: row.withdrawalNo,
          },
          tx,
        );
        await this.deps.notifications.notify(tx, withdrawalNotice(row, 'withdrawalPaid'));
      } else {
        const reason = state.reason.slice(0, 500);
        await this.repository.update(
          row.id,
          {
            status: 'failed',
            failedAt: new Date(this.now()),
            failure: reason,
            providerReference: state.reference || row.providerReference,
            lastError: '',
          },
          tx,
        );
        await this.deps.ledger.post({ ...reversalPosting(row.id, row.amountFen, accounts), memo: row.withdrawalNo }, tx);
        await this.deps.notifications.notify(tx, withdrawalNotice(row, 'withdrawalFailed', reason));
      }
      return row;
    });
    if (settled) this.deps.log.info({ withdrawalNo: settled.withdrawalNo, outcome: state.state }, 'withdrawal payout settled');
  }

  private async noteError(row: WithdrawalRow, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    this.deps.log.warn({ withdrawalNo: row.withdrawalNo, err: error }, 'a payout’s outcome is unknown; asking again next run');
    await this.repository.update(row.id, { lastError: message.slice(0, 500) }, this.repository.db);
  }
}
