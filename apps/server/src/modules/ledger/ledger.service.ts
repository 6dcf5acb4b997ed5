import { randomUUID } from 'node:crypto';
import { fenToYuan } from '@spatia/contract';
import { sql, type SQL } from 'drizzle-orm';
import { fail } from '../../lib/app-error.js';
import type { Db } from '../../db/database.js';
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
  /** `balance` of a user id that a statement gives. */
  balanceIn: (userId: SQL) => sql`'user:' || ${userId} || ':balance'`,
  /** The code of the debt account of the user an SQL expression names. */
  debtIn: (userId: SQL) => sql`'user:' || ${userId} || ':debt'`,
  income: (userId: number) => `user:${userId}:income`,
  /**
   * What a person owes after a reversal took more than their account held (docs/refunds.md): at or below
   * zero, minus the debt; never above. The one user account that may go below zero, and only by a reversal.
   */
  debt: (userId: number) => `user:${userId}:debt`,
  payments: 'system:payments',
  /** Where a payment provider's money enters: its balance is what the provider owes us, less what it paid out. */
  provider: (provider: string) => `system:payments:${provider}`,
  /** What the platform earned from a stream (`traffic`, `lease`). */
  revenue: (stream: 'traffic' | 'lease' | 'membership' | 'market' | 'serviceOrders') => `system:revenue:${stream}`,
  /** Withdrawals asked for and not yet paid or given back: their money waits here (docs/withdrawals.md). */
  withdrawalsPending: 'system:withdrawals:pending',
  /** Where paid-out money leaves, per payout provider. */
  payouts: (provider: string) => `system:payouts:${provider}`,
} as const;

/**
 * What a "balance short" message names when a balance does not hold `dueFen`: the amount due, the balance
 * (a debt shows as zero) and what is missing, in yuan. Each domain answers it under its own code.
 */
