import { LedgerErrors } from '@spatia/contract';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { LedgerRepository, type LedgerTx } from './ledger.repository.js';
import { LedgerAccount, LedgerInvariantError, LedgerService, type Posting } from './ledger.service.js';
import { paidPosting, requestPosting, reversalPosting } from '../withdrawals/withdrawal-postings.js';

let testDatabase: TestDatabase;
let ledger: LedgerService;
let run = 0;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  ledger = new LedgerService(new LedgerRepository(testDatabase.database.db));
});
afterAll(() => testDatabase.drop());

/** Accounts of one scenario, under their own prefix so scenarios share a database without meeting. */
async function openScenario(users: number) {
  run += 1;
  const prefix = `run${run}`;
  const system = `${prefix}:system:payments`;
  await ledger.openSystemAccount(system);
  const accounts = Array.from({ length: users }, (_, index) => ({
    balance: `${prefix}:user:${index}:balance`,
    income: `${prefix}:user:${index}:income`,
  }));
  for (const account of accounts) {
    await testDatabase.database.db.execute(sql`insert into ledger_accounts (code) values (${account.balance}), (${account.income})`);
  }
  return { prefix, system, accounts };
}

/** The entries of `amount` fen moving from one account to another. */
function movement(from: string, to: string, amount: number) {
  return [
    { account: from, amount: -amount },
    { account: to, amount },
  ];
}

/** Books `amount` fen from the scenario's system account onto `account`, as a top-up. */
function topUp(prefix: string, system: string, account: string, amount: number) {
  return ledger.post({ reference: `${prefix}:topup`, kind: 'topup', entries: movement(system, account, amount) });
}

