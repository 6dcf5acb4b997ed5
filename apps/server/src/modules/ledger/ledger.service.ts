import { fail } from '../../lib/app-error.js';
import type { LedgerAccountRow, LedgerRepository, LedgerTx } from './ledger.repository.js';

export interface Posting {
  /** Idempotency key: posting the same reference again books nothing and answers the first booking. */
  reference: string;
  kind: string;
  memo?: string;
  /** Signed amounts in fen per account code; they must sum to zero. */
  entries: { account: string; amount: number }[];
}

export class LedgerInvariantError extends Error {
  constructor(detail: string) {
    super(`ledger posting rejected: ${detail}`);
    this.name = 'LedgerInvariantError';
  }
}

/** Account codes. Users hold a balance (spendable) and income (earned); money enters and leaves through system accounts. */
export const LedgerAccount = {
  balance: (userId: number) => `user:${userId}:balance`,
  income: (userId: number) => `user:${userId}:income`,
  payments: 'system:payments',
  /** Where a payment provider's money enters: its balance is what the provider owes us, less what it paid out. */
  provider: (provider: string) => `system:payments:${provider}`,
  /** Withdrawals asked for and not yet paid or given back: their money waits here (docs/withdrawals.md). */
  withdrawalsPending: 'system:withdrawals:pending',
  /** Where paid-out money leaves, per payout provider. */
  payouts: (provider: string) => `system:payouts:${provider}`,
} as const;

/**
 * The only thing that changes a balance. Each movement is one database transaction whose entries sum
 * to zero, and no user account may end below zero: the accounts a movement takes from are locked
 * before their balance is checked. Accounts it only adds to, and system accounts (which may go below
 * zero), are not locked: nothing about them needs checking, and a lock on a system account that every
 * payment credits would make all payments wait for each other (bench/payment-notifications.mjs).
 */
export class LedgerService {
  /** Account ids and kinds by code: an account never changes or goes once opened, so this process keeps them. */
  private readonly knownAccounts = new Map<string, LedgerAccountRow>();

  constructor(private readonly repository: LedgerRepository) {}

  async openUserAccounts(userId: number): Promise<void> {
    await this.repository.ensureAccount(LedgerAccount.balance(userId), userId, false);
    await this.repository.ensureAccount(LedgerAccount.income(userId), userId, false);
  }

  async openSystemAccount(code: string): Promise<void> {
    await this.repository.ensureAccount(code, null, true);
  }

  balance(account: string): Promise<number> {
    return this.repository.balanceByCode(account);
  }

  /**
   * Books a movement once; returns its transaction id and whether it was booked earlier. Given the
   * caller's transaction, the movement commits or rolls back with the caller's other writes.
   */
  async post(posting: Posting, within?: LedgerTx): Promise<{ transactionId: number; replayed: boolean }> {
    assertBalanced(posting);
    // Within the caller's transaction a failure rolls everything back anyway: no savepoint needed.
    const book = async (tx: LedgerTx) => {
      const totals = new Map<string, number>();
      for (const entry of posting.entries) totals.set(entry.account, (totals.get(entry.account) ?? 0) + entry.amount);
      const accounts = await this.accountsFor(tx, [...totals.keys()]);
      const guarded = [...totals]
        .filter(([code, delta]) => delta < 0 && !accounts.get(code)!.allowNegative)
        .map(([code]) => accounts.get(code)!);
      // A replay must answer the first booking even when the balance no longer covers it: look first.
      // Without a balance to check, the insert below tells a replay by its reference just as well.
      if (guarded.length > 0) {
        const earlier = await this.repository.findTransaction(tx, posting.reference);
        if (earlier !== undefined) return { transactionId: earlier, replayed: true };
      }
      await this.repository.lockAccounts(
        tx,
        guarded.map((account) => account.id),
      );
      for (const account of guarded) {
        if ((await this.repository.balanceOf(tx, account.id)) + totals.get(account.code)! < 0) throw fail('insufficientBalance');
      }

      const transactionId = await this.repository.insertTransaction(tx, {
        kind: posting.kind,
        reference: posting.reference,
        memo: posting.memo ?? '',
      });
      if (transactionId === undefined) {
        // Booked before (a replay), or by a concurrent call meanwhile.
        const booked = await this.repository.findTransaction(tx, posting.reference);
        if (booked === undefined) throw new LedgerInvariantError(`reference ${posting.reference} vanished`);
        return { transactionId: booked, replayed: true };
      }
      await this.repository.insertEntries(
        tx,
        [...totals]
          .filter(([, amount]) => amount !== 0)
          .map(([code, amount]) => ({ transactionId, accountId: accounts.get(code)!.id, amount })),
      );
      return { transactionId, replayed: false };
    };
    return within ? book(within) : this.repository.db.transaction(book);
  }

  /** The accounts of these codes, from this process's memory or the database; a code without one is a bug. */
  private async accountsFor(tx: LedgerTx, codes: string[]): Promise<Map<string, LedgerAccountRow>> {
    const missing = codes.filter((code) => !this.knownAccounts.has(code));
    if (missing.length > 0) {
      for (const [code, account] of await this.repository.findAccounts(tx, missing)) this.knownAccounts.set(code, account);
    }
    for (const code of codes) if (!this.knownAccounts.has(code)) throw new LedgerInvariantError(`no account ${code}`);
    return new Map(codes.map((code) => [code, this.knownAccounts.get(code)!]));
  }
}

function assertBalanced(posting: Posting): void {
  if (posting.entries.length < 2) throw new LedgerInvariantError('a movement needs two sides');
  if (!posting.entries.every((entry) => Number.isSafeInteger(entry.amount) && entry.amount !== 0)) {
    throw new LedgerInvariantError('amounts are non-zero whole fen');
  }
  const sum = posting.entries.reduce((total, entry) => total + entry.amount, 0);
  if (sum !== 0) throw new LedgerInvariantError(`entries sum to ${sum}, not 0`);
}
