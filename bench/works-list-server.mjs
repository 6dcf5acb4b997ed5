// The built Spatia server with 100,000 works in its database and one extra route for the baseline:
// GET /bench/pk answers one work by primary key, through the same Fastify, database and envelope.
// One process for both, because the embedded database cannot be opened by two.
import { sql } from 'drizzle-orm';
import { createBenchUser, listenWithBaseline, openSeededServer } from './seeded-server.mjs';

const WORKS = 100_000;
const HEAVY_USER_WORKS = 20_000;
const OTHER_USERS = 800;
const STATUSES = ['unpublished', 'published', 'unaudited', 'underReview', 'notPassed', 'passed', 'exposed'];

const { app, database } = await openSeededServer();

const heavy = await createBenchUser(app, 'Bench owner', 'customer');
await database.db.execute(sql`
  insert into users (uid, phone, full_name, invite_code)
  select 'bench-user-' || n, '136' || lpad(n::text, 8, '0'), 'Bench user ' || n, 'BU' || lpad(n::text, 6, '0')
  from generate_series(1, ${OTHER_USERS}) as n`);
// The bench user owns 20,000 works (a heavy account); 800 others share the other 80,000.
await database.db.execute(sql`
  insert into works (uid, owner_id, type, name, description, tags, status, cover_key, search_text, search_grams)
  select 'bench-work-' || n,
         case when n <= ${HEAVY_USER_WORKS} then ${heavy.id}
              else (select id from users where uid = 'bench-user-' || (1 + n % ${OTHER_USERS})) end,
         (array['panorama', 'model3d', 'pointcloud'])[1 + n % 3],
         '样板间 ' || n, '三室两厅 南向 ' || n, array['现代', 't' || (n % 50)],
         (string_to_array(${STATUSES.join(',')}, ','))[1 + n % 7], 'covers/bench.webp', '样板间 ' || n, array['样', '板', '间', '样板', '板间']
  from generate_series(1, ${WORKS}) as n`);
// Vacuum, not only analyze: each insert above updated its owner's row in work_counts (a trigger), and
// the dead row versions of 100,000 such updates in one statement stay until a vacuum, which autovacuum
// does within a minute on a live server but never on one that runs without it (as this machine's does).
await database.db.execute(sql`vacuum analyze`);
const [{ id: sampleId }] = (await database.db.execute(sql`select id from works where owner_id = ${heavy.id} order by id desc limit 1`))
  .rows;

await listenWithBaseline(app, database, 'works', sampleId, { works: WORKS, heavyUid: heavy.uid });
