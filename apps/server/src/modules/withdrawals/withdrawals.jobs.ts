import {
  PAYOUT_CHANNELS,
  WITHDRAWAL_ENDABLE_STATUSES,
  WITHDRAWAL_REASON_MAX,
  type PayoutChannel,
  type WithdrawalConfirmation,
  type WithdrawalStatus,
} from '@spatia/contract';
import type { Transaction } from '../../db/database.js';
import type { PayoutDriver, PayoutState } from '../../drivers/payouts/payout-driver.js';
import { fail, invalid } from '../../lib/app-error.js';
import { decidePending } from '../admin-log/index.js';
import { LedgerAccount } from '../ledger/index.js';
import { withdrawalAccountsOf, withdrawalNotice } from './withdrawal-notices.js';
import { paidPosting, reversalPosting } from './withdrawal-postings.js';
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository.js';
import type { Actor, WithdrawalsDependencies } from './withdrawals.service.js';

/** The payout job; approving a withdrawal queues a run at once, the schedule runs it every minute. */
export const PAYOUT_JOB = 'withdrawals.payout';
/** A payout the provider has taken (WeChat: waiting for the payee) is asked about again this long after the last look. */
const LOOK_AGAIN_MS = 50_000;
/** After an unknown outcome the next look waits this long, doubling with each one in a row… */
const RETRY_BASE_MS = 60_000;
/** …up to this long. */
const RETRY_CAP_MS = 60 * 60_000;
/** After this many unknown outcomes in a row (about three hours) the job stops asking and alerts the admins. */
export const PAYOUT_RETRY_LIMIT = 8;
/** A provider that leaves this many payouts in a row unknown in one run is left alone until the next run. */
const PROVIDER_TRIP = 3;
/** A run touched the withdrawal this recently: its call to the provider may still be on the way (a driver may say less). */
const IN_FLIGHT_MS = 2 * 60_000;
/** WeChat cancels a bill its payee has not confirmed after 24 hours. */
const CONFIRMATION_WINDOW_MS = 24 * 60 * 60_000;
const PAYOUT_BATCH = 50;
/** What the payee's Alipay or WeChat shows beside the money. */
const PAYOUT_REMARK = 'Spatia 收益提现';
const ADMIN_QUEUE = '/admin/withdrawals';
/** Where the payee confirms a WeChat payout (apps/web's route table). */
export const confirmationPath = (id: number) => `/mobile/withdrawConfirm/${id}`;

/** What one run of the payout job did. */
export interface PayoutRun {
  checked: number;
  paid: number;
  failed: number;
  /** Taken by the provider, not finished yet; or its outcome unknown: asked again later. */
  open: number;
}

type Outcome = 'paid' | 'failed' | 'open' | 'unknown' | 'skipped';

/** The unknown outcomes in a row: the wait before the next look (exponential, capped). */
export function retryDelayMs(streak: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, streak - 1), RETRY_CAP_MS);
}

/**
 * The payout engine, withdrawals' background work: approved withdrawals are paid through their channel's
 * driver under our number and the outcome is booked once (docs/withdrawals.md). Every payout ends: paid,
 * refused (money back), or, after too many unknown outcomes, handed to an admin who ends it once the
 * provider confirms nothing was paid.
 */
export class WithdrawalPayouts {
  private readonly repository: WithdrawalsRepository;
  private readonly now: () => number;

  constructor(private readonly deps: WithdrawalsDependencies) {
    this.repository = deps.repository;
    this.now = deps.now ?? Date.now;
  }

  /**
   * One run of `withdrawals.payout`. Each configured provider works through its own share at the same
   * time, so one that is slow, down or failing holds up no other; a provider no longer configured is
   * not asked and its withdrawals wait. A provider's word is booked once: paid, or failed with the money
   * back. An unknown outcome leaves the withdrawal paying, asked about later with a growing wait.
   */
  async payOut(): Promise<PayoutRun> {
    const shares = this.deps.drivers.configured.map((driver) => ({
      driver,
      channels: PAYOUT_CHANNELS.filter((channel) => this.deps.drivers.forChannel(channel)?.provider === driver.provider),
    }));
    const runs = await Promise.all(shares.map(({ driver, channels }) => this.payOutWith(driver, channels)));
    return runs.reduce(
      (total, run) => ({
        checked: total.checked + run.checked,
        paid: total.paid + run.paid,
        failed: total.failed + run.failed,
        open: total.open + run.open,
      }),
      { checked: 0, paid: 0, failed: 0, open: 0 },
    );
  }

