import { and, count, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { anyId, arrayLiteral, recordset } from '../../db/bulk.js';
import { rowsOf, type Db } from '../../db/database.js';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.tables.js';

export type LedgerTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface LedgerAccountRow {
  id: number;
  code: string;
  allowNegative: boolean;
}

export class LedgerRepository {
  constructor(readonly db: Db) {}

  async ensureAccount(code: string, ownerUserId: number | null, allowNegative: boolean, executor: LedgerTx | Db = this.db): Promise<void> {
    await executor.insert(ledgerAccounts).values({ code, ownerUserId, allowNegative }).onConflictDoNothing();
  }

  async ensureAccounts(accounts: { code: string; ownerUserId: number | null; allowNegative: boolean }[]): Promise<void> {
    for (let start = 0; start < accounts.length; start += 10_000) {
      await this.db
        .insert(ledgerAccounts)
        .values(accounts.slice(start, start + 10_000))
        .onConflictDoNothing();
    }
  }

  async findAccounts(tx: LedgerTx | Db, codes: string[]): Promise<Map<string, LedgerAccountRow>> {
    const rows = await tx
      .select({ id: ledgerAccounts.id, code: ledgerAccounts.code, allowNegative: ledgerAccounts.allowNegative })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.code} = any(${arrayLiteral(codes)}::text[])`);
    return new Map(rows.map((row) => [row.code, row]));
  }

  /**
   * Locks accounts for this transaction, always in id order so two movements never deadlock. `no key
   * update`, not `update`: the entries that other movements insert take a key-share lock on the
   * accounts they name (the foreign key), which `update` would block and `no key update` does not.
   */
  async lockAccounts(tx: LedgerTx, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.execute(sql`select id from ${ledgerAccounts} where id ${anyId(ids)} order by id for no key update`);
  }

  async balanceOf(executor: LedgerTx | Db, accountId: number): Promise<number> {
    const [row] = await executor
      .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId));
    return Number(row?.balance ?? 0);
  }

  /** The balances of these accounts (0 for one without entries). */
  async balancesOf(executor: LedgerTx | Db, accountIds: number[]): Promise<Map<number, number>> {
    if (accountIds.length === 0) return new Map();
    const rows = await rowsOf<{ account_id: string; balance: string }>(
      executor,
      sql`select account_id, sum(amount) as balance from ${ledgerEntries} where account_id ${anyId(accountIds)} group by account_id`,
    );
    const balances = new Map(accountIds.map((id) => [id, 0]));
    for (const row of rows) balances.set(Number(row.account_id), Number(row.balance));
    return balances;
  }

  async balanceByCode(code: string, executor: LedgerTx | Db = this.db): Promise<number> {
    const [row] = await executor
      .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerAccounts.code, code));
    return Number(row?.balance ?? 0);
  }

  async findTransaction(executor: LedgerTx | Db, reference: string): Promise<number | undefined> {
    const [row] = await executor
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, reference));
    return row?.id;
  }

  /** Inserts the transaction, or nothing when its reference was booked meanwhile. */
  async insertTransaction(tx: LedgerTx, transaction: { kind: string; reference: string; memo: string }): Promise<number | undefined> {
    const [row] = await tx.insert(ledgerTransactions).values(transaction).onConflictDoNothing().returning({ id: ledgerTransactions.id });
    return row?.id;
  }

  /** Inserts the transactions whose references are new; answers the id of each one inserted, by reference. */
  async insertTransactions(tx: LedgerTx, transactions: { kind: string; reference: string; memo: string }[]): Promise<Map<string, number>> {
    const rows = await rowsOf<{ id: string; reference: string }>(
      tx,
      sql`insert into ${ledgerTransactions} (kind, reference, memo)
          select kind, reference, memo from ${recordset(transactions, 'kind text, reference text, memo text')}
          on conflict (reference) do nothing
          returning id, reference`,
    );
    return new Map(rows.map((row) => [row.reference, Number(row.id)]));
  }

  /** Entries of many movements in one statement. */
  async insertManyEntries(tx: LedgerTx, entries: { transactionId: number; accountId: number; amount: number }[]): Promise<void> {
    await tx.execute(
      sql`insert into ${ledgerEntries} (transaction_id, account_id, amount)
          select "transactionId", "accountId", amount from ${recordset(entries, '"transactionId" bigint, "accountId" bigint, amount bigint')}`,
    );
  }

  /**
   * Common table expressions that book, as part of the caller's statement, one movement per row of its
   * CTE `source`: `amount` fen from the account `fromAccountId` to the account whose code `toCode` gives.
   * A `toCode` without an account fails the statement (its entry's account would be null), and so does a
   * reference booked before.
   */
  transferCtes(source: SQL, movement: { fromAccountId: number; toCode: SQL; amount: SQL; kind: SQL; reference: SQL; memo: SQL }): SQL {
    return sql`ledger_posted as (
        insert into ${ledgerTransactions} (kind, reference, memo)
        select ${movement.kind}, ${movement.reference}, ${movement.memo} from ${source}
        returning id, reference
      ),
      ledger_entered as (
        insert into ${ledgerEntries} (transaction_id, account_id, amount)
        select posted.id, entry.account_id, entry.amount
        from ledger_posted posted
        join ${source} on posted.reference = ${movement.reference}
        cross join lateral (values
          (${movement.fromAccountId}::bigint, -(${movement.amount})),
          ((select id from ${ledgerAccounts} where code = ${movement.toCode}), ${movement.amount})
        ) as entry(account_id, amount)
      )`;
  }

  /** An SQL expression: whether the account whose code `code` gives exists. */
  accountExists(code: SQL): SQL {
    return sql`exists (select 1 from ${ledgerAccounts} where code = ${code})`;
  }

  async insertEntries(tx: LedgerTx, entries: { transactionId: number; accountId: number; amount: number }[]): Promise<void> {
    await tx.insert(ledgerEntries).values(entries);
  }

  /**
   * Credits (positive entries) to the account `code` by transactions of these kinds booked in
   * [`from`, `to`): their sums per kind and per day of `timeZone`. Income statistics read this.
   */
  async creditSums(
    code: string,
    kinds: readonly string[],
    from: Date,
    to: Date,
    timeZone: string,
  ): Promise<{ byKind: { kind: string; amount: number; count: number }[]; byDay: { day: string; amount: number }[] }> {
    const where = this.creditsWhere(code, kinds, from, to);
    const day = sql<string>`to_char(${ledgerTransactions.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
    const [byKind, byDay] = await Promise.all([
      this.db
        .select({ kind: ledgerTransactions.kind, amount: sql<string>`sum(${ledgerEntries.amount})`, count: count() })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(where)
        .groupBy(ledgerTransactions.kind),
      this.db
        .select({ day, amount: sql<string>`sum(${ledgerEntries.amount})` })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(where)
        // By position: the zone is a parameter, and the same expression written twice would be two parameters.
        .groupBy(sql`1`)
        .orderBy(sql`1`),
    ]);
    return {
      byKind: byKind.map((row) => ({ kind: row.kind, amount: Number(row.amount), count: row.count })),
      byDay: byDay.map((row) => ({ day: row.day, amount: Number(row.amount) })),
    };
  }

  /** One page of the credits `creditSums` adds up, newest first, and how many there are. */
  async credits(
    code: string,
    kinds: readonly string[],
    from: Date,
    to: Date,
    page: { limit: number; offset: number },
  ): Promise<{ rows: { transactionId: number; kind: string; memo: string; amount: number; at: Date }[]; total: number }> {
    const where = this.creditsWhere(code, kinds, from, to);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({
          transactionId: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          memo: ledgerTransactions.memo,
          amount: ledgerEntries.amount,
          at: ledgerTransactions.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(where)
        .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ total: count() })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  private creditsWhere(code: string, kinds: readonly string[], from: Date, to: Date): SQL | undefined {
    if (kinds.length === 0) return sql`false`;
    return and(
      eq(ledgerAccounts.code, code),
      gt(ledgerEntries.amount, 0),
      inArray(ledgerTransactions.kind, [...kinds]),
      gte(ledgerTransactions.createdAt, from),
      lt(ledgerTransactions.createdAt, to),
    );
  }
}
