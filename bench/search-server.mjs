// The built Spatia server with 1,000,000 works (BENCH_WORKS) of 2,000 owners in its database, and the
// baseline route GET /bench/pk (one works row by primary key, through the same Fastify, database and
// envelope). Plus the answer read afresh (/bench/search-afresh?q=: the site's search without its kept pages), and
// the first search of a broad keyword: /bench/search-sql?q= runs only the works search's SQL
// for it (the capped count, then the ranking of the first 1,000 matches, as the works module runs them
// before it keeps the ranking) through the same Fastify and envelope.
import { sql } from 'drizzle-orm';
import { keywordGrams, keywordWords, normalizeSearchText } from '../apps/server/dist/modules/works/search-grams.js';
import { WorkSearchRepository } from '../apps/server/dist/modules/works/work-search.repository.js';
import { articlesSource, peopleSource, worksSource } from '../apps/server/dist/modules/search/search-sources.js';
import { SearchService } from '../apps/server/dist/modules/search/search.service.js';
import { createBenchUser, listenWithBaseline, openSeededServer } from './seeded-server.mjs';

const WORKS = Number(process.env.BENCH_WORKS ?? 1_000_000);
const OWNERS = 2_000;

const { app, database } = await openSeededServer();
// A signed-in visitor: answered the same kept page as anyone.
await createBenchUser(app, 'Bench visitor', 'customer');

const seeding = Date.now();
// Owners with Chinese names of a common surname and one or two given characters.
await database.db.execute(sql`
  insert into users (uid, phone, full_name, invite_code)
  select 'bench-owner-' || n, '137' || lpad(n::text, 8, '0'),
         (array['王','李','张','刘','陈','杨','黄','赵','吴','周'])[1 + n % 10]
           || chr(19968 + (n * 7919) % 3000) || case when n % 3 = 0 then '' else chr(19968 + (n * 104729) % 3000) end,
         'BO' || lpad(n::text, 6, '0')
  from generate_series(1, ${OWNERS}) as n`);

// Titles as people name spaces: a city, an estate or place (a Zipf-like choice among well-known words half the
// time, two random common characters the other half: the long tail of real names), the kind of space, then a
// style; the description says the layout and area. So a two-character word is common or rare as in real
// listings, and single characters are far more common than any pair.
// The gram index is built once after the load (as for any bulk load), not row by row during it.
await database.db.execute(sql`drop index works_search_grams_idx`);
await database.db.execute(sql`select setseed(0.29)`);
await database.db.execute(sql`
  insert into works (uid, owner_id, type, name, description, status, views, cover_key, created_at, deleted_at, search_text, search_grams)
  select 'bench-work-' || n, owner_id, type, name, description, status, views, 'covers/bench.webp', created_at, deleted_at,
         lower(name || ' ' || description),
         array(select distinct gram from (
                 select substr(word, i, 1) as gram from unnest(string_to_array(lower(name || ' ' || description), ' ')) as word,
                        generate_series(1, char_length(word)) as i
                 union all
                 select substr(word, i, 2) from unnest(string_to_array(lower(name || ' ' || description), ' ')) as word,
                        generate_series(1, char_length(word) - 1) as i) as grams
               where gram <> '')
  from (
    select n, owners.ids[1 + n % ${OWNERS}] as owner_id,
           (array['panorama', 'panorama', 'panorama', 'model3d', 'pointcloud'])[1 + n % 5] as type,
           city || estate || space || ' ' || style as name,
           city || estate || rooms || '，' || (40 + (n * 37) % 260) || '平米，' || style || '风格' as description,
           case when n % 20 = 0 then 'unpublished' when n % 7 = 0 then 'exposed' else 'published' end as status,
           floor(power(random(), 4) * 20000)::bigint as views,
           now() - make_interval(secs => (${WORKS} - n) * 30) as created_at,
           case when n % 50 = 1 then now() end as deleted_at
    from (
      select n,
             (array['杭州','上海','北京','深圳','广州','成都','南京','苏州','武汉','西安','重庆','天津','长沙','青岛','厦门',
                    '宁波','合肥','郑州','济南','昆明','大连','福州','无锡','佛山','东莞','沈阳','贵阳','南宁','海口','三亚'])
               [1 + floor(30 * power(random(), 2))::int] as city,
             case when random() < 0.5
               then (array['滨江','湖畔','锦绣','翠苑','金地','万科','保利','绿城','中海','华润','碧桂','融创','龙湖','世茂','招商',
                           '阳光','香樟','紫荆','御景','铂悦','云栖','星河','海岸','天悦','名都','枫林','玉兰','桃源','东方','和府',
                           '君庭','壹号','公馆','新城','雅居','书香','西溪','江南','山水','澜庭'])[1 + floor(40 * power(random(), 2))::int]
               else chr(19968 + floor(random() * 3000)::int) || chr(19968 + floor(random() * 3000)::int) end as estate,
             (array['样板间','客厅','卧室','别墅','办公室','展厅','酒店','餐厅','咖啡馆','书店','博物馆','美术馆','学校','图书馆',
                    '民宿','大堂','会议室','健身房','商铺','厂房','仓库','公寓','复式','洋房','庭院','茶室','影院','车库','教堂','古镇'])
               [1 + floor(30 * power(random(), 1.5))::int] as space,
             (array['现代简约','北欧','新中式','轻奢','工业风','日式','法式','美式','极简','复古','田园','地中海'])
               [1 + floor(12 * random())::int] as style,
             (array['一室一厅','两室一厅','三室两厅','四室两厅','开间','跃层'])[1 + floor(6 * random())::int] as rooms
      from generate_series(1, ${WORKS}) as n) as parts
    cross join (select array_agg(id order by id) as ids from users where uid like 'bench-owner-%') as owners) as rows`);