  private async payOutWith(driver: PayoutDriver, newPayoutChannels: PayoutChannel[]): Promise<PayoutRun> {
    const due = await this.repository.dueForPayout(driver.provider, newPayoutChannels, new Date(this.now()), PAYOUT_BATCH);
    const run: PayoutRun = { checked: due.length, paid: 0, failed: 0, open: 0 };
    let unknownInRow = 0;
    for (const row of due) {
      if (unknownInRow >= PROVIDER_TRIP) {
        run.open += 1;
        continue;
      }
      let outcome: Outcome;
      try {
        outcome = row.status === 'approved' ? await this.startPayout(row, driver) : await this.followUp(row, driver);
      } catch (error) {
        // One withdrawal's trouble must not stop the others'; it is looked at again next run.
        this.deps.log.error({ err: error, withdrawalNo: row.withdrawalNo }, 'paying a withdrawal out failed');
        outcome = 'open';
      }
      unknownInRow = outcome === 'unknown' ? unknownInRow + 1 : 0;
      if (outcome === 'unknown') run.open += 1;
      else if (outcome !== 'skipped') run[outcome] += 1;
    }
    if (unknownInRow >= PROVIDER_TRIP)
      this.deps.log.warn({ provider: driver.provider }, 'a payout provider is not answering; left alone this run');
    return run;
  }

  private async startPayout(row: WithdrawalRow, driver: PayoutDriver): Promise<Outcome> {
    await this.deps.ledger.openSystemAccount(LedgerAccount.payouts(driver.provider));
    const now = this.now();
    const claimed = await this.repository.claimApproved(row.id, driver.provider, new Date(now), new Date(now + LOOK_AGAIN_MS));
    if (!claimed) return 'skipped';
    return this.send(claimed, driver);
  }

  private async followUp(row: WithdrawalRow, driver: PayoutDriver): Promise<Outcome> {
    await this.deps.ledger.openSystemAccount(LedgerAccount.payouts(driver.provider));
    const now = this.now();
    const claimed = await this.repository.claimPaying(row, new Date(now), new Date(now + LOOK_AGAIN_MS));
    if (!claimed) return 'skipped';
    let state: PayoutState;
    try {
      state = await driver.query(row.withdrawalNo);
    } catch (error) {
      await this.noteUnknown(claimed, error);
      return 'unknown';
    }
    // The provider never received it (the first call was lost): sending it again under the same number is safe.
    if (state.state === 'notFound') return this.send(claimed, driver);
    return this.apply(claimed, state);
  }

