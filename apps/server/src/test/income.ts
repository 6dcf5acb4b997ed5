import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LedgerAccount } from '../modules/ledger/ledger.service.js';

const TEST_SALES = 'system:test:sales';

/** `fen` of income for the user, booked as a sale from a test account: what withdrawals take out. */
export async function earnIncome(app: FastifyInstance, userId: number, fen: number): Promise<void> {
  const { ledger } = app.services;
  await ledger.openSystemAccount(TEST_SALES);
  await ledger.openUserAccounts(userId);
  await ledger.post({
    reference: `test:earn:${randomUUID()}`,
    kind: 'sale',
    entries: [
      { account: TEST_SALES, amount: -fen },
      { account: LedgerAccount.income(userId), amount: fen },
    ],
  });
}

/** `fen` on the user's flow balance, booked as a paid sandbox recharge would book it. */
export async function fundBalance(app: FastifyInstance, userId: number, fen: number): Promise<void> {
  const { ledger } = app.services;
  await ledger.openUserAccounts(userId);
  await ledger.openSystemAccount(LedgerAccount.provider('sandbox'));
  await ledger.post({
    reference: `test:fund:${randomUUID()}`,
    kind: 'flowRecharge',
    entries: [
      { account: LedgerAccount.provider('sandbox'), amount: -fen },
      { account: LedgerAccount.balance(userId), amount: fen },
    ],
  });
}

/** A debt of `fen` on the user, as a refund leaves one when the balance no longer holds what it takes back. */
export async function oweDebt(app: FastifyInstance, userId: number, fen: number): Promise<void> {
  const { ledger, database } = app.services;
  await ledger.openUserAccounts(userId);
  await ledger.openSystemAccount(LedgerAccount.provider('sandbox'));
  await database.db.transaction((tx) =>
    ledger.reverse(
      {
        reference: `test:debt:${randomUUID()}`,
        kind: 'test',
        userId,
        from: 'balance',
        to: LedgerAccount.provider('sandbox'),
        amountFen: fen,
      },
      tx,
    ),
  );
}