export function balanceShortfall(dueFen: number, balanceFen: number): { price: string; balance: string; short: string } {
  const held = Math.max(balanceFen, 0);
  return { price: fenToYuan(dueFen), balance: fenToYuan(held), short: fenToYuan(dueFen - held) };
}

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

  /** Given the caller's transaction, within it (on the embedded database a statement outside it would wait for it). */
  async openUserAccounts(userId: number, within?: LedgerTx): Promise<void> {
    await this.repository.ensureAccount(LedgerAccount.balance(userId), userId, false, within);
    await this.repository.ensureAccount(LedgerAccount.income(userId), userId, false, within);
  }

  /** Opens the accounts of many users at once, those not open yet (the daily billing's owners). */
  async openUserAccountsOf(userIds: readonly number[]): Promise<void> {
    const codes = userIds.flatMap((userId) => [LedgerAccount.balance(userId), LedgerAccount.income(userId)]);
    const missing = codes.filter((code) => !this.knownAccounts.has(code));
    if (missing.length === 0) return;
    for (const [code, account] of await this.repository.findAccounts(this.repository.db, missing)) this.knownAccounts.set(code, account);
    const unopened = userIds.flatMap((userId) =>
      [LedgerAccount.balance(userId), LedgerAccount.income(userId)]
        .filter((code) => !this.knownAccounts.has(code))
        .map((code) => ({ code, ownerUserId: userId, allowNegative: false })),
    );
    await this.repository.ensureAccounts(unopened);
  }

  async openSystemAccount(code: string, within?: LedgerTx): Promise<void> {
    await this.repository.ensureAccount(code, null, true, within);
  }

  /** An account's balance (0 for an account never opened); within the caller's transaction when given. */
  balance(account: string, within?: LedgerTx): Promise<number> {
    return this.repository.balanceByCode(account, within);
  }

  /** Whether the user ever owed a debt after a refund (their debt account exists), within the caller's transaction. */
  async hasOwed(userId: number, within: LedgerTx): Promise<boolean> {
    return (await this.repository.findAccounts(within, [LedgerAccount.debt(userId)])).size > 0;
  }

  /** The balances of these open accounts, without locking them (what a notice or a page shows). */
  async balances(codes: string[]): Promise<Map<string, number>> {
    if (codes.length === 0) return new Map();
    const accounts = await this.accountsFor(this.repository.db, codes);
    const balances = await this.repository.balancesOf(
      this.repository.db,
      [...accounts.values()].map((account) => account.id),
    );
    return new Map(codes.map((code) => [code, balances.get(accounts.get(code)!.id) ?? 0]));
  }

  /** Credits to `account` by these kinds of movement in [`from`, `to`), summed per kind and per UTC day. */
  creditSums(account: string, kinds: readonly string[], from: Date, to: Date, timeZone: string) {
    return this.repository.creditSums(account, kinds, from, to, timeZone);
  }

  /** One page of those credits, newest first. */
  credits(account: string, kinds: readonly string[], from: Date, to: Date, page: { limit: number; offset: number }) {
    return this.repository.credits(account, kinds, from, to, page);
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
      // A replay must answer the first booking even when the balance no longer covers it: look, once the
      // accounts are locked, so that a first booking that held the lock meanwhile is seen (each statement
      // reads what committed before it). Without a balance to check, the insert below tells a replay by
      // its reference just as well.
      if (guarded.length > 0) {
        await this.repository.lockAccounts(
          tx,
          guarded.map((account) => account.id),
        );
        const earlier = await this.repository.findTransaction(tx, posting.reference);
        if (earlier !== undefined) return { transactionId: earlier, replayed: true };
      }
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

  /**
   * A movement per row of the caller's CTE `source`, written by the caller's own statement, so that a
   * record changed, its money booked and a notice can be one round trip (a payment notification,
   * bench/payment-notifications.mjs). `amount` (an expression over `source`, above zero) goes from a system
   * account, which may go below zero, to the balance of the user `toBalanceOf` names, which only grows:
   * balanced by construction, nothing to lock or check. Answers the statement's common table expressions.
   */
  async creditFromSystem(
    source: SQL,
    movement: { from: string; toBalanceOf: SQL; amount: SQL; kind: SQL; reference: SQL; memo: SQL },
  ): Promise<SQL> {
    const from = (await this.accountsFor(this.repository.db, [movement.from])).get(movement.from)!;
    if (!from.allowNegative) throw new LedgerInvariantError(`${movement.from} is not a system account`);
    const { toBalanceOf, ...rest } = movement;
    return this.repository.transferCtes(source, { ...rest, fromAccountId: from.id, toCode: LedgerAccount.balanceIn(toBalanceOf) });
  }

  /**
   * Takes back money a user was credited, within the caller's transaction (a refund of their recharge, a
   * reversed sale's income; docs/refunds.md): `amountFen` goes from the user's `from` account to the system
   * account `to`. What the account no longer holds is taken from their debt account, which goes below zero
   * by that much: the account itself never does. Booked once by `reference`. Answers what the account paid
   * and what became debt (both zero for a replay).
   */
  async reverse(
    reversal: { reference: string; kind: string; memo?: string; userId: number; from: 'balance' | 'income'; to: string; amountFen: number },
    within: LedgerTx,
  ): Promise<{ takenFen: number; debtFen: number; booked: boolean }> {
    if (!Number.isSafeInteger(reversal.amountFen) || reversal.amountFen < 1)
      throw new LedgerInvariantError('a reversal is whole fen, at least 1');
    const from = reversal.from === 'balance' ? LedgerAccount.balance(reversal.userId) : LedgerAccount.income(reversal.userId);
    const debt = LedgerAccount.debt(reversal.userId);
    // Within the caller's transaction: on the embedded database a statement outside it would wait for it.
    if (!this.knownAccounts.has(debt)) await this.repository.ensureAccount(debt, reversal.userId, true, within);
    let takenFen = 0;
    let debtFen = 0;
    const booked = await this.postFromBalances([from], within, (balances) => {
      takenFen = Math.min(Math.max(balances.get(from) ?? 0, 0), reversal.amountFen);
      debtFen = reversal.amountFen - takenFen;
      const entries = [{ account: reversal.to, amount: reversal.amountFen }];
      if (takenFen > 0) entries.push({ account: from, amount: -takenFen });
      if (debtFen > 0) entries.push({ account: debt, amount: -debtFen });
      return [{ reference: reversal.reference, kind: reversal.kind, memo: reversal.memo, entries }];
    });
    return booked > 0 ? { takenFen, debtFen, booked: true } : { takenFen: 0, debtFen: 0, booked: false };
  }

  /** What the user owes (zero or more fen): the debt a reversal left, less what was settled since. */
  async debtOf(userId: number): Promise<number> {
    return 0 - (await this.repository.balanceByCode(LedgerAccount.debt(userId)));
  }

  /**
   * An SQL expression, true when the user the expression `userId` names has ever owed a debt (their debt
   * account exists): part of a caller's statement, so that a payment booked in one round trip learns in it
   * whether `settleDebt` has anything to do.
   */
  hasDebtAccount(userId: SQL): SQL {
    return this.repository.accountExists(LedgerAccount.debtIn(userId));
  }

  /**
   * Pays the user's debt from their balance, as far as the balance goes (after a recharge), or from their
   * income (after a market sale): the next money in settles what a refund left owing first. Answers what was
   * paid. The account paying is locked and the debt read after it, so two settlements never pay one debt twice.
   */
  async settleDebt(userId: number, within?: LedgerTx, from: 'balance' | 'income' = 'balance'): Promise<number> {
    const balance = from === 'balance' ? LedgerAccount.balance(userId) : LedgerAccount.income(userId);
    const debt = LedgerAccount.debt(userId);
    if ((await this.repository.findAccounts(within ?? this.repository.db, [debt])).size === 0) return 0;
    let paid = 0;
    const settle = async (tx: LedgerTx) => {
      // The balance's lock orders settlements; the debt (a system-like account, never locked) is read after it.
      const accounts = await this.accountsFor(tx, [balance, debt]);
      const [balanceId, debtId] = [accounts.get(balance)!.id, accounts.get(debt)!.id];
      await this.repository.lockAccounts(tx, [balanceId]);
      const balances = await this.repository.balancesOf(tx, [balanceId, debtId]);
      paid = Math.min(Math.max(balances.get(balanceId) ?? 0, 0), Math.max(0 - (balances.get(debtId) ?? 0), 0));
      if (paid === 0) return;
      // A settlement is decided on the locked balance, not replayed: each is its own movement.
      await this.post(
        {
          reference: `debt:${userId}:settle:${randomUUID()}`,
          kind: 'debtSettled',
          entries: [
            { account: balance, amount: -paid },
            { account: debt, amount: paid },
          ],
        },
        tx,
      );
    };
    await (within ? settle(within) : this.repository.db.transaction(settle));
    return paid;
  }

  /**
   * The balances of these accounts, locked (in id order) until the caller's transaction ends: what a
   * batch of movements may take from them is decided on these figures (the daily billing).
   */
  private async lockedBalances(codes: string[], within: LedgerTx): Promise<Map<string, number>> {
    if (codes.length === 0) return new Map();
    const accounts = await this.accountsFor(within, codes);
    const ids = [...accounts.values()].map((account) => account.id);
    await this.repository.lockAccounts(within, ids);
    const balances = await this.repository.balancesOf(within, ids);
    return new Map(codes.map((code) => [code, balances.get(accounts.get(code)!.id) ?? 0]));
  }

  /**
   * Books movements decided on balances, with a handful of statements, within the caller's transaction:
   * locks the accounts `codes` names (in id order), hands their balances to `build`, and books what it
   * answers, each movement balanced and idempotent by reference as `post` is. No guarded account may end
   * below zero (checked on the whole batch, so a batch that could overdraw is refused whole), and none may
   * be taken from without being locked. Answers how many were booked now. The daily billing charges each
   * balance as far as it goes this way, with one lock and one read of the balances.
   */
  async postFromBalances(codes: string[], within: LedgerTx, build: (balances: Map<string, number>) => Posting[]): Promise<number> {
    const balances = await this.lockedBalances(codes, within);
    const postings = build(new Map(balances));
    if (postings.length === 0) return 0;
    postings.forEach(assertBalanced);
    const accounts = await this.accountsFor(within, [
      ...new Set(postings.flatMap((posting) => posting.entries.map((entry) => entry.account))),
    ]);
    const after = new Map(balances);
    for (const entry of postings.flatMap((posting) => posting.entries)) {
      if (entry.amount > 0 || accounts.get(entry.account)!.allowNegative) continue;
      const balance = after.get(entry.account);
      if (balance === undefined) throw new LedgerInvariantError(`${entry.account} is taken from without being locked`);
      after.set(entry.account, balance + entry.amount);
    }
    if ([...after.values()].some((balance) => balance < 0)) throw fail('insufficientBalance');

    let booked = 0;
    for (let start = 0; start < postings.length; start += BATCH_SIZE) {
      const batch = postings.slice(start, start + BATCH_SIZE);
      const inserted = await this.repository.insertTransactions(
        within,
        batch.map((posting) => ({ kind: posting.kind, reference: posting.reference, memo: posting.memo ?? '' })),
      );
      const entries = batch.flatMap((posting) => {
        const transactionId = inserted.get(posting.reference);
        if (transactionId === undefined) return [];
        return posting.entries.map((entry) => ({ transactionId, accountId: accounts.get(entry.account)!.id, amount: entry.amount }));
      });
      if (entries.length > 0) await this.repository.insertManyEntries(within, entries);
      booked += inserted.size;
    }
    return booked;
  }

  /** The accounts of these codes, from this process's memory or the database; a code without one is a bug. */
  private async accountsFor(tx: LedgerTx | Db, codes: string[]): Promise<Map<string, LedgerAccountRow>> {
    const missing = codes.filter((code) => !this.knownAccounts.has(code));
    if (missing.length > 0) {
      for (const [code, account] of await this.repository.findAccounts(tx, missing)) this.knownAccounts.set(code, account);
    }
    for (const code of codes) if (!this.knownAccounts.has(code)) throw new LedgerInvariantError(`no account ${code}`);
    return new Map(codes.map((code) => [code, this.knownAccounts.get(code)!]));
  }
}

/** Postings written per statement. */
const BATCH_SIZE = 10_000;

function assertBalanced(posting: Posting): void {
  if (posting.entries.length < 2) throw new LedgerInvariantError('a movement needs two sides');
  if (!posting.entries.every((entry) => Number.isSafeInteger(entry.amount) && entry.amount !== 0)) {
    throw new LedgerInvariantError('amounts are non-zero whole fen');
  }
  const sum = posting.entries.reduce((total, entry) => total + entry.amount, 0);
  if (sum !== 0) throw new LedgerInvariantError(`entries sum to ${sum}, not 0`);
}
