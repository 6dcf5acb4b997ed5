// The built Spatia server where the bench user (BENCH_PHONE, BENCH_PASSWORD, permission 163) has a team of
// 10,000 first-level and 100,000 second-level subordinates and 2,000 promotion rewards this month, and one
// extra route for the baseline: GET /bench/pk answers the bench user's row by primary key, through the same
// Fastify, database and envelope. The team is seeded by SQL, as old accounts would be: the first overview
// counts it from the invitation tree once, later ones read the counts row (docs/team.md).
import { sql } from 'drizzle-orm';
import { listenWithBaseline, openSeededServer } from './seeded-server.mjs';

const FIRST = 10_000;
const PER_FIRST = 10;
const REWARDS = 2_000;

const { app, database } = await openSeededServer();
const { id: leader } = await app.services.users.createUser({
  phone: process.env.BENCH_PHONE,
  password: process.env.BENCH_PASSWORD,
  fullName: 'Bench leader',
  roles: ['customer'],
  permissionIds: [163],
});
await database.db.execute(sql`
  insert into users (uid, phone, full_name, invite_code, invited_by_user_id)
  select 'bench-first-' || n, '136' || lpad(n::text, 8, '0'), 'First ' || n, 'BF' || lpad(n::text, 7, '0'), ${leader}
  from generate_series(1, ${FIRST}) as n`);
await database.db.execute(sql`
  insert into users (uid, phone, full_name, invite_code, invited_by_user_id)
  select 'bench-second-' || n, '135' || lpad(n::text, 8, '0'), 'Second ' || n, 'BT' || lpad(n::text, 7, '0'),
         (select id from users where uid = 'bench-first-' || (1 + n % ${FIRST}))
  from generate_series(1, ${FIRST * PER_FIRST}) as n`);
await database.db.execute(sql`
  insert into team_payments (reference, source, payer_user_id, order_no, paid_fen, paid_at)
  select 'flowRecharge:bench-' || n, 'flowRecharge', (select id from users where uid = 'bench-first-' || (1 + n % ${FIRST})),
         'bench-' || n, 3000, now() - make_interval(secs => n * 60)
  from generate_series(1, ${REWARDS}) as n`);
await database.db.execute(sql`
  insert into team_rewards (payment_id, level, beneficiary_user_id, payer_user_id, kind, paid_at, basis_points, amount_fen, status, release_at)
  select id, 1, ${leader}, payer_user_id, 'flow', paid_at, 1000, 300, 'pending', now() + interval '7 days'
  from team_payments where reference like 'flowRecharge:bench-%'`);
// As the module keeps them with each reward: the rewards per business day (the default zone).
await database.db.execute(sql`
  insert into team_daily (user_id, day, amount_fen)
  select beneficiary_user_id, to_char(paid_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD'), sum(amount_fen)
  from team_rewards group by 1, 2`);
await database.db.execute(sql`vacuum analyze`);

await listenWithBaseline(app, database, 'users', leader, { first: FIRST, second: FIRST * PER_FIRST, rewards: REWARDS });
