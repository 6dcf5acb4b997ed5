import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../../lib/cache.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { searchGramsOf } from '../works/index.js';
import { WorkSearchRepository } from '../works/work-search.repository.js';
import { WorkSearchService } from '../works/work-search.js';

/**
 * The site's search finds a two-character Chinese keyword through the works' gram index
 * (`works_search_grams_idx`) among enough works that, without the index, the planner reads the whole
 * table (docs/search.md "The index"). Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
describe('the search plan over 20,000 works', () => {
  let testDatabase: TestDatabase;
  let search: WorkSearchService;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const { db } = testDatabase.database;
    await db.execute(sql`insert into users (uid, phone, full_name, invite_code) values ('o1', '13900000001', 'Owner', 'ABCDEF')`);
    // Names and descriptions of random common characters (the needle's two left out), so the gram
    // statistics look like real text: each gram is rare, each character less so.
    let seed = 7;
    const random = (below: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % below;
    const pool = Array.from({ length: 3000 }, (_, index) => String.fromCodePoint(0x4e00 + index)).filter(
      (character) => character !== '湖' && character !== '景',
    );
    const phrase = (length: number) => Array.from({ length }, () => pool[random(pool.length)]).join('');
    for (let batch = 0; batch < 20; batch += 1) {
      const rows = Array.from({ length: 1000 }, (_, index) => {
        const name = phrase(6);
        const description = phrase(20);
        const text = `${name} ${description}`;
        return { uid: `w${batch}-${index}`, name, description, text, grams: searchGramsOf(text) };
      });
      await db.execute(sql`
        insert into works (uid, owner_id, type, name, description, status, search_text, search_grams)
        select t.uid, (select id from users where uid = 'o1'), 'panorama', t.name, t.description, 'published', t.text, t.grams
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(uid text, name text, description text, text text, grams text[])`);
    }
    await db.execute(sql`
      insert into works (uid, owner_id, type, name, status, search_text, search_grams)
      values ('needle', (select id from users where uid = 'o1'), 'panorama', '湖景', 'published', '湖景', array['湖', '景', '湖景'])`);
    await db.execute(sql`analyze works`);
    search = new WorkSearchService(new WorkSearchRepository(db), new MemoryCache());
  }, 300_000);
  afterAll(() => testDatabase.drop());

  it('goes through the gram index for a two-character keyword, and finds only the real match', async () => {
    const plan = await search.plan('湖景');
    expect(plan).toContain('works_search_grams_idx');
    expect(plan).not.toMatch(/Seq Scan on works/);
    const { list, total } = await search.search({ keyword: '湖景', offset: 0, limit: 12, totalCap: 1000 });
    expect(list.map((work) => work.uid)).toEqual(['needle']);
    expect(total).toBe(1);
  });

  it('goes through it for a one-character keyword too', async () => {
    expect(await search.plan('湖')).toContain('works_search_grams_idx');
  });

  it('would read the whole table without the index', async () => {
    await testDatabase.database.db.execute(sql`drop index works_search_grams_idx`);
    expect(await search.plan('湖景')).toMatch(/Seq Scan on works/);
  });
});
