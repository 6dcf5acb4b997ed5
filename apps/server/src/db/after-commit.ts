import type { Db, Transaction } from './database.js';

type Callback = () => Promise<void>;

const pendingOf = new WeakMap<object, Callback[]>();

/**
 * Runs `callback` once the transaction `tx` commits (after the outermost one, for a savepoint), and
 * never if it rolls back. The transaction must have been opened by a database that `trackCommits` wrapped.
 */
export function afterCommit(tx: Transaction, callback: Callback): void {
  const pending = pendingOf.get(tx);
  if (!pending) throw new Error('afterCommit: this transaction was not opened by the database of openDatabase()');
  pending.push(callback);
}

interface TransactionOpener {
  transaction: Db['transaction'];
}

/**
 * Makes every transaction of `db` (and every savepoint inside one) remember what should happen after
 * it commits. Callbacks run in order, after the outermost transaction answered; the first that fails
 * stops the rest and its error reaches the caller, whose transaction is committed all the same.
 */
export function trackCommits<T extends TransactionOpener>(db: T): T {
  wrap(db, undefined);
  return db;
}

function wrap(opener: TransactionOpener, outer: Callback[] | undefined): void {
  const open = opener.transaction.bind(opener);
  const transaction = async (run: (tx: Transaction) => Promise<unknown>, config?: unknown) => {
    const pending: Callback[] = [];
    const result = await (open as (run: (tx: Transaction) => Promise<unknown>, config?: unknown) => Promise<unknown>)(async (tx) => {
      pendingOf.set(tx, pending);
      wrap(tx, pending);
      return run(tx);
    }, config);
    if (outer) outer.push(...pending);
    else for (const callback of pending) await callback();
    return result;
  };
  opener.transaction = transaction as Db['transaction'];
}
