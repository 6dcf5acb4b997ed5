// The built Spatia server with 1,000,000 users in its database, an admin to search them, and one extra
// route for a second baseline: GET /bench/pk answers one user row by primary key, through the same
// Fastify, database and envelope, with no session lookup.
import { sql } from 'drizzle-orm';
import { createBenchUser, listenWithBaseline, openSeededServer } from './seeded-server.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);

const { app, database } = await openSeededServer();

const admin = await createBenchUser(app, 'Bench admin', 'admin');
// Phones 13800000001…, names of ten first names with the row number ('Alice 125', '王芳 1203'), one
// role each: one INSERT … SELECT generate_series per table.
await database.db.execute(sql`
  insert into users (uid, phone, full_name, invite_code, created_at)
  select 'bench-user-' || n, '138' || lpad(n::text, 8, '0'),
         (array['张伟', '王芳', '李娜', '刘洋', '陈静', 'Alice', 'Bob', 'Carol', 'David', 'Emma'])[1 + n % 10] || ' ' || n,
         'BU' || lpad(n::text, 7, '0'), now() - make_interval(secs => ${USERS} - n)
  from generate_series(1, ${USERS}) as n`);
await database.db.execute(sql`
  insert into user_roles (user_id, role)
  select id, (array['customer', 'photographer', 'merchant'])[1 + id % 3] from users where uid like 'bench-user-%'`);
await database.db.execute(sql`vacuum analyze`);
const [{ id: sampleId }] = (await database.db.execute(sql`select id from users where uid = 'bench-user-500000'`)).rows;

await listenWithBaseline(app, database, 'users', sampleId, { users: USERS, adminUid: admin.uid });
