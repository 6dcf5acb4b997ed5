import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryCache } from '../../lib/cache.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { searchGramsOf } from './search-grams.js';
import { WorkSearchRepository } from './work-search.repository.js';
import { WorkSearchService } from './work-search.js';

/**
 * A broad keyword (more matches than `totalCap`) is ranked once and its pages read from the kept ranking
 * by id; a narrower one is ranked afresh (docs/search.md "Broad keywords").
 */
describe('the works search of a broad keyword', () => {
  let testDatabase: TestDatabase;
  let repository: WorkSearchRepository;
  let cache: MemoryCache;
  let search: WorkSearchService;
  const totalCap = 3;
  const page = (offset = 0, limit = 2) => search.search({ keyword: '湖景', offset, limit, totalCap });
  const uids = async (offset = 0, limit = 2) => (await page(offset, limit)).list.map((work) => work.uid);
  const run = (statement: ReturnType<typeof sql>) => testDatabase.database.db.execute(statement);
  const addWork = (uid: string, name: string, views: number) =>
    run(sql`
      insert into works (uid, owner_id, type, name, status, views, search_text, search_grams)
      values (${uid}, (select id from users where uid = 'o1'), 'panorama', ${name}, 'published', ${views}, ${name},
              ${`{${searchGramsOf(name).join(',')}}`}::text[])`);

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    await run(sql`insert into users (uid, phone, full_name, invite_code) values ('o1', '13900000001', 'Owner', 'ABCDEF')`);
  });
  afterAll(() => testDatabase.drop());
  beforeEach(async () => {
    await run(sql`delete from works`);
    for (const [uid, views] of [
      ['a', 50],
      ['b', 40],
      ['c', 30],
      ['d', 20],
      ['e', 10],
    ] as const)
      await addWork(uid, `湖景${uid}`, views);
    repository = new WorkSearchRepository(testDatabase.database.db);
    cache = new MemoryCache();
    search = new WorkSearchService(repository, cache);
  });

  it('answers its pages from the ranking, counted as more than the cap', async () => {
    const rankedIds = vi.spyOn(repository, 'rankedIds');
    expect(await page()).toMatchObject({ total: totalCap, totalCapped: true });
    expect(await uids()).toEqual(['a', 'b']);
    expect(await uids(2)).toEqual(['c']);
    expect(rankedIds).toHaveBeenCalledTimes(1);
  });

  it('ranks once for first searches that arrive together', async () => {
    const rankedIds = vi.spyOn(repository, 'rankedIds');
    await Promise.all([page(), page(), page(2)]);
    expect(rankedIds).toHaveBeenCalledTimes(1);
  });

  it('shows a match taken offline, into the recycle bin or renamed so at once', async () => {
    await uids();
    await run(sql`update works set status = 'unpublished' where uid = 'a'`);
    await run(sql`update works set name = '湖景 renamed' where uid = 'c'`);
    expect(await uids(0, 3)).toEqual(['b', 'c']);
    expect((await page(0, 3)).list[1]!.name).toBe('湖景 renamed');
    await run(sql`update works set deleted_at = now() where uid = 'b'`);
    expect(await uids(0, 3)).toEqual(['c']);
  });

  it('takes in new matches and changed views once the ranking has expired', async () => {
    await uids();
    await addWork('z', '湖景z', 100);
    await run(sql`update works set views = 1000 where uid = 'e'`);
    expect(await uids()).toEqual(['a', 'b']);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      expect(await uids()).toEqual(['e', 'z']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ranks a narrower keyword afresh, with its exact count', async () => {
    const rankedIds = vi.spyOn(repository, 'rankedIds');
    const narrow = await search.search({ keyword: '湖景', offset: 0, limit: 2, totalCap: 10 });
    expect(narrow).toMatchObject({ total: 5, totalCapped: false });
    expect(narrow.list.map((work) => work.uid)).toEqual(['a', 'b']);
    expect(rankedIds).not.toHaveBeenCalled();
  });
});
