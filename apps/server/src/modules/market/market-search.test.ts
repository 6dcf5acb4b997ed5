import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/database.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { keywordGrams, normalizeSearchText } from '../works/index.js';
import { searchGramsOf } from '../works/search-grams.js';
import { MarketRepository } from './market.repository.js';

/**
 * The market's search finds Chinese keywords of two characters through the gram index
 * (`market_listings_search_grams`), as the works search does (docs/market.md "Browsing").
 */
describe('market search', () => {
  let testDatabase: TestDatabase;
  let repository: MarketRepository;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const { db } = testDatabase.database;
    await db.execute(sql`insert into users (uid, phone, full_name, invite_code) values ('s1', '13900000001', 'Seller', 'ABCDEF')`);
    // Names of random common characters (the needle's two left out), so the gram statistics look like real text.
    let seed = 11;
    const random = (below: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % below;
    const pool = Array.from({ length: 3000 }, (_, index) => String.fromCodePoint(0x4e00 + index)).filter(
      (character) => character !== '湖' && character !== '景',
    );
    const phrase = (length: number) => Array.from({ length }, () => pool[random(pool.length)]).join('');
    for (let batch = 0; batch < 10; batch += 1) {
      const rows = Array.from({ length: 1000 }, (_, index) => {
        const text = `${phrase(6)} ${phrase(20)}`;
        return { uid: `w${batch}-${index}`, text, grams: searchGramsOf(text) };
      });
      await db.execute(sql`
        insert into works (uid, owner_id, type, name, search_text, search_grams)
        select t.uid, (select id from users where uid = 's1'), 'panorama', left(t.text, 6), t.text, t.grams
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(uid text, text text, grams text[])`);
    }
    await db.execute(sql`
      insert into works (uid, owner_id, type, name, search_text, search_grams)
      values ('needle', (select id from users where uid = 's1'), 'panorama', '湖景', '湖景', array['湖', '景', '湖景'])`);
    await db.execute(sql`
      insert into market_listings (work_id, seller_id, price_fen, licence, status, submitted_at, listed_at, work_uid, work_name, work_type, search_grams, search_text)
      select id, owner_id, 100 + id % 5000, 'view', 'onMarket', now(), now() - make_interval(secs => id), uid, name, type, search_grams, search_text
      from works`);
    await db.execute(sql`analyze market_listings`);
    repository = new MarketRepository(db);
  }, 180_000);
  afterAll(() => testDatabase.drop());

  it('uses the gram index for a two-character Chinese keyword, and finds only the real match', async () => {
    const text = normalizeSearchText('湖景');
    const search = { keyword: { grams: keywordGrams(text), text }, sort: 'newest' as const };
    expect(await repository.searchPlan(search, { limit: 12, offset: 0 })).toContain('market_listings_search_grams');
    const { rows, total } = await repository.search(search, { limit: 12, offset: 0 });
    expect(rows.map((row) => row.workUid)).toEqual(['needle']);
    expect(total).toBe(1);
  });

  it('pages the whole market newest first through its partial index, counting at most 10,000', async () => {
    const search = { sort: 'newest' as const };
    const plan = await repository.searchPlan(search, { limit: 12, offset: 0 });
    expect(plan).toContain('market_listings_newest');
    const { rows, total } = await repository.search(search, { limit: 12, offset: 0 });
    expect(rows).toHaveLength(12);
    expect(total).toBe(10_000);
  });

  it('carries a work priced on the market before listings existed over as a listing on the market (migration 0025)', async () => {
    const { db } = testDatabase.database;
    await db.execute(sql`delete from market_listings where work_uid = 'needle'`);
    await db.execute(sql`update works set market_price = 1250 where uid = 'needle'`);
    const migration = readFileSync(new URL('../../../drizzle/0025_market_listings_from_prices.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(migration));
    const rows = await rowsOf<{ status: string; licence: string; price_fen: number | string; work_name: string }>(
      db,
      sql`select status, licence, price_fen, work_name from market_listings where work_uid = 'needle'`,
    );
    expect(rows.map((row) => ({ ...row, price_fen: Number(row.price_fen) }))).toEqual([
      { status: 'onMarket', licence: 'view', price_fen: 1250, work_name: '湖景' },
    ]);
  });
});
