import { bigint, boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idRef, serialId } from '../../db/schema/columns.js';
import { sql } from 'drizzle-orm';
import { users } from '../users/users.tables.js';

/**
 * Double-entry ledger. Money is integer fen. Every movement is one transaction whose entries sum to
 * zero; a balance is the sum of an account's entries and nothing else changes it.
 */
export const ledgerAccounts = pgTable('ledger_accounts', {
  id: serialId(),
  /** e.g. `user:42:balance`, `user:42:income`, `system:payments` */
  code: text('code').notNull().unique(),
  ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
  /** System accounts (where outside money enters and leaves) may go below zero; users' may not. */
  allowNegative: boolean('allow_negative').notNull().default(false),
  createdAt: createdAt(),
});

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: serialId(),
  kind: text('kind').notNull(),
  /** The caller's idempotency key: replaying a movement (a retried callback) books it once. */
  reference: text('reference').notNull().unique(),
  memo: text('memo').notNull().default(''),
  createdAt: createdAt(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serialId(),
    transactionId: idRef('transaction_id', () => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: idRef('account_id', () => ledgerAccounts.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    index().on(table.accountId),
    index().on(table.transactionId),
    check('ledger_entries_amount_not_zero', sql`${table.amount} <> 0`),
  ],
);
