// The built Spatia server with BENCH_ORDERS pending sandbox recharge orders of 1,000 payers, and one
// extra route for the baseline: GET /bench/pk answers one payment order by primary key, through the same
// Fastify, database and envelope; and POST /bench/write, the least a write costs there: one row inserted and
// committed. One process for all, because the embedded database cannot be opened by two.
import { sql } from 'drizzle-orm';
import { listenWithBaseline, openSeededServer } from './seeded-server.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS);
const PAYERS = 1000;

const { app, database } = await openSeededServer();

await database.db.execute(sql`
  insert into users (uid, phone, full_name, invite_code)
  select 'bench-payer-' || n, '137' || lpad(n::text, 8, '0'), 'Bench payer ' || n, 'BP' || lpad(n::text, 6, '0')
  from generate_series(1, ${PAYERS}) as n`);
await database.db.execute(sql`
  insert into ledger_accounts (code, owner_user_id, allow_negative)
  select 'user:' || id || ':balance', id, false from users where uid like 'bench-payer-%'
  union all select 'system:payments:sandbox', null, true`);
await database.db.execute(sql`
  insert into payment_orders (order_no, user_id, kind, provider, amount_fen, months, description, code_url, expires_at)
  select 'BENCH' || lpad(n::text, 9, '0'), (select id from users where uid = 'bench-payer-' || (1 + n % ${PAYERS})),
         'flowRecharge', 'sandbox', 3000, 1, 'bench', '/mobile/sandboxPay/bench', now() + interval '1 day'
  from generate_series(1, ${ORDERS}) as n`);
await database.db.execute(sql`vacuum analyze`);
const [{ id: sampleId }] = (await database.db.execute(sql`select id from payment_orders order by id desc limit 1`)).rows;

// What was booked: paid orders and ledger postings, one each per payment however often it was notified.
app.get('/bench/booked', async () => {
  const { rows } = await database.db.execute(sql`
    select (select count(*) from payment_orders where status = 'paid')::int as paid,
           (select count(*) from ledger_transactions where kind = 'flowRecharge')::int as postings`);
  return rows[0];
});
// The floor of any booking: one committed write of one row (a table with only its primary key).
await database.db.execute(sql`create table bench_writes (id bigserial primary key)`);
app.post('/bench/write', async () => {
  const { rows } = await database.db.execute(sql`insert into bench_writes default values returning id`);
  return { code: 0, msg: 'ok', data: rows[0] };
});
await listenWithBaseline(app, database, 'payment_orders', sampleId, { orders: ORDERS });