describe('ledger postings', () => {
  it('moves money in balanced transactions and derives balances from entries', async () => {
    const { system, accounts, prefix } = await openScenario(2);
    const [buyer, seller] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
    await topUp(prefix, system, buyer.balance, 10_000);
    await ledger.post({
      reference: `${prefix}:sale`,
      kind: 'sale',
      entries: movement(buyer.balance, seller.income, 2_550),
    });
    expect(await ledger.balance(buyer.balance)).toBe(7_450);
    expect(await ledger.balance(seller.income)).toBe(2_550);
    expect(await ledger.balance(system)).toBe(-10_000);
  });

  it('books a replayed reference once', async () => {
    const { system, accounts, prefix } = await openScenario(1);
    const posting = {
      reference: `${prefix}:callback-1`,
      kind: 'topup',
      entries: movement(system, accounts[0]!.balance, 500),
    };
    const first = await ledger.post(posting);
    const again = await ledger.post(posting);
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await ledger.balance(accounts[0]!.balance)).toBe(500);
  });

  it('refuses to take a user below zero, booking nothing', async () => {
    const { system, accounts, prefix } = await openScenario(2);
    await topUp(prefix, system, accounts[0]!.balance, 100);
    await expect(
      ledger.post({
        reference: `${prefix}:too-much`,
        kind: 'sale',
        entries: movement(accounts[0]!.balance, accounts[1]!.income, 101),
      }),
    ).rejects.toMatchObject({ code: LedgerErrors.insufficientBalance.code, httpStatus: 409 });
    expect(await ledger.balance(accounts[0]!.balance)).toBe(100);
    expect(await ledger.balance(accounts[1]!.income)).toBe(0);
  });

  it('never overdraws an account under concurrent movements', async () => {
    const { system, accounts, prefix } = await openScenario(2);
    await topUp(prefix, system, accounts[0]!.balance, 1_000);
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        ledger.post({
          reference: `${prefix}:sale-${index}`,
          kind: 'sale',
          entries: movement(accounts[0]!.balance, accounts[1]!.income, 300),
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(3);
    expect(await ledger.balance(accounts[0]!.balance)).toBe(100);
    expect(await ledger.balance(accounts[1]!.income)).toBe(900);
  });

  it('answers concurrent replays of one movement with its booking, not with an insufficient balance', async () => {
    const { system, accounts, prefix } = await openScenario(2);
    await topUp(prefix, system, accounts[0]!.balance, 1_000);
    // The balance covers the movement once: a retried request racing its first must not read as an overdraft.
    const posting = {
      reference: `${prefix}:pressed-twice`,
      kind: 'sale',
      entries: movement(accounts[0]!.balance, accounts[1]!.income, 700),
    };
    const answers = await Promise.all(Array.from({ length: 4 }, () => ledger.post(posting)));
    expect(new Set(answers.map((answer) => answer.transactionId)).size).toBe(1);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(await ledger.balance(accounts[0]!.balance)).toBe(300);
    expect(await ledger.balance(accounts[1]!.income)).toBe(700);
  });

  it('moves money both ways between two accounts at once without a deadlock, and credits a system account in parallel', async () => {
    const { system, accounts, prefix } = await openScenario(2);
    const [first, second] = [accounts[0]!.balance, accounts[1]!.balance];
    await ledger.post({ reference: `${prefix}:topup-0`, kind: 'topup', entries: movement(system, first, 10_000) });
    await ledger.post({ reference: `${prefix}:topup-1`, kind: 'topup', entries: movement(system, second, 10_000) });
    // Each debits one account and credits the other (whose row the entry's foreign key then touches),
    // while top-ups credit both: locking every account named would deadlock on PostgreSQL.
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        ledger.post({
          reference: `${prefix}:swap-${index}`,
          kind: 'sale',
          entries:
            index % 3 === 2
              ? movement(system, index % 2 ? first : second, 10)
              : movement(index % 2 ? first : second, index % 2 ? second : first, 100),
        }),
      ),
    );
    expect((await ledger.balance(first)) + (await ledger.balance(second))).toBe(20_000 + 10 * 10);
    expect(await ledger.balance(system)).toBe(-20_100);
  });

  it('books a batch decided on locked balances only when no balance goes below zero, and only from what was locked', async () => {
    const { prefix, system, accounts } = await openScenario(2);
    const [first, second] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
    await ledger.post({ reference: `${prefix}:fund`, kind: 'topup', entries: movement(system, first.balance, 100) });
    const batch = (reference: string, amount: number) => [{ reference, kind: 'bill', entries: movement(first.balance, system, amount) }];
    const inTransaction = <T>(work: (tx: LedgerTx) => Promise<T>) => testDatabase.database.db.transaction(work);

    await expect(
      inTransaction((tx) => ledger.postFromBalances([first.balance], tx, () => batch(`${prefix}:over`, 101))),
    ).rejects.toMatchObject({
      code: LedgerErrors.insufficientBalance.code,
    });
    await expect(
      inTransaction((tx) => ledger.postFromBalances([second.balance], tx, () => batch(`${prefix}:unlocked`, 1))),
    ).rejects.toBeInstanceOf(LedgerInvariantError);
    expect(await ledger.balance(first.balance)).toBe(100);

    const seen: number[] = [];
    const booked = await inTransaction((tx) =>
      ledger.postFromBalances([first.balance], tx, (balances) => (seen.push(balances.get(first.balance)!), batch(`${prefix}:ok`, 100))),
    );
    expect({ booked, seen, balance: await ledger.balance(first.balance) }).toEqual({ booked: 1, seen: [100], balance: 0 });
  });

  it("credits balances from a system account within the caller's statement, once per reference", async () => {
    const { prefix, system } = await openScenario(0);
    const userIds = [1, 2].map((index) => 900_000_000 + run * 10 + index);
    const codes = userIds.map((userId) => `user:${userId}:balance`);
    for (const code of codes) await testDatabase.database.db.execute(sql`insert into ledger_accounts (code) values (${code})`);
    const movementOf = { toBalanceOf: sql`source.user_id`, amount: sql`source.amount`, kind: sql`'topup'`, memo: sql`''` };
    const credit = await ledger.creditFromSystem(sql`source`, {
      ...movementOf,
      from: system,
      reference: sql`${`${prefix}:credit:`} || source.user_id`,
    });
    const statement = sql`with source as (
        select * from (values (${userIds[0]}::bigint, 300::bigint), (${userIds[1]}::bigint, 500::bigint)) as given(user_id, amount)
      ), ${credit} select 1`;
    await testDatabase.database.db.execute(statement);
    expect(await ledger.balances([...codes, system])).toEqual(
      new Map([...codes.map((code, index) => [code, [300, 500][index]!] as const), [system, -800]]),
    );

    // The same references again fail the whole statement: nothing is booked twice.
    await expect(testDatabase.database.db.execute(statement)).rejects.toThrow();
    expect(await ledger.balance(system)).toBe(-800);
    // Only a system account may be the source: a user's balance would need a lock and a check.
    await expect(ledger.creditFromSystem(sql`source`, { ...movementOf, from: codes[0]!, reference: sql`'x'` })).rejects.toThrow(
      LedgerInvariantError,
    );
  });

  it('rejects unbalanced, fractional or one-sided postings before touching the database', async () => {
    const { system, accounts, prefix } = await openScenario(1);
    const account = accounts[0]!.balance;
    for (const entries of [
      [
        { account: system, amount: -100 },
        { account, amount: 99 },
      ],
      [
        { account: system, amount: -1.5 },
        { account, amount: 1.5 },
      ],
      [
        { account, amount: 0 },
        { account: system, amount: 0 },
      ],
      [{ account, amount: 100 }],
    ]) {
      await expect(ledger.post({ reference: `${prefix}:${JSON.stringify(entries)}`, kind: 'x', entries })).rejects.toBeInstanceOf(
        LedgerInvariantError,
      );
    }
  });
});

