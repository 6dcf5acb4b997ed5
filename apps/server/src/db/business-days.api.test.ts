import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessCalendar } from '../lib/business-time.js';
import { users } from '../modules/users/users.tables.js';
import { LedgerAccount } from '../modules/ledger/ledger.service.js';
import { appWithPeople } from '../test/app-with-people.js';
import type { TestApp } from '../test/test-app.js';
import type { Person } from '../test/works-fixtures.js';
import { countPerDay } from './daily-counts.js';

/** The statistics SQL counts days of the business time zone, as the services do (docs/billing.md "Days"). */
let testApp: TestApp;
let seller: Person;
beforeAll(async () => {
  ({ testApp, seller } = await appWithPeople({ seller: {} }));
});
afterAll(() => testApp.close());

const beijing = new BusinessCalendar('Asia/Shanghai');
const utc = new BusinessCalendar('UTC');

describe('days counted in SQL', () => {
  it('puts income booked at 16:30 UTC on the next Beijing day', async () => {
    const { ledger, database } = testApp.app.services;
    const account = LedgerAccount.income(seller.id);
    await ledger.openUserAccounts(seller.id);
    await ledger.openSystemAccount(LedgerAccount.provider('sandbox'));
    await ledger.post({
      reference: `business-days:${seller.id}`,
      kind: 'workSale',
      entries: [
        { account: LedgerAccount.provider('sandbox'), amount: -500 },
        { account, amount: 500 },
      ],
    });
    // The ledger is append-only (0019_ledger_guards): a test back-dating a movement lifts the guard for that one change.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_transactions disable trigger ledger_transactions_append_only`);
      await tx.execute(
        sql`update ledger_transactions set created_at = '2026-03-10T16:30:00Z' where reference = ${`business-days:${seller.id}`}`,
      );
      await tx.execute(sql`alter table ledger_transactions enable trigger ledger_transactions_append_only`);
    });

    const { from, to } = beijing.parseDayRange('2026-03-10', '2026-03-11');
    const inBeijing = await ledger.creditSums(account, ['workSale'], from!, to!, beijing.zone);
    expect(inBeijing.byDay).toEqual([{ day: '2026-03-11', amount: 500 }]);
    const inUtc = await ledger.creditSums(account, ['workSale'], from!, to!, utc.zone);
    expect(inUtc.byDay).toEqual([{ day: '2026-03-10', amount: 500 }]);
    // Booked in Beijing's 11 March: the range of 10 March alone (16:00 UTC on the 9th to 16:00 UTC on the 10th) leaves it out.
    const tenth = beijing.parseDayRange('2026-03-10', '2026-03-10');
    expect((await ledger.creditSums(account, ['workSale'], tenth.from!, tenth.to!, beijing.zone)).byDay).toEqual([]);
  });

  it('counts sign-ups per Beijing day, the window starting at a Beijing midnight', async () => {
    const { database } = testApp.app.services;
    await database.db.execute(sql`update users set created_at = '2026-05-01T15:59:00Z' where id = ${seller.id}`);
    const now = new Date('2026-05-02T03:00:00Z'); // 11:00 on 2 May in Beijing
    const days = await countPerDay(database.db, users, users.createdAt, 2, beijing, now);
    expect(days).toContainEqual({ day: '2026-05-01', count: 1 });
    await database.db.execute(sql`update users set created_at = '2026-05-01T16:00:00Z' where id = ${seller.id}`);
    expect(await countPerDay(database.db, users, users.createdAt, 2, beijing, now)).toContainEqual({ day: '2026-05-02', count: 1 });
    // A window of one day, today: starts at 16:00 UTC on 1 May, so 15:59 UTC is before it.
    await database.db.execute(sql`update users set created_at = '2026-05-01T15:59:00Z' where id = ${seller.id}`);
    expect(await countPerDay(database.db, users, users.createdAt, 1, beijing, now)).not.toContainEqual({ day: '2026-05-01', count: 1 });
  });
});