console.error(`search-server: ${WORKS} works inserted after ${Math.round((Date.now() - seeding) / 1000)} s; building the gram index`);
await database.db.execute(sql`create index works_search_grams_idx on works using gin (search_grams)`);
console.error(`search-server: index built after ${Math.round((Date.now() - seeding) / 1000)} s`);
await database.db.execute(sql`vacuum analyze`);
const seededSeconds = (Date.now() - seeding) / 1000;
const [{ id: sampleId }] = (await database.db.execute(sql`select id from works where uid = ${`bench-work-${Math.ceil(WORKS / 2)}`}`)).rows;
const counts = {};
for (const keyword of ['云栖', '墅']) {
  const [{ matches }] = (
    await database.db.execute(sql`select count(*)::int as matches from works where status <> 'unpublished' and deleted_at is null
      and search_grams @> ${`{${keywordGrams(keyword).join(',')}}`}::text[] and strpos(search_text, ${normalizeSearchText(keyword)}) > 0`)
  ).rows;
  counts[keyword] = matches;
}

const repository = new WorkSearchRepository(database.db);
app.get('/bench/search-sql', async (request) => {
  const keyword = String(request.query.q ?? '');
  const filter = { grams: keywordGrams(keyword), words: keywordWords(keyword), phrase: normalizeSearchText(keyword) };
  const total = await repository.count(filter, 1001);
  const ids = await repository.rankedIds(filter, 1000);
  return { code: 0, msg: 'ok', data: { ids: ids.slice(0, 6), total } };
});

// The same answer read afresh every time: the site's search without its kept pages (the works still from a
// broad keyword's kept ranking, in the app's cache).
const { workSearch, people, articles } = app.services;
const noKeptPages = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
  ping: async () => {},
  close: async () => {},
};
const searchAfresh = new SearchService(
  { works: worksSource(workSearch), people: peopleSource(people), articles: articlesSource(articles) },
  noKeptPages,
);
app.get('/bench/search-afresh', async (request) => {
  const answer = await searchAfresh.search({
    keyword: String(request.query.q ?? ''),
    kind: 'all',
    pageNum: 1,
    pageSize: 6,
    language: 'zh',
  });
  return { code: 0, msg: 'ok', data: answer };
});

await listenWithBaseline(app, database, 'works', sampleId, { works: WORKS, seededSeconds, matches: counts });
