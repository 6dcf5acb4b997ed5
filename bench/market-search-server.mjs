// The built Spatia server with 100,000 listings on the market (and their 100,000 works) in its database,
// and one extra route for the baseline: GET /bench/pk answers one listing by primary key, through the same
// Fastify, database and envelope. One process for both, because the embedded database cannot be opened by two.
import { sql } from 'drizzle-orm';
import { createBenchUser, listenWithBaseline, openSeededServer } from './seeded-server.mjs';

const LISTINGS = 100_000;
const SELLERS = 800;

const { app, database } = await openSeededServer();
// A signed-in visitor: the search reads the listings afresh for them (no page kept in the cache).
await createBenchUser(app, 'Bench visitor', 'customer');

await database.db.execute(sql`
  insert into users (uid, phone, full_name, invite_code)
  select 'bench-seller-' || n, '137' || lpad(n::text, 8, '0'), 'Bench seller ' || n, 'BS' || lpad(n::text, 6, '0')
  from generate_series(1, ${SELLERS}) as n`);
// A hundred two-character place words ('湖景', '山居', …), a thousand listings each: a search for one of them
// matches 1,000 listings, 1% of the market.
await database.db.execute(sql`
  insert into works (uid, owner_id, type, name, description, status, market_price, cover_key, search_text, search_grams)
  select 'bench-work-' || n, (select id from users where uid = 'bench-seller-' || (1 + n % ${SELLERS})),
         (array['panorama', 'model3d', 'pointcloud'])[1 + n % 3],
         word || ' ' || n, '', 'exposed', 100 + (n * 37) % 100000, 'covers/bench.webp', word || ' ' || n,
         array[substr(word, 1, 1), substr(word, 2, 1), word]
  from (select n, (array['湖','山','海','江','河','林','园','城','田','岛'])[1 + n % 10]
               || (array['景','居','苑','庭','府','湾','畔','阁','轩','墅'])[1 + (n / 10) % 10] as word
        from generate_series(1, ${LISTINGS}) as n) as named`);
await database.db.execute(sql`
  insert into market_listings (work_id, seller_id, price_fen, licence, status, submitted_at, decided_at, listed_at, sales,
                               work_uid, work_name, work_type, cover_key, search_grams, search_text)
  select id, owner_id, market_price, (array['view', 'copy'])[1 + id % 2], 'onMarket', now(), now(),
         now() - make_interval(secs => id), id % 97, uid, name, type, cover_key, search_grams, search_text
  from works where uid like 'bench-work-%'`);
await database.db.execute(sql`vacuum analyze`);
const [{ id: sampleId }] = (await database.db.execute(sql`select id from market_listings order by id desc limit 1`)).rows;

// The floor: the search's statement alone (as market.repository.ts writes it: the page of listings with
// their sellers' names, and the capped count when the total is not in the cache), through the same Fastify
// and envelope, with no parsing of the query, no badges and no response schema. The rest of a search
// request's cost is the server's.
const searchStatement = (order, withTotal) => sql`
  select l.id, l.seller_id, l.price_fen, l.licence, l.sales, l.listed_at, l.submitted_at,
         l.work_uid, l.work_name, l.work_type, l.cover_key,
         u.uid as seller_uid, u.full_name as seller_name, u.avatar_url as seller_avatar_url,
         ${withTotal ? sql`(select count(*) from (select 1 from market_listings where status = 'onMarket' and search_grams @> array['湖景'] and strpos(search_text, ${'湖景'}) > 0 limit 10000) as capped)` : sql`null`} as total
  from (select id, seller_id, price_fen, licence, sales, listed_at, submitted_at, work_uid, work_name, work_type, cover_key
        from market_listings
        where status = 'onMarket' and search_grams @> array['湖景'] and strpos(search_text, ${'湖景'}) > 0
        order by ${sql.raw(order)} limit 12 offset 0) as l
  left join lateral (select uid, full_name, avatar_url from users where users.id = l.seller_id limit 1) as u on true
  order by ${sql.raw(order.replaceAll(/(\w+ (asc|desc))/g, 'l.$1'))}`;
const floors = {
  '/bench/search-sql': searchStatement('listed_at desc, id desc', false),
  '/bench/search-sql-price': searchStatement('price_fen asc, id asc', false),
  '/bench/search-sql-counted': searchStatement('listed_at desc, id desc', true),
};
for (const [url, statement] of Object.entries(floors)) {
  app.get(url, async () => {
    const { rows } = await database.db.execute(statement);
    return { code: 0, msg: 'ok', data: rows };
  });
}

await listenWithBaseline(app, database, 'market_listings', sampleId, { listings: LISTINGS });
