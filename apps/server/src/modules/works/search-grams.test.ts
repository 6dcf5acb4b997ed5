import { nextWorkStatus, WORK_STATUSES, WORK_TRANSITIONS } from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotQueries } from '../../db/hot-query.js';
import { rowsOf } from '../../db/database.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { highlightRanges, keywordGrams, keywordWords, searchGramsOf, searchableText } from './search-grams.js';
import { listPageQuery, listShape, listValues } from './works-list-query.js';
import { WorksRepository } from './works.repository.js';

describe('search grams', () => {
  it('holds every unigram and bigram of each word, normalized', () => {
    expect(new Set(searchGramsOf('客厅 ＬＯＦＴ'))).toEqual(new Set(['客', '客厅', '厅', 'l', 'lo', 'o', 'of', 'f', 'ft', 't']));
  });

  it('asks a keyword for its bigrams, or its one character', () => {
    expect(keywordGrams('客厅')).toEqual(['客厅']);
    expect(keywordGrams('厨')).toEqual(['厨']);
    expect(keywordGrams('三室两厅')).toEqual(['三室', '室两', '两厅']);
    expect(keywordGrams('Loft 客')).toEqual(['lo', 'of', 'ft', '客']);
  });

  it("finds what the substring test finds: a keyword's grams are always among its text's grams", () => {
    const text = searchableText({ name: '滨江壹号 样板间', description: 'Modern 三室两厅，南向', tags: ['现代', 'VR'] });
    const grams = new Set(searchGramsOf(text));
    for (const keyword of ['滨江', '样板', '三室两厅', 'modern', 'vr', '南', '现代']) {
      expect(text.includes(keyword)).toBe(true);
      expect(keywordGrams(keyword).every((gram) => grams.has(gram))).toBe(true);
    }
  });

  it('splits a keyword into its normalized words, once each', () => {
    expect(keywordWords('  湖景  ＬＯＦＴ 湖景 ')).toEqual(['湖景', 'loft']);
    expect(keywordWords('   ')).toEqual([]);
  });

  it('marks every occurrence of each word in the text as shown, merging overlaps', () => {
    expect(highlightRanges('滨江湖景房，湖景大宅', '湖景')).toEqual([
      { start: 2, end: 4 },
      { start: 6, end: 8 },
    ]);
    expect(highlightRanges('ＬＯＦＴ 客厅', 'loft 厅')).toEqual([
      { start: 0, end: 4 },
      { start: 6, end: 7 },
    ]);
    expect(highlightRanges('三室两厅', '三室 室两')).toEqual([{ start: 0, end: 3 }]);
    // Offsets are UTF-16 units: a character outside the basic plane counts two.
    expect(highlightRanges('𠀀湖', '湖')).toEqual([{ start: 2, end: 3 }]);
    expect(highlightRanges('Lake house', 'pond')).toEqual([]);
  });
});

describe('work transitions', () => {
  it('offers each action only from its listed statuses', () => {
    for (const [action, transition] of Object.entries(WORK_TRANSITIONS)) {
      for (const status of WORK_STATUSES) {
        const next = nextWorkStatus(status, action as keyof typeof WORK_TRANSITIONS);
        expect(next === null).toBe(!transition.from.includes(status));
      }
    }
    expect(nextWorkStatus('unpublished', 'publish')).toBe('published');
    expect(nextWorkStatus('passed', 'edit')).toBe('published');
    expect(nextWorkStatus('unpublished', 'edit')).toBe('unpublished');
    expect(nextWorkStatus('underReview', 'edit')).toBeNull();
    expect(nextWorkStatus('published', 'expose')).toBeNull();
  });
});

describe('list plans among 20,000 works of one owner', () => {
  let testDatabase: TestDatabase;
  let repository: WorksRepository;
  let ownerId: number;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const { db } = testDatabase.database;
    await db.execute(sql`insert into users (uid, phone, full_name, invite_code) values ('u1', '13900000001', 'Owner', 'ABCDEF')`);
    // Names and descriptions of random common characters (the needle's two left out), so the gram
    // statistics look like real text: thousands of distinct grams, each in few works.
    let seed = 7;
    const random = (below: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % below;
    const pool = Array.from({ length: 3000 }, (_, index) => String.fromCodePoint(0x4e00 + index)).filter(
      (character) => character !== '客' && character !== '厅',
    );
    const phrase = (length: number) => Array.from({ length }, () => pool[random(pool.length)]).join('');
    for (let batch = 0; batch < 20; batch += 1) {
      const rows = Array.from({ length: 1000 }, (_, index) => {
        const text = `${phrase(6)} ${phrase(24)}`;
        return { uid: `w${batch}-${index}`, text, grams: searchGramsOf(text) };
      });
      await db.execute(sql`
        insert into works (uid, owner_id, type, name, search_text, search_grams)
        select t.uid, (select id from users where uid = 'u1'), 'panorama', left(t.text, 6), t.text, t.grams
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(uid text, text text, grams text[])`);
    }
    await db.execute(sql`
      insert into works (uid, owner_id, type, name, search_text, search_grams)
      values ('needle', (select id from users where uid = 'u1'), 'panorama', '客厅', '客厅', array['客', '厅', '客厅'])`);
    await db.execute(sql`analyze works`);
    repository = new WorksRepository(db);
    ownerId = Number((await rowsOf<{ id: number }>(db, sql`select id from users where uid = 'u1'`))[0]!.id);
  }, 180_000);
  afterAll(() => testDatabase.drop());

  it('uses the gram index for a two-character Chinese keyword', async () => {
    const filter = { ownerId, onlineOnly: false, keyword: { grams: keywordGrams('客厅'), text: '客厅' }, limit: 12, offset: 0 };
    const plan = await new HotQueries(testDatabase.database.db).run<{ 'QUERY PLAN': string }>(
      'explain',
      () => sql`explain ${listPageQuery(listShape(filter))}`,
      listValues(filter),
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('works_search_grams_idx');
    const { rows, total } = await repository.list(filter);
    expect(rows.map((row) => row.uid)).toEqual(['needle']);
    expect(total).toBe(1);
  });

  it.runIf(process.env.DATABASE_URL)('keeps one plan for unsearched pages on PostgreSQL instead of planning each one', async () => {
    const filter = { ownerId, onlineOnly: false, limit: 12, offset: 0 };
    // One at a time, so the pool lends every call (and the look below) the same connection.
    for (let page = 0; page < 8; page += 1) await repository.list(filter);
    const rows = await rowsOf<{ generic_plans: number }>(
      testDatabase.database.db,
      sql`select generic_plans from pg_prepared_statements where statement like '%order by created_at desc, id desc%'`,
    );
    expect(Number(rows[0]?.generic_plans)).toBeGreaterThan(0);
  });
});
