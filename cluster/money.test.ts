import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { authHeaders, call, clusterState, createAccount, createAdmin, send, session, withDatabase } from './support.js';

const state = clusterState();
const { API_1, API_2 } = state.addresses;

interface PaymentOrder {
  id: number;
  orderNo: string;
  status: 'pending' | 'paid' | 'closed';
  amountFen: number;
  balanceFen: number;
}

interface Withdrawal {
  id: number;
  withdrawalNo: string;
  status: string;
  amountFen: number;
}

const PAYOUT_JOB = 'withdrawals.payout';
/** What a payout run answers (kept on its job). */
interface PayoutRun {
  checked: number;
  paid: number;
  failed: number;
  open: number;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until it answers something, for at most `timeoutMs`. */
async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`);
    await sleep(100);
  }
}

/**
 * The sandbox provider's part, played by the test as `apps/server/src/test/payment-provider-stand-ins.ts`
 * plays WeChat's and Alipay's: its books say the order was paid (as its checkout page would make them), and
 * its notification is signed with the sandbox's key, which every process of the cluster reads from the
 * database (`server_secrets`, docs/payments.md "Sandbox").
 */
async function sandboxPaid(
  orderNo: string,
  amountFen: number,
): Promise<{ transactionId: string; headers: Record<string, string>; body: string }> {
  const transactionId = `SBXCLUSTER${randomBytes(6).toString('hex')}`;
  const paidAt = Date.now();
  const secret = await withDatabase(state, async (client) => {
    const paid = await client.query(
      `update sandbox_payments set state = 'paid', transaction_id = $2, paid_at = to_timestamp($3 / 1000.0)
        where order_no = $1 and state = 'unpaid'`,
      [orderNo, transactionId, paidAt],
    );
    expect(paid.rowCount).toBe(1);
    const { rows } = await client.query<{ value: string }>(`select value from server_secrets where name = 'sandbox-payments'`);
    return rows[0]!.value;
  });
  const body = JSON.stringify({ orderNo, state: 'paid', transactionId, amountFen, paidAt });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', secret).update(`${timestamp}\n${body}\n`).digest('hex');
  return {
    transactionId,
    headers: { 'content-type': 'application/json', 'x-sandbox-timestamp': timestamp, 'x-sandbox-signature': signature },
    body,
  };
}

/** The buyer of the payment test, with ¥30.00 on the balance once it ran: the withdrawal test buys with it. */
let buyer: { phone: string; token: string } | undefined;

describe('a payment across two API processes', () => {
  it('books a notification delivered twice to one process once, while the buyer polls the other', async () => {
    const account = createAccount(state);
    const { token } = await session(API_2, account);
    buyer = { phone: account.phone, token };
    const ordered = await call<PaymentOrder>(API_2, '/api/c/flowRecharge/nativePayNow', {
      method: 'POST',
      headers: { ...authHeaders(token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ months: 1, fee: 3000 }),
    });
    expect(ordered.status, ordered.body?.msg).toBe(200);
    const order = ordered.body!.data!;
    expect(order).toMatchObject({ status: 'pending', amountFen: 3000, balanceFen: 0 });

    // The provider takes the money and notifies API_1 twice at once (providers retry, and may overlap),
    // while the buyer's page polls API_2, which asks the provider itself (its first poll always does) and
    // finds it paid: three attempts to book one payment, in two processes.
    const notification = await sandboxPaid(order.orderNo, order.amountFen);
    const notify = async () => {
      const response = await fetch(`${API_1}/api/payments/sandbox/notify`, {
        method: 'POST',
        headers: notification.headers,
        body: notification.body,
      });
      return { status: response.status, text: await response.text() };
    };
    const poll = () =>
      until('the buyer to see the order paid at API_2', async () => {
        const seen = await call<PaymentOrder>(API_2, `/api/c/flowRechargeOrder/${order.id}/nativeUnifiedOrderQuery`, {
          headers: authHeaders(token),
        });
        expect(seen.status).toBe(200);
        return seen.body!.data!.status === 'paid' ? seen.body!.data! : undefined;
      });
    const [first, second, polled] = await Promise.all([notify(), notify(), poll()]);

    // Both notifications are answered with the provider's success (so it stops), the buyer sees it paid.
    expect(first).toEqual({ status: 200, text: '{"code":"SUCCESS"}' });
    expect(second).toEqual({ status: 200, text: '{"code":"SUCCESS"}' });
    expect(polled).toMatchObject({ status: 'paid', balanceFen: 3000 });

    // One booking: the balance holds the payment once at either process, and the orders list one paid recharge.
    for (const base of [API_1, API_2]) {
      const plans = await call<{ balanceFen: number }>(base, '/api/c/flowRecharge/plans', { headers: authHeaders(token) });
      expect(plans.body?.data?.balanceFen).toBe(3000);
    }
    const orders = await call<{ totals: { count: number; completedCount: number; amountFen: number } }>(
      API_1,
      '/api/c/orders?direction=consume&type=flow',
      { headers: authHeaders(token) },
    );
    expect(orders.body?.data?.totals).toEqual({ count: 1, completedCount: 1, amountFen: 3000 });
    const postings = await withDatabase(state, (client) =>
      client.query<{ reference: string }>(`select reference from ledger_transactions where memo = $1`, [order.orderNo]),
    );
    expect(postings.rows).toEqual([{ reference: `payment:sandbox:${notification.transactionId}` }]);
  });
});

describe('a payout across two workers', () => {
  it('pays an approved withdrawal once when both workers run the payout batch at the same moment', async () => {
    expect(buyer, 'the payment test runs first: its buyer buys the work').toBeDefined();
    const admin = await session(API_1, createAdmin(state));
    const sellerAccount = createAccount(state);
    const seller = await session(API_2, sellerAccount);

    // ¥25.00 of income the honest way: the buyer of the payment test buys a work from the seller.
    const work = await send<{ uid: string }>(API_2, '/api/model', seller.token, 'POST', { name: 'Cluster sale', type: 'panorama' });
    expect(work.status, work.body?.msg).toBe(200);
    const sale = await send<{ id: number }>(API_2, `/api/model/${work.body!.data!.uid}/sellTo`, seller.token, 'POST', {
      phoneOrCode: buyer!.phone,
      sellingPrice: '25',
      remark: '',
    });
    expect(sale.status, sale.body?.msg).toBe(200);
    const confirmed = await send(API_1, `/api/transfers/${sale.body!.data!.id}/confirm`, buyer!.token, 'POST');
    expect(confirmed.status, confirmed.body?.msg).toBe(200);

    // A payout account usable at once, and ¥20.00 asked for.
    expect((await send(API_1, '/api/admin/withdrawals/settings', admin.token, 'PUT', { payoutAccountCoolingHours: 0 })).status).toBe(200);
    const bound = await send(API_2, '/api/c/withdraw/accounts/alipay', seller.token, 'PUT', {
      account: `cluster-${randomBytes(4).toString('hex')}@example.com`,
      realName: '王小明',
      password: sellerAccount.password,
    });
    expect(bound.status, bound.body?.msg).toBe(200);
    const asked = await call<Withdrawal>(API_2, '/api/c/withdraw', {
      method: 'POST',
      headers: { ...authHeaders(seller.token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ amount: 2000, channel: 'alipay', password: sellerAccount.password }),
    });
    expect(asked.status, asked.body?.msg).toBe(200);
    const withdrawal = asked.body!.data!;

    const boss = new PgBoss({ connectionString: state.database.url, schema: 'pgboss', migrate: false, supervise: false, schedule: false });
    boss.on('error', () => undefined);
    await boss.start();
    const lock = await connect();
    // Another connection looks on: inside the lock's transaction pg_stat_activity would not change.
    const watch = await connect();
    let held: string | undefined;
    try {
      // The payout queue runs one unkeyed run at a time (policy `singleton`): the test holds that slot, so
      // that the run the approval queues, and the schedule's, wait; they would pay the withdrawal before
      // the race below is set.
      held = await holdUnkeyedRun(boss);
      const approved = await send<Withdrawal>(API_1, `/api/admin/withdrawals/${withdrawal.id}/approve`, admin.token, 'POST');
      expect(approved.status, approved.body?.msg).toBe(200);
      expect(approved.body!.data!.status).toBe('approved');

      // The withdrawal's row is locked, and two runs are queued under keys of their own, ahead of the
      // waiting ones: each worker takes one (each runs one payout run at a time), reads the withdrawal as
      // approved in its batch and waits at its claim on the lock.
      await lock.query('begin');
      await lock.query('select id from withdrawals where id = $1 for update', [withdrawal.id]);
      const runs = await Promise.all(
        ['a', 'b'].map((key) => boss.send(PAYOUT_JOB, {}, { singletonKey: `cluster-race-${key}-${withdrawal.id}`, priority: 50 })),
      );
      expect(runs.every(Boolean)).toBe(true);
      await until(
        'both workers to wait at the claim',
        async () => {
          // The first waits for the test's lock, the second behind the first.
          const { rows } = await watch.query<{ waiting: number; active: number }>(
            `select (select count(*)::int from pg_stat_activity
                      where datname = current_database() and wait_event_type = 'Lock'
                        and cardinality(pg_blocking_pids(pid)) > 0 and query ilike 'update "withdrawals"%') as waiting,
                    (select count(*)::int from pgboss.job where name = $1 and id = any($2::uuid[]) and state = 'active') as active`,
            [PAYOUT_JOB, runs],
          );
          return rows[0]!.waiting === 2 && rows[0]!.active === 2 ? true : undefined;
        },
        30_000,
      );
      // Released: both claim at once.
      await lock.query('rollback');
      const finished = await until('both runs to finish', async () => {
        const { rows } = await watch.query<{ state: string; output: { result: PayoutRun } }>(
          `select state, output from pgboss.job where name = $1 and id = any($2::uuid[])`,
          [PAYOUT_JOB, runs],
        );
        return rows.length === 2 && rows.every((row) => row.state === 'completed') ? rows : undefined;
      });
      // Both runs had the withdrawal in their batch; one claimed and paid it, the other found it claimed and
      // left it (neither paid nor open: no error, no second transfer).
      expect(finished.map((row) => row.output.result).sort((a, b) => a.paid - b.paid)).toEqual([
        { checked: 1, paid: 0, failed: 0, open: 0 },
        { checked: 1, paid: 1, failed: 0, open: 0 },
      ]);
    } finally {
      await lock.query('rollback').catch(() => undefined);
      await lock.end();
      await watch.end();
      if (held) await boss.complete(PAYOUT_JOB, held);
      await boss.stop({ graceful: false, wait: true });
    }

    // Paid once: one claim (one transfer asked of the provider), the paid posting once, the income less ¥20.00.
    const mine = await send<Withdrawal>(API_2, `/api/c/withdraw/records/${withdrawal.id}`, seller.token, 'GET');
    expect(mine.body?.data?.status).toBe('paid');
    const queue = await send<{ list: { id: number; attempts: number; status: string }[] }>(
      API_1,
      `/api/admin/withdrawals?keyword=${withdrawal.withdrawalNo}`,
      admin.token,
      'GET',
    );
    expect(queue.body?.data?.list).toEqual([expect.objectContaining({ id: withdrawal.id, status: 'paid', attempts: 1 })]);
    const options = await send<{ withdrawableFen: number }>(API_1, '/api/c/withdraw/options', seller.token, 'GET');
    expect(options.body?.data?.withdrawableFen).toBe(500);
    const postings = await withDatabase(state, (client) =>
      client.query<{ reference: string }>(`select reference from ledger_transactions where memo = $1 order by id`, [
        withdrawal.withdrawalNo,
      ]),
    );
    expect(postings.rows.map((row) => row.reference)).toEqual([`withdrawal:${withdrawal.id}:request`, `withdrawal:${withdrawal.id}:paid`]);
  });
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: state.database.url });
  await client.connect();
  return client;
}

/**
 * Makes an unkeyed payout run of the test's own active, so that no worker starts one meanwhile: sent with
 * a high priority and taken at once (a worker may take it first; it then finds nothing to pay, and the
 * test tries again).
 */
async function holdUnkeyedRun(boss: PgBoss): Promise<string> {
  let mine = await boss.send(PAYOUT_JOB, {}, { priority: 100 });
  return until('the payout queue to take the test as its unkeyed run', async () => {
    // The first waiting run is the test's (the highest priority), unless a worker took it.
    const [job] = await boss.fetch(PAYOUT_JOB, { batchSize: 1 });
    if (job) return job.id;
    // A worker runs an unkeyed run; the test's waits for the slot, or is the one running, then sent again.
    if ((await boss.getJobById(PAYOUT_JOB, mine!))?.state !== 'created') mine = await boss.send(PAYOUT_JOB, {}, { priority: 100 });
    return undefined;
  });
}