  private async send(row: WithdrawalRow, driver: PayoutDriver): Promise<Outcome> {
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
      await this.noteUnknown(row, error);
      return 'unknown';
    }
    return this.apply(row, state);
  }

  private async apply(row: WithdrawalRow, state: PayoutState): Promise<Outcome> {
    switch (state.state) {
      case 'paid':
      case 'failed':
        await this.settle(row.id, state);
        return state.state;
      case 'processing':
        await this.keepWaiting(row, state);
        return 'open';
      case 'notFound':
        await this.noteUnknown(row, 'the provider has no payout under this number');
        return 'unknown';
    }
  }

  /**
   * Taken, not finished. A WeChat bill waiting for its payee brings the package they confirm it with:
   * kept once, with a notice that leads them to the confirmation page.
   */
  private async keepWaiting(row: WithdrawalRow, state: Extract<PayoutState, { state: 'processing' }>): Promise<void> {
    await this.repository.db.transaction(async (tx) => {
      const locked = await this.repository.lock(row.id, tx);
      if (locked?.status !== 'paying') return;
      const confirmation = state.payeeConfirmation && !locked.payeeConfirmation ? state.payeeConfirmation : undefined;
      await this.repository.update(
        row.id,
        {
          providerReference: state.reference || locked.providerReference,
          lastError: '',
          errorStreak: 0,
          ...(confirmation
            ? { payeeConfirmation: confirmation, payeeConfirmationUntil: new Date(this.now() + CONFIRMATION_WINDOW_MS) }
            : {}),
        },
        tx,
      );
      if (confirmation)
        await this.deps.notifications.notify(tx, {
          ...withdrawalNotice(locked, 'withdrawalConfirmInWechat'),
          link: confirmationPath(row.id),
        });
    });
  }

  /** Books the provider's final word once: a withdrawal no longer paying was settled by another run. */
  private async settle(id: number, state: Extract<PayoutState, { state: 'paid' | 'failed' }>): Promise<void> {
    const settled = await this.repository.db.transaction(async (tx) => {
      const row = await this.repository.lock(id, tx);
      if (!row || row.status !== 'paying') return undefined;
      if (state.state === 'paid') {
        await this.repository.update(
          row.id,
          { status: 'paid', paidAt: state.paidAt, providerReference: state.reference, lastError: '', errorStreak: 0, nextAttemptAt: null },
          tx,
        );
        await this.deps.ledger.post(
          {
            ...paidPosting(row.id, row.amountFen, {
              ...withdrawalAccountsOf(row.userId),
              payouts: LedgerAccount.payouts(row.provider ?? 'sandbox'),
            }),
            memo: row.withdrawalNo,
          },
          tx,
        );
        await this.deps.notifications.notify(tx, withdrawalNotice(row, 'withdrawalPaid'));
      } else {
        const reason = state.reason.slice(0, 500);
        await this.bookFailure(row, reason, state.reference, tx);
        await this.deps.notifications.notify(tx, withdrawalNotice(row, 'withdrawalFailed', reason));
      }
      return row;
    });
    if (settled) this.deps.log.info({ withdrawalNo: settled.withdrawalNo, outcome: state.state }, 'withdrawal payout settled');
  }

  /** `failed`, and the money back in the income (the reversal posting, keyed by the withdrawal: booked once). */
  private async bookFailure(row: WithdrawalRow, reason: string, reference: string, tx: Transaction): Promise<WithdrawalRow> {
    const after = await this.repository.update(
      row.id,
      {
        status: 'failed',
        failedAt: new Date(this.now()),
        failure: reason,
        providerReference: reference || row.providerReference,
        lastError: '',
        nextAttemptAt: null,
      },
      tx,
    );
    await this.deps.ledger.post(
      { ...reversalPosting(row.id, row.amountFen, withdrawalAccountsOf(row.userId)), memo: row.withdrawalNo },
      tx,
    );
    return after;
  }

  /**
   * The outcome is unknown: look again after a wait that doubles with each unknown outcome in a row; at
   * the limit stop looking and alert every admin, who can end it once the provider confirms nothing was paid.
   */
  private async noteUnknown(row: WithdrawalRow, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const streak = row.errorStreak + 1;
    const now = this.now();
    this.deps.log.warn({ withdrawalNo: row.withdrawalNo, err: error, streak }, 'a payout’s outcome is unknown; asking again later');
    if (streak < PAYOUT_RETRY_LIMIT) {
      await this.repository.update(
        row.id,
        { lastError: message, errorStreak: streak, nextAttemptAt: new Date(now + retryDelayMs(streak)) },
        this.repository.db,
      );
      return;
    }
    const admins = await this.deps.users.adminIds();
    await this.repository.db.transaction(async (tx) => {
      await this.repository.update(
        row.id,
        { lastError: message, errorStreak: streak, nextAttemptAt: null, payoutStuckAt: new Date(now) },
        tx,
      );
      for (const adminId of admins) {
        await this.deps.notifications.notify(tx, {
          userId: adminId,
          kind: 'withdrawalPayoutStuck',
          params: { withdrawalNo: row.withdrawalNo, price: row.amountFen, attempts: streak, error: message },
          link: ADMIN_QUEUE,
        });
      }
    });
    this.deps.log.error(
      { withdrawalNo: row.withdrawalNo, streak },
      'a payout stays unknown after the retry limit; the admins were alerted',
    );
  }

  // ---- an admin ends a payout ----

  /**
   * Ends an approved or paying withdrawal as failed, with the money back, once its provider confirms that
   * nothing was paid under our number (nothing was sent for one still approved). Refused while the
   * provider says paid or under way (1655), cannot tell (1656), or a run has just called it (1659).
   */
  async endAsFailed(admin: Actor, id: number, reason: string): Promise<WithdrawalRow> {
    const text = reason.trim();
    if (!text) throw invalid('reason', 'required');
    if ([...text].length > WITHDRAWAL_REASON_MAX) throw invalid('reason', 'maxLength', { limit: WITHDRAWAL_REASON_MAX });
    const seen = await this.repository.findById(id);
    if (!seen) throw fail('notFound');
    if (!isEndable(seen.status)) throw fail('withdrawalNotEndable');
    if (seen.status === 'paying') await this.confirmNothingPaid(seen);
    return decidePending({ ...this.deps, db: this.repository.db }, admin, {
      lock: (tx) => this.repository.lock(id, tx),
      isPending: (row) => isEndable(row.status),
      alreadyDecided: 'withdrawalNotEndable',
      decide: async (row, tx) => {
        // A run took it since the provider was asked: its word may have changed.
        if (row.status !== seen.status || row.attempts !== seen.attempts) throw fail('withdrawalPayoutInFlight');
        const after = await this.bookFailure(row, text, '', tx);
        await this.repository.update(row.id, { payoutStuckAt: null }, tx);
        return {
          result: after,
          notice: withdrawalNotice(row, 'withdrawalFailed', text),
          log: {
            action: 'withdrawal.endFailed',
            targetType: 'withdrawal',
            targetId: row.withdrawalNo,
            before: { status: row.status, amountFen: row.amountFen, userId: row.userId, channel: row.channel },
            after: { status: after.status, reason: text },
          },
        };
      },
    });
  }

  private async confirmNothingPaid(row: WithdrawalRow): Promise<void> {
    const driver = row.provider ? this.deps.drivers.byProvider(row.provider) : undefined;
    const callWindow = driver?.callWindowMs ?? IN_FLIGHT_MS;
    if (row.lastAttemptAt && row.lastAttemptAt.getTime() > this.now() - callWindow) throw fail('withdrawalPayoutInFlight');
    if (!driver) throw fail('withdrawalPayoutUnconfirmed');
    let state: PayoutState;
    try {
      state = await driver.query(row.withdrawalNo);
    } catch (error) {
      this.deps.log.warn({ withdrawalNo: row.withdrawalNo, err: error }, 'the provider could not confirm a payout an admin is ending');
      throw fail('withdrawalPayoutUnconfirmed');
    }
    if (state.state === 'paid' || state.state === 'processing') {
      // The provider answers again: a payout the job gave up on goes back to it, to be booked at its next run.
      if (row.payoutStuckAt)
        await this.repository.update(row.id, { payoutStuckAt: null, errorStreak: 0, nextAttemptAt: null }, this.repository.db);
      throw fail('withdrawalPayoutWasPaid');
    }
  }

  // ---- the payee confirms in WeChat ----

  /** What the confirmation page hands to WeChat, for the owner of a payout waiting for their confirmation. */
  async confirmationOf(userId: number, id: number): Promise<WithdrawalConfirmation> {
    const row = await this.repository.findById(id);
    if (!row || row.userId !== userId) throw fail('notFound');
    const ids = row.provider ? this.deps.drivers.byProvider(row.provider)?.payeeConfirmation : undefined;
    const until = row.payeeConfirmationUntil?.getTime() ?? 0;
    if (row.status !== 'paying' || !row.payeeConfirmation || !ids || until <= this.now()) throw fail('withdrawalNotAwaitingConfirmation');
    return {
      id: row.id,
      withdrawalNo: row.withdrawalNo,
      amountFen: row.amountFen,
      mchId: ids.mchId,
      appId: ids.appId,
      package: row.payeeConfirmation,
      expiresAt: until,
    };
  }
}

function isEndable(status: WithdrawalStatus): boolean {
  return (WITHDRAWAL_ENDABLE_STATUSES as readonly WithdrawalStatus[]).includes(status);
}