describe('the database guarding the ledger', () => {
  const db = () => testDatabase.database.db;
  /** A movement written with plain SQL, past LedgerService: the database alone decides. */
  const writeRaw = (reference: string, entries: { account: string; amount: number }[]) =>
    db().transaction(async (tx) => {
      const [row] = await rowsOf<{ id: string }>(
        tx,
        sql`insert into ledger_transactions (kind, reference) values ('raw', ${reference}) returning id`,
      );
      // One statement for all of the movement's entries, as ledger.repository.ts writes them.
      const values = entries.map(
        (entry) => sql`(${row!.id}::bigint, (select id from ledger_accounts where code = ${entry.account}), ${entry.amount}::bigint)`,
      );
      await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount) values ${sql.join(values, sql`, `)}`);
      return Number(row!.id);
    });
  /** What the database said refusing `work`: Drizzle names the query and wraps the refusal; a failed commit stands alone. */
  const refusal = async (work: Promise<unknown>): Promise<string> => {
    const error = await work.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    const messages: string[] = [];
    for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
    return messages.join(' / ');
  };
  const transactionsOf = async (reference: string) =>
    (await rowsOf<{ count: number }>(db(), sql`select count(*)::int as count from ledger_transactions where reference = ${reference}`))[0]!
      .count;

  it('refuses a transaction whose entries do not sum to zero', async () => {
    const { system, accounts, prefix } = await openScenario(1);
    const account = accounts[0]!.balance;
    expect(await refusal(writeRaw(`${prefix}:unbalanced`, [{ account, amount: 100 }]))).toMatch(/does not balance: its entries sum to 100/);
    const offByOne = [
      { account: system, amount: -100 },
      { account, amount: 99 },
    ];
    expect(await refusal(writeRaw(`${prefix}:off-by-one`, offByOne))).toMatch(/does not balance: its entries sum to -1/);
    expect(await transactionsOf(`${prefix}:unbalanced`)).toBe(0);
    expect(await ledger.balance(account)).toBe(0);
    // Its entries written in one statement, a balanced movement commits.
    await writeRaw(`${prefix}:balanced`, movement(system, account, 250));
    expect(await ledger.balance(account)).toBe(250);
  });

  it('refuses any change or removal of an entry or a transaction', async () => {
    const { system, accounts, prefix } = await openScenario(1);
    const { transactionId } = await topUp(prefix, system, accounts[0]!.balance, 500);
    const appendOnly = (table: string) => new RegExp(`${table} is append-only: a movement is corrected by another movement`);
    const entries = sql`ledger_entries where transaction_id = ${transactionId}`;
    const transaction = sql`ledger_transactions where id = ${transactionId}`;
    expect(await refusal(db().execute(sql`update ledger_entries set amount = amount * 2 where transaction_id = ${transactionId}`))).toMatch(
      appendOnly('ledger_entries'),
    );
    expect(await refusal(db().execute(sql`delete from ${entries}`))).toMatch(appendOnly('ledger_entries'));
    expect(await refusal(db().execute(sql`update ledger_transactions set reference = 'moved' where id = ${transactionId}`))).toMatch(
      appendOnly('ledger_transactions'),
    );
    expect(await refusal(db().execute(sql`delete from ${transaction}`))).toMatch(appendOnly('ledger_transactions'));
    expect(await ledger.balance(accounts[0]!.balance)).toBe(500);
    expect(await transactionsOf(`${prefix}:topup`)).toBe(1);
  });
});

type Operation =
  /** A recharge, booked as a payment notification books it (docs/payments.md), then the payer's debt paid from it first. */
  | { type: 'topup'; user: number; amount: number; reference: number }
  | { type: 'sale'; from: number; to: number; amount: number; reference: number }
  /** A withdrawal of income asked for (`id` picks its number, so a repeated id replays the request). */
  | { type: 'withdraw'; user: number; amount: number; id: number }
  /** The payout job's or an admin's word on a withdrawal asked for before: paid, or given back. */
  | { type: 'settle'; id: number; outcome: 'paid' | 'reversed' }
  /** A day's traffic billing: each user's balance gives what it can of their cost (a repeated day is a replay). */
  | { type: 'bill'; day: number; costs: number[] }
  /** A refund of a recharge booked before (`topup` picks it): what is left of it when `whole`, else at most `amount`. */
  | { type: 'refund'; topup: number; amount: number; whole: boolean }
  /** A sale booked before refunded to its buyer (`sale` picks it): the seller's income reversed, in part or whole. */
  | { type: 'reverseSale'; sale: number; amount: number; whole: boolean }
  /** A reversal booked before (`reversal` picks it) arriving again: a second refund notification, a retried job. */
  | { type: 'replayReversal'; reversal: number };

const operation = (users: number): fc.Arbitrary<Operation> => {
  const user = fc.nat(users - 1);
  const amountUpTo = (max: number) => fc.integer({ min: 1, max });
  // Few references and withdrawal ids: a repeated one is a replay, and a settlement finds the withdrawal it settles.
  const reference = fc.nat(40);
  const withdrawalId = fc.nat(12);
  // Which earlier recharge, sale or reversal: taken modulo how many there are by then.
  const earlier = fc.nat(60);
  // Money must come in and be spent before it can be refunded or reversed: those weigh more.
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ type: fc.constant('topup' as const), user, amount: amountUpTo(30_000), reference }) },
    {
      weight: 3,
      arbitrary: fc.record({ type: fc.constant('sale' as const), from: user, to: user, amount: amountUpTo(30_000), reference }),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('withdraw' as const), user, amount: amountUpTo(60_000), id: withdrawalId }) },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant('settle' as const),
        id: withdrawalId,
        outcome: fc.constantFrom('paid' as const, 'reversed' as const),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('bill' as const),
        day: fc.nat(9),
        costs: fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: users, maxLength: users }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ type: fc.constant('refund' as const), topup: earlier, amount: amountUpTo(50_000), whole: fc.boolean() }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ type: fc.constant('reverseSale' as const), sale: earlier, amount: amountUpTo(30_000), whole: fc.boolean() }),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('replayReversal' as const), reversal: earlier }) },
  );
};

/** Real users (a reversal opens a debt account that names its owner), under the scenario's prefix. */
async function createUsers(prefix: string, count: number): Promise<number[]> {
  const rows = await rowsOf<{ id: string }>(
    testDatabase.database.db,
    sql`insert into users (uid, phone, full_name, invite_code)
        select ${prefix} || ':' || n, ${prefix} || ':' || n, 'Property ' || n, ${prefix} || ':' || n from generate_series(1, ${count}) as n
        returning id`,
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

type Reversal = Parameters<LedgerService['reverse']>[0];

describe('ledger property', () => {
  it('no sequence of recharges, sales, traffic bills, withdrawals, payouts, refunds, reversed sales, debts, overdrafts and replays creates or loses money', async () => {
    // Two people, so that a debt and the next recharge often meet the same one; sequences of any length up to
    // 30 (fast-check's default size keeps them near 10: too short for money to come in, go out and be refunded).
    const users = 2;
    const db = testDatabase.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(operation(users), { minLength: 1, maxLength: 30, size: 'max' }), async (operations) => {
        const { system, prefix } = await openScenario(0);
        // The accounts reverse, settleDebt and hasDebtAccount name: `user:{id}:balance`, `…:income`, `…:debt`.
        const userIds = await createUsers(prefix, users);
        for (const userId of userIds) await ledger.openUserAccounts(userId);
        const accounts = userIds.map((userId) => ({
          balance: LedgerAccount.balance(userId),
          income: LedgerAccount.income(userId),
          debt: LedgerAccount.debt(userId),
        }));
        const pending = `${prefix}:system:withdrawals:pending`;
        const payouts = `${prefix}:system:payouts:sandbox`;
        const revenue = `${prefix}:system:revenue:traffic`;
        /** What a refunded sale's seller gives back passes through here to its buyer, in one transaction. */
        const market = `${prefix}:system:market`;
        for (const code of [pending, payouts, revenue, market]) await ledger.openSystemAccount(code);
        const systems = [system, pending, payouts, revenue, market];
        const all = [...systems, ...accounts.flatMap((account) => [account.balance, account.income, account.debt])];

        const billedDays = new Set<number>();
        /** Every account but the debts: what it should hold. */
        const model = new Map<string, number>();
        const booked = new Set<number>();
        const add = (account: string, amount: number) => model.set(account, (model.get(account) ?? 0) + amount);
        /** Withdrawals asked for, by id: whose, how much, and whether paid or given back yet. */
        const withdrawals = new Map<number, { user: number; amount: number; settled?: 'paid' | 'reversed' }>();
        /** Recharges and sales booked, with what was refunded of them so far and in how many refunds. */
        const topups: { user: number; amount: number; refunded: number; refunds: number }[] = [];
        const sales: { from: number; to: number; amount: number; refunded: number; refunds: number }[] = [];
        /** Reversals booked, each with the buyer's refund of a reversed sale (booked in the same transaction). */
        const reversals: { reversal: Reversal; buyerRefund?: Posting }[] = [];
        /** Per user: what reversals took that the account no longer held, and what recharges settled of it since. */
        const debts = userIds.map(() => ({ uncovered: 0, settled: 0 }));
        const owed = (user: number) => debts[user]!.uncovered - debts[user]!.settled;

        /** Every account's balance, read in one statement (a debt account not opened yet holds 0). */
        const snapshot = async () => {
          const rows = await rowsOf<{ code: string; balance: string }>(
            db,
            sql`select account.code, coalesce(sum(entry.amount), 0) as balance
                from ledger_accounts account left join ledger_entries entry on entry.account_id = account.id
                where account.code in (${sql.join(
                  all.map((code) => sql`${code}`),
                  sql`, `,
                )})
                group by account.code`,
          );
          const found = new Map(rows.map((row) => [row.code, Number(row.balance)]));
          return new Map(all.map((code) => [code, found.get(code) ?? 0]));
        };
        /** A replay: it answers as `check` expects, and no balance moves. */
        const replayed = async <T>(work: () => Promise<T>, check: (answer: T) => void) => {
          const before = await snapshot();
          check(await work());
          expect(await snapshot()).toEqual(before);
        };
        /** A reversal and, for a sale, the buyer's refund, in one transaction as the services book them. */
        const bookReversal = ({ reversal, buyerRefund }: (typeof reversals)[number]) =>
          db.transaction(async (tx) => {
            const answer = await ledger.reverse(reversal, tx);
            return { answer, buyerRefund: buyerRefund && (await ledger.post(buyerRefund, tx)) };
          });
        /** Books a new reversal of `amount` from `from` (what it holds; the rest as `user`'s debt) and models it. */
        const reverseNew = async (booking: (typeof reversals)[number], user: number, from: string) => {
          const { amountFen } = booking.reversal;
          const takenFen = Math.min(model.get(from) ?? 0, amountFen);
          const { answer, buyerRefund } = await bookReversal(booking);
          expect(answer).toEqual({ takenFen, debtFen: amountFen - takenFen, booked: true });
          if (booking.buyerRefund) expect(buyerRefund).toMatchObject({ replayed: false });
          reversals.push(booking);
          add(from, -takenFen);
          add(booking.reversal.to, amountFen);
          for (const entry of booking.buyerRefund?.entries ?? []) add(entry.account, entry.amount);
          debts[user]!.uncovered += amountFen - takenFen;
        };

        for (const op of operations) {
          if (op.type === 'bill') {
            // As the daily billing does: one movement for the day, each balance charged as far as it goes.
            const charges: { account: string; amount: number }[] = [];
            const bill = () =>
              db.transaction((tx) =>
                ledger.postFromBalances(
                  accounts.map((account) => account.balance),
                  tx,
                  (available) => {
                    charges.length = 0;
                    for (const [index, account] of accounts.entries()) {
                      const amount = Math.min(op.costs[index]!, available.get(account.balance)!);
                      if (amount > 0) charges.push({ account: account.balance, amount: -amount });
                    }
                    const total = -charges.reduce((sum, charge) => sum + charge.amount, 0);
                    return total === 0
                      ? []
                      : [
                          {
                            reference: `${prefix}:bill:${op.day}`,
                            kind: 'trafficBill',
                            entries: [...charges, { account: revenue, amount: total }],
                          },
                        ];
                  },
                ),
              );
            if (billedDays.has(op.day)) {
              await replayed(bill, (count) => expect(count).toBe(0));
              continue;
            }
            const count = await bill();
            expect(count).toBe(charges.length > 0 ? 1 : 0);
            if (count === 1) {
              billedDays.add(op.day);
              const total = -charges.reduce((sum, charge) => sum + charge.amount, 0);
              for (const charge of charges) add(charge.account, charge.amount);
              add(revenue, total);
            }
            continue;
          }
          if (op.type === 'withdraw') {
            // A repeated id is the same request sent again (its first owner and amount): a replay.
            const earlier = withdrawals.get(op.id);
            const owner = accounts[earlier?.user ?? op.user]!;
            const posting = requestPosting(`${prefix}:${op.id}`, earlier?.amount ?? op.amount, { income: owner.income, pending });
            const request = () => ledger.post(posting).catch((error: unknown) => error);
            if (earlier) {
              await replayed(request, (result) => expect(result).toMatchObject({ replayed: true }));
              continue;
            }
            const result = await request();
            if ((model.get(owner.income) ?? 0) >= op.amount) {
              expect(result).toMatchObject({ replayed: false });
              withdrawals.set(op.id, { user: op.user, amount: op.amount });
              for (const entry of posting.entries) add(entry.account, entry.amount);
            } else {
              expect(result).toMatchObject({ code: LedgerErrors.insufficientBalance.code });
            }
            continue;
          }
          if (op.type === 'settle') {
            const withdrawal = withdrawals.get(op.id);
            if (!withdrawal) continue;
            // The service books one outcome per withdrawal (its locked row decides); a second word is a replay of the first.
            const income = accounts[withdrawal.user]!.income;
            const outcome = withdrawal.settled ?? op.outcome;
            const posting =
              outcome === 'paid'
                ? paidPosting(`${prefix}:${op.id}`, withdrawal.amount, { income, pending, payouts })
                : reversalPosting(`${prefix}:${op.id}`, withdrawal.amount, { income, pending });
            if (withdrawal.settled) {
              await replayed(
                () => ledger.post(posting),
                (result) => expect(result).toMatchObject({ replayed: true }),
              );
              continue;
            }
            expect(await ledger.post(posting)).toMatchObject({ replayed: false });
            withdrawal.settled = outcome;
            for (const entry of posting.entries) add(entry.account, entry.amount);
            continue;
          }
          if (op.type === 'topup') {
            // As a payment notification: the credit and whether the payer has a debt account in one statement,
            // then the debt paid first from the new money (recharge.service.ts).
            const userId = userIds[op.user]!;
            const account = accounts[op.user]!;
            const credit = await ledger.creditFromSystem(sql`source`, {
              from: system,
              toBalanceOf: sql`source.user_id`,
              amount: sql`source.amount`,
              kind: sql`'topup'`,
              reference: sql`source.reference`,
              memo: sql`''`,
            });
            const statement = sql`with source as (
                select ${userId}::bigint as user_id, ${op.amount}::bigint as amount, ${`${prefix}:${op.reference}`}::text as reference
              ), ${credit}
              select ${ledger.hasDebtAccount(sql`source.user_id`)} as in_debt from source`;
            if (booked.has(op.reference)) {
              // A reference booked before fails the whole statement.
              await replayed(
                () =>
                  db.execute(statement).then(
                    () => 'booked',
                    () => 'refused',
                  ),
                (result) => expect(result).toBe('refused'),
              );
              continue;
            }
            const [row] = await rowsOf<{ in_debt: boolean }>(db, statement);
            booked.add(op.reference);
            topups.push({ user: op.user, amount: op.amount, refunded: 0, refunds: 0 });
            add(system, -op.amount);
            add(account.balance, op.amount);
            // Whoever owes has a debt account (the reversal that made the debt opened it).
            if (owed(op.user) > 0) expect(row!.in_debt).toBe(true);
            if (row!.in_debt) {
              const paid = await ledger.settleDebt(userId);
              expect(paid).toBe(Math.min(model.get(account.balance)!, owed(op.user)));
              add(account.balance, -paid);
              debts[op.user]!.settled += paid;
            }
            continue;
          }
          if (op.type === 'refund') {
            // The refunds service refuses more than is left of the recharge before the ledger hears of it.
            if (topups.length === 0) continue;
            const index = op.topup % topups.length;
            const topup = topups[index]!;
            const left = topup.amount - topup.refunded;
            if (left === 0) continue;
            const amountFen = op.whole ? left : Math.min(op.amount, left);
            topup.refunded += amountFen;
            topup.refunds += 1;
            const reversal: Reversal = {
              reference: `${prefix}:refund:${index}F${topup.refunds}`,
              kind: 'rechargeRefund',
              userId: userIds[topup.user]!,
              from: 'balance',
              to: system,
              amountFen,
            };
            await reverseNew({ reversal }, topup.user, accounts[topup.user]!.balance);
            continue;
          }
          if (op.type === 'reverseSale') {
            if (sales.length === 0) continue;
            const index = op.sale % sales.length;
            const sale = sales[index]!;
            const left = sale.amount - sale.refunded;
            if (left === 0) continue;
            const amountFen = op.whole ? left : Math.min(op.amount, left);
            sale.refunded += amountFen;
            sale.refunds += 1;
            const reference = `${prefix}:saleRefund:${index}:${sale.refunds}`;
            const reversal: Reversal = { reference, kind: 'saleRefund', userId: userIds[sale.to]!, from: 'income', to: market, amountFen };
            const buyerRefund = {
              reference: `${reference}:buyer`,
              kind: 'saleRefund',
              entries: movement(market, accounts[sale.from]!.balance, amountFen),
            };
            await reverseNew({ reversal, buyerRefund }, sale.to, accounts[sale.to]!.income);
            continue;
          }
          if (op.type === 'replayReversal') {
            if (reversals.length === 0) continue;
            const booking = reversals[op.reversal % reversals.length]!;
            await replayed(
              () => bookReversal(booking),
              ({ answer, buyerRefund }) => {
                expect(answer).toEqual({ takenFen: 0, debtFen: 0, booked: false });
                if (booking.buyerRefund) expect(buyerRefund).toMatchObject({ replayed: true });
              },
            );
            continue;
          }
          const entries = movement(accounts[op.from]!.balance, accounts[op.to]!.income, op.amount);
          const sell = () =>
            ledger.post({ reference: `${prefix}:${op.reference}`, kind: op.type, entries }).catch((error: unknown) => error);
          if (booked.has(op.reference)) {
            await replayed(sell, (result) => expect(result).toMatchObject({ replayed: true }));
            continue;
          }
          const result = await sell();
          if ((model.get(accounts[op.from]!.balance) ?? 0) >= op.amount) {
            expect(result).toMatchObject({ replayed: false });
            booked.add(op.reference);
            sales.push({ from: op.from, to: op.to, amount: op.amount, refunded: 0, refunds: 0 });
            for (const entry of entries) add(entry.account, entry.amount);
          } else {
            expect(result).toMatchObject({ code: LedgerErrors.insufficientBalance.code });
          }
        }

        const balances = await snapshot();
        expect([...balances.values()].reduce((sum, balance) => sum + balance, 0)).toBe(0);
        for (const [index, userId] of userIds.entries()) {
          const account = accounts[index]!;
          // The debt account: minus what reversals took beyond what the account held, less what recharges settled since; never above zero.
          expect(balances.get(account.debt), account.debt).toBe(0 - owed(index));
          expect(balances.get(account.debt)).toBeLessThanOrEqual(0);
          expect(await ledger.debtOf(userId)).toBe(owed(index));
          // No guarded account below zero.
          expect(balances.get(account.balance)).toBeGreaterThanOrEqual(0);
          expect(balances.get(account.income)).toBeGreaterThanOrEqual(0);
        }
        for (const code of all) if (!code.endsWith(':debt')) expect(balances.get(code), code).toBe(model.get(code) ?? 0);
        // Pending holds exactly the withdrawals neither paid nor given back; what was paid left through the provider.
        const open = [...withdrawals.values()].filter((withdrawal) => !withdrawal.settled);
        expect(balances.get(pending)).toBe(open.reduce((sum, withdrawal) => sum + withdrawal.amount, 0));
        const paidOut = [...withdrawals.values()].filter((withdrawal) => withdrawal.settled === 'paid');
        expect(balances.get(payouts)).toBe(paidOut.reduce((sum, withdrawal) => sum + withdrawal.amount, 0));
        // What a refunded sale's seller gave back went on to its buyer in the same transaction.
        expect(balances.get(market)).toBe(0);
        // Every transaction's entries sum to zero (the database's statement trigger guards this too).
        const [unbalanced] = await rowsOf<{ count: string }>(
          db,
          sql`select count(*) as count from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) as t`,
        );
        expect(Number(unbalanced?.count)).toBe(0);
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});

type RefundOperation =
  | { type: 'recharge'; user: number; amount: number }
  /** Spending from the balance (traffic, lease time), as far as it goes. */
  | { type: 'spend'; user: number; amount: number }
  /** A refund of part of a recharge (`recharge` picks one made before); `again` replays the previous refund's reference. */
  | { type: 'refund'; recharge: number; amount: number; again: boolean }
  /** What the next recharge does first: the debt paid from the balance as far as it goes. */
  | { type: 'settle'; user: number };

describe('ledger property: refunds, partial refunds and debts (docs/refunds.md)', () => {
  it('a reversal takes what the balance holds and the rest as debt, never twice, and settling never overpays', async () => {
    const users = 2;
    const user = fc.nat(users - 1);
    const operations: fc.Arbitrary<RefundOperation[]> = fc.array(
      fc.oneof<fc.Arbitrary<RefundOperation>[]>(
        fc.record({ type: fc.constant('recharge' as const), user, amount: fc.integer({ min: 1, max: 30_000 }) }),
        fc.record({ type: fc.constant('spend' as const), user, amount: fc.integer({ min: 1, max: 30_000 }) }),
        fc.record({
          type: fc.constant('refund' as const),
          recharge: fc.nat(6),
          amount: fc.integer({ min: 1, max: 30_000 }),
          again: fc.boolean(),
        }),
        fc.record({ type: fc.constant('settle' as const), user }),
      ),
      { minLength: 1, maxLength: 25 },
    );
    await fc.assert(
      fc.asyncProperty(operations, async (ops) => {
        const { prefix, system } = await openScenario(0);
        const revenue = `${prefix}:system:revenue`;
        await ledger.openSystemAccount(revenue);
        // Users of this scenario only: their accounts under the codes the ledger gives users.
        const userIds = Array.from({ length: users }, (_, index) => 800_000_000 + run * 10 + index);
        for (const userId of userIds) {
          await testDatabase.database.db.execute(
            sql`insert into ledger_accounts (code, allow_negative) values (${`user:${userId}:balance`}, false), (${`user:${userId}:debt`}, true)`,
          );
        }
        const balanceOf = (index: number) => `user:${userIds[index]}:balance`;
        const debtOf = (index: number) => `user:${userIds[index]}:debt`;
        const model = new Map<string, number>();
        const add = (account: string, amount: number) => model.set(account, (model.get(account) ?? 0) + amount);
        const recharges: { user: number; amount: number; refunded: number }[] = [];
        let lastRefund: { reference: string; user: number; amount: number } | undefined;
        const inTransaction = <T>(work: (tx: LedgerTx) => Promise<T>) => testDatabase.database.db.transaction(work);

        for (const op of ops) {
          if (op.type === 'recharge') {
            await ledger.post({
              reference: `${prefix}:recharge:${recharges.length}`,
              kind: 'topup',
              entries: movement(system, balanceOf(op.user), op.amount),
            });
            recharges.push({ user: op.user, amount: op.amount, refunded: 0 });
            add(balanceOf(op.user), op.amount);
            add(system, -op.amount);
          } else if (op.type === 'spend') {
            const amount = Math.min(op.amount, model.get(balanceOf(op.user)) ?? 0);
            if (amount === 0) continue;
            await ledger.post({
              reference: `${prefix}:spend:${Math.random()}`,
              kind: 'trafficBill',
              entries: movement(balanceOf(op.user), revenue, amount),
            });
            add(balanceOf(op.user), -amount);
            add(revenue, amount);
          } else if (op.type === 'refund') {
            if (op.again && lastRefund) {
              const replay = lastRefund;
              const result = await inTransaction((tx) =>
                ledger.reverse(
                  {
                    reference: replay.reference,
                    kind: 'rechargeRefund',
                    userId: userIds[replay.user]!,
                    from: 'balance',
                    to: system,
                    amountFen: replay.amount,
                  },
                  tx,
                ),
              );
              expect(result).toEqual({ takenFen: 0, debtFen: 0, booked: false });
              continue;
            }
            const recharge = recharges[op.recharge];
            if (!recharge || recharge.refunded >= recharge.amount) continue;
            const amount = Math.min(op.amount, recharge.amount - recharge.refunded);
            const reference = `${prefix}:refund:${op.recharge}:${recharge.refunded}`;
            const result = await inTransaction((tx) =>
              ledger.reverse(
                { reference, kind: 'rechargeRefund', userId: userIds[recharge.user]!, from: 'balance', to: system, amountFen: amount },
                tx,
              ),
            );
            const held = model.get(balanceOf(recharge.user)) ?? 0;
            expect(result).toEqual({ takenFen: Math.min(held, amount), debtFen: amount - Math.min(held, amount), booked: true });
            recharge.refunded += amount;
            lastRefund = { reference, user: recharge.user, amount };
            add(balanceOf(recharge.user), -result.takenFen);
            add(debtOf(recharge.user), -result.debtFen);
            add(system, amount);
          } else {
            const paid = await ledger.settleDebt(userIds[op.user]!);
            const expected = Math.min(model.get(balanceOf(op.user)) ?? 0, 0 - (model.get(debtOf(op.user)) ?? 0));
            expect(paid).toBe(expected);
            add(balanceOf(op.user), -paid);
            add(debtOf(op.user), paid);
          }
        }

        const all = [system, revenue, ...userIds.flatMap((_, index) => [balanceOf(index), debtOf(index)])];
        const balances = await Promise.all(all.map((account) => ledger.balance(account)));
        expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(0);
        for (const [index, account] of all.entries()) expect(balances[index], account).toBe(model.get(account) ?? 0);
        for (let index = 0; index < users; index += 1) {
          expect(await ledger.balance(balanceOf(index))).toBeGreaterThanOrEqual(0);
          expect(await ledger.balance(debtOf(index))).toBeLessThanOrEqual(0);
          expect(await ledger.debtOf(userIds[index]!)).toBe(0 - (model.get(debtOf(index)) ?? 0));
        }
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});

type MarketOperation =
  | { type: 'recharge'; user: number; amount: number }
  /** A market purchase (docs/market.md): the buyer's balance to the seller's income less the fee, and the fee to revenue. */
  | { type: 'purchase'; buyer: number; seller: number; price: number; feeBasisPoints: number }
  /** Income leaving (a withdrawal paid): what a later refund may no longer find there. */
  | { type: 'withdraw'; user: number; amount: number }
  /** An admin's refund of a purchase made before; `again` books it a second time, which must move nothing. */
  | { type: 'refund'; purchase: number; again: boolean };

describe('ledger property: market purchases, fees and refunds (docs/market.md)', () => {
  it('a sale and its refund create or lose no money; a refund leaves a debt on income that the next sale settles first', async () => {
    const users = 3;
    const user = fc.nat(users - 1);
    const operations: fc.Arbitrary<MarketOperation[]> = fc.array(
      fc.oneof<fc.Arbitrary<MarketOperation>[]>(
        fc.record({ type: fc.constant('recharge' as const), user, amount: fc.integer({ min: 1, max: 20_000 }) }),
        fc.record({
          type: fc.constant('purchase' as const),
          buyer: user,
          seller: user,
          price: fc.integer({ min: 1, max: 15_000 }),
          feeBasisPoints: fc.integer({ min: 0, max: 5_000 }),
        }),
        fc.record({ type: fc.constant('withdraw' as const), user, amount: fc.integer({ min: 1, max: 20_000 }) }),
        fc.record({ type: fc.constant('refund' as const), purchase: fc.nat(8), again: fc.boolean() }),
      ),
      { minLength: 1, maxLength: 30 },
    );
    await fc.assert(
      fc.asyncProperty(operations, async (ops) => {
        const { prefix, system } = await openScenario(0);
        const revenue = `${prefix}:system:revenue:market`;
        const payouts = `${prefix}:system:payouts`;
        await ledger.openSystemAccount(revenue);
        await ledger.openSystemAccount(payouts);
        const userIds = Array.from({ length: users }, (_, index) => 900_000_000 + run * 10 + index);
        for (const userId of userIds) {
          await testDatabase.database.db.execute(
            sql`insert into ledger_accounts (code, allow_negative) values (${LedgerAccount.balance(userId)}, false), (${LedgerAccount.income(userId)}, false), (${LedgerAccount.debt(userId)}, true)`,
          );
        }
        const balanceOf = (index: number) => LedgerAccount.balance(userIds[index]!);
        const incomeOf = (index: number) => LedgerAccount.income(userIds[index]!);
        const debtOf = (index: number) => LedgerAccount.debt(userIds[index]!);
        const model = new Map<string, number>();
        const held = (account: string) => model.get(account) ?? 0;
        const add = (account: string, amount: number) => model.set(account, held(account) + amount);
        const purchases: { buyer: number; seller: number; income: number; fee: number; refunded: boolean }[] = [];

        for (const op of ops) {
          if (op.type === 'recharge') {
            await ledger.post({
              reference: `${prefix}:recharge:${Math.random()}`,
              kind: 'topup',
              entries: movement(system, balanceOf(op.user), op.amount),
            });
            add(system, -op.amount);
            add(balanceOf(op.user), op.amount);
          } else if (op.type === 'purchase') {
            if (op.buyer === op.seller) continue;
            const fee = Math.floor((op.price * op.feeBasisPoints) / 10_000);
            const income = op.price - fee;
            const reference = `${prefix}:market:purchase:${purchases.length}`;
            const entries = [
              { account: balanceOf(op.buyer), amount: -op.price },
              { account: incomeOf(op.seller), amount: income },
            ];
            if (fee > 0) entries.push({ account: revenue, amount: fee });
            if (held(balanceOf(op.buyer)) < op.price) {
              await expect(ledger.post({ reference, kind: 'marketSale', entries })).rejects.toMatchObject({
                code: LedgerErrors.insufficientBalance.code,
              });
              continue;
            }
            const settled = await testDatabase.database.db.transaction(async (tx) => {
              await ledger.post({ reference, kind: 'marketSale', entries }, tx);
              return ledger.settleDebt(userIds[op.seller]!, tx, 'income');
            });
            add(balanceOf(op.buyer), -op.price);
            add(incomeOf(op.seller), income);
            add(revenue, fee);
            // The sale's income settles the seller's debt first, as far as it goes.
            const expected = Math.min(held(incomeOf(op.seller)), 0 - held(debtOf(op.seller)));
            expect(settled).toBe(expected);
            add(incomeOf(op.seller), -settled);
            add(debtOf(op.seller), settled);
            purchases.push({ buyer: op.buyer, seller: op.seller, income, fee, refunded: false });
          } else if (op.type === 'withdraw') {
            const amount = Math.min(op.amount, held(incomeOf(op.user)));
            if (amount === 0) continue;
            await ledger.post({
              reference: `${prefix}:withdraw:${Math.random()}`,
              kind: 'test',
              entries: movement(incomeOf(op.user), payouts, amount),
            });
            add(incomeOf(op.user), -amount);
            add(payouts, amount);
          } else {
            const purchase = purchases[op.purchase];
            if (!purchase || (purchase.refunded && !op.again)) continue;
            const refund = (tx: LedgerTx) =>
              Promise.all([
                ledger.reverse(
                  {
                    reference: `${prefix}:market:refund:${op.purchase}:income`,
                    kind: 'marketRefund',
                    userId: userIds[purchase.seller]!,
                    from: 'income',
                    to: balanceOf(purchase.buyer),
                    amountFen: purchase.income,
                  },
                  tx,
                ),
                purchase.fee > 0
                  ? ledger.post(
                      {
                        reference: `${prefix}:market:refund:${op.purchase}:fee`,
                        kind: 'marketRefund',
                        entries: movement(revenue, balanceOf(purchase.buyer), purchase.fee),
                      },
                      tx,
                    )
                  : Promise.resolve({ replayed: purchase.refunded }),
              ]);
            const [reversal, feeBack] = await testDatabase.database.db.transaction(async (tx) => {
              const reversed = await refund(tx);
              return reversed;
            });
            if (purchase.refunded) {
              expect(reversal.booked).toBe(false);
              expect(feeBack.replayed).toBe(true);
              continue;
            }
            const taken = Math.min(held(incomeOf(purchase.seller)), purchase.income);
            expect(reversal).toEqual({ takenFen: taken, debtFen: purchase.income - taken, booked: true });
            add(incomeOf(purchase.seller), -taken);
            add(debtOf(purchase.seller), -(purchase.income - taken));
            add(balanceOf(purchase.buyer), purchase.income + purchase.fee);
            add(revenue, -purchase.fee);
            purchase.refunded = true;
          }
        }

        const all = [system, revenue, payouts, ...userIds.flatMap((_, index) => [balanceOf(index), incomeOf(index), debtOf(index)])];
        const balances = await Promise.all(all.map((account) => ledger.balance(account)));
        expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(0);
        for (const [index, account] of all.entries()) expect(balances[index], account).toBe(held(account));
        for (let index = 0; index < users; index += 1) {
          expect(await ledger.balance(balanceOf(index))).toBeGreaterThanOrEqual(0);
          expect(await ledger.balance(incomeOf(index))).toBeGreaterThanOrEqual(0);
          expect(await ledger.balance(debtOf(index))).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 20 },
    );
  }, 180_000);
});
