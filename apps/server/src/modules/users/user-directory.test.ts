import { sql } from 'drizzle-orm';
import { Role } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { UserDirectoryRepository } from './user-directory.repository.js';
import { UserDirectoryService } from './user-directory.service.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  const { users } = testApp.app.services;
  const people: [string, string][] = [
    ['15700001001', 'Quill Alpha'],
    ['15700001002', 'quill beta'],
    ['15700001003', 'QUILL Gamma'],
    ['15700002001', 'Quill_Delta'],
    ['15700002002', '100% Quill'],
  ];
  for (const [phone, fullName] of people) {
    await users.createUser({ phone, password: null, fullName, roles: [Role.customer], permissionIds: [] });
  }
});
afterAll(() => testApp.close());

const directory = (totalCap = 1000, countAheadPages = 10) =>
  UserDirectoryService.on(testApp.app.services.database.db, { totalCap, countAheadPages });
const page = { pageNum: 1, pageSize: 20 };

describe('user directory search', () => {
  it('pages through a phone prefix in phone order', async () => {
    const first = await directory().search({ q: '1570000', pageNum: 1, pageSize: 3 });
    expect(first.list.map((user) => user.phone)).toEqual(['15700001001', '15700001002', '15700001003']);
    expect(first).toMatchObject({ total: 5, totalCapped: false });
    const second = await directory().search({ q: '157 0000', pageNum: 2, pageSize: 3 });
    expect(second.list.map((user) => user.phone)).toEqual(['15700002001', '15700002002']);
  });

  it('matches a name prefix in any case, and takes % and _ literally', async () => {
    expect((await directory().search({ q: 'qUiLl ', ...page })).list.map((user) => user.name)).toEqual([
      'Quill Alpha',
      'quill beta',
      'QUILL Gamma',
      'Quill_Delta',
    ]);
    expect((await directory().search({ q: 'quill_', ...page })).list.map((user) => user.name)).toEqual(['Quill_Delta']);
    expect((await directory().search({ q: '100%', ...page })).list.map((user) => user.name)).toEqual(['100% Quill']);
    expect((await directory().search({ q: '%', ...page })).total).toBe(0);
  });

  it('lists the exact invite-code match first, then the prefix matches, across pages', async () => {
    const everyone = await directory().search({ q: '1570000', ...page });
    const code = everyone.list[3]!.inviteCode;
    const byCode = await directory().search({ q: code.toLowerCase(), ...page });
    expect(byCode.list[0]!.phone).toBe('15700002001');

    // A code made of digits would also be a phone prefix: the exact match first, never twice.
    await testApp.app.services.database.db.execute(sql`update users set invite_code = '157000' where phone = '15700002002'`);
    const mixed = await directory().search({ q: '157000', pageNum: 1, pageSize: 2 });
    expect(mixed.list.map((user) => user.phone)).toEqual(['15700002002', '15700001001']);
    expect(mixed.total).toBe(5);
    const rest = await directory().search({ q: '157000', pageNum: 2, pageSize: 2 });
    expect(rest.list.map((user) => user.phone)).toEqual(['15700001002', '15700001003']);
    const last = await directory().search({ q: '157000', pageNum: 3, pageSize: 2 });
    expect(last.list.map((user) => user.phone)).toEqual(['15700002001']);
  });

  it('counts a few pages ahead, and pages no further than the cap', async () => {
    // Two pages of one ahead: the count stops at 2, and grows as the pages go on.
    expect(await directory(1000, 2).search({ q: '1570000', pageNum: 1, pageSize: 1 })).toMatchObject({ total: 2, totalCapped: true });
    expect(await directory(1000, 2).search({ q: '1570000', pageNum: 3, pageSize: 1 })).toMatchObject({ total: 4, totalCapped: true });
    expect(await directory(1000, 2).search({ q: '1570000', pageNum: 4, pageSize: 1 })).toMatchObject({ total: 5, totalCapped: false });

    const capped = await directory(3).search({ q: '1570000', pageNum: 1, pageSize: 2 });
    expect(capped).toMatchObject({ total: 3, totalCapped: true });
    expect((await directory(3).search({ q: '1570000', pageNum: 2, pageSize: 2 })).list).toHaveLength(1);
    expect((await directory(3).search({ q: '1570000', pageNum: 3, pageSize: 2 })).list).toHaveLength(0);
    expect(await directory(5).search({ q: '1570000', pageNum: 1, pageSize: 2 })).toMatchObject({ total: 5, totalCapped: false });
  });
});

describe('user directory plans', () => {
  /** The plan of a search when the planner may not read the whole table (it would, on a table this small). */
  async function planOf(filter: Parameters<UserDirectoryRepository['searchQuery']>[0]): Promise<string> {
    const { db } = testApp.app.services.database;
    const repository = new UserDirectoryRepository(db);
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await rowsOf<{ 'QUERY PLAN': string }>(tx, sql`explain ${repository.searchQuery(filter, 0, 20)}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('walks the prefix indexes in their own order, without sorting', async () => {
    // Right under the limit: the index scan itself, no sort of the matches before it.
    const underLimit = async (filter: Parameters<typeof planOf>[0]) => (await planOf(filter)).split('\n')[1];
    expect(await underLimit({ phonePrefix: '1380012' })).toMatch(/Index Scan using users_phone_prefix/);
    expect(await planOf({ namePrefix: 'Alice' })).toContain('users_name_prefix');
    expect(await planOf({ status: 'disabled' })).toContain('users_disabled');
  });
});
