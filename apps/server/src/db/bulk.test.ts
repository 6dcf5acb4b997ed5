import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './database.js';
import { arrayLiteral, recordset } from './bulk.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { sql } from 'drizzle-orm';

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase.drop());

describe('recordset', () => {
  it('gives rows back as they were sent, whatever their text holds', async () => {
    const rows = [
      { id: 1, name: 'plain', day: '2026-01-02', paid: true, note: null },
      { id: 9_007_199_254_740_991, name: 'a "quoted", {braced} \\ back\\slashed, NULL', day: '2026-12-31', paid: false, note: 'x' },
      { id: -3, name: '', day: '2026-02-28', paid: false, note: '中文 ✓' },
    ];
    const back = await rowsOf<{ id: string | number; name: string; day: string; paid: boolean; note: string | null }>(
      testDatabase.database.db,
      sql`select id::text, name, to_char(day, 'YYYY-MM-DD') as day, "paid", note
          from ${recordset(rows, 'id bigint, name text, day date, "paid" boolean, note text')}`,
    );
    expect(back).toEqual(rows.map((row) => ({ ...row, id: String(row.id) })));
  });

  it('refuses what PostgreSQL would take wrongly', () => {
    expect(() => arrayLiteral([Number.NaN])).toThrow();
    expect(() => arrayLiteral([{}])).toThrow();
    expect(() => recordset([], 'a bigint[]')).toThrow();
  });
});
