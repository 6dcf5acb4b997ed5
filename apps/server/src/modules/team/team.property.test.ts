import { Role, teamReward, type TeamRevenueSource } from '@spatia/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { BusinessCalendar } from '../../lib/business-time.js';
import { createTestApp, createUser, type TestApp } from '../../test/test-app.js';
import { LedgerAccount } from '../ledger/index.js';
import { TeamRepository } from './team.repository.js';
import { TEAM_PENDING_ACCOUNT, TEAM_REWARDS_ACCOUNT, TeamService } from './team.service.js';

let testApp: TestApp;
let adminId: number;
let run = 0;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  testApp = await createTestApp();
  adminId = (await createUser(testApp.app, { roles: [Role.admin] })).id;
});
afterAll(() => testApp.close());

const services = () => testApp.app.services;
const db = () => services().database.db;

function teamAt(now: number): TeamService {
  const { database, ledger, adminLog, logger } = services();
  return new TeamService({
    repository: new TeamRepository(database.db),
    ledger,
    adminLog,
    calendar: new BusinessCalendar(),
    log: logger,
    now: () => now,
  });
}

const SOURCES: TeamRevenueSource[] = ['flowRecharge', 'market', 'serviceOrder'];

const ops = fc.array(
  fc.oneof(
    fc.record({
      op: fc.constant('pay' as const),
      payer: fc.nat(20),
      source: fc.nat(2),
      amount: fc.integer({ min: 1, max: 200_000 }),
      twice: fc.boolean(),
    }),
    fc.record({
      op: fc.constant('refund' as const),
      payment: fc.nat(20),
      share: fc.double({ min: 0.01, max: 1, noNaN: true }),
      twice: fc.boolean(),
    }),
    fc.record({ op: fc.constant('release' as const) }),
  ),
  { minLength: 1, maxLength: 12 },
);

describe('team property (docs/team.md)', () => {
  it('rewards equal the rates times the net paid at each of two levels, never a third; counts match the tree; the ledger sums to zero', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Person i is invited by one of 0..i-1 or by nobody (-1).
        fc.array(fc.integer({ min: -1, max: 20 }), { minLength: 2, maxLength: 8 }),
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 0, max: 1500 }),
        ops,
        async (parents, rateA, rateB, steps) => {
          run += 1;
          const [first, second] = rateA >= rateB ? [rateA, rateB] : [rateB, rateA];
          await services().team.updateSettings(
            { id: adminId },
            { firstLevelBasisPoints: first, secondLevelBasisPoints: second, pendingDays: 3 },
          );
          // The tree, registered in order as accounts does (the superior exists before).
          const ids: number[] = [];
          const superior: (number | null)[] = [];
          for (const [index, parent] of parents.entries()) {
            const up = parent < 0 || index === 0 ? null : parent % index;
            superior.push(up);
            const created = await services().users.createUser({
              phone: `133${String(run % 10_000).padStart(4, '0')}${String(index).padStart(4, '0')}`,
              password: null,
              fullName: `P${run}-${index}`,
              roles: [Role.customer],
              permissionIds: [],
              ...(up === null ? {} : { invitedByUserId: ids[up]! }),
            });
            ids.push(created.id);
          }
          let clock = Date.now();
          const payments: { index: number; source: TeamRevenueSource; orderNo: string; paid: number; refunded: number }[] = [];
          let refundSequence = 0;
          for (const step of steps) {
            if (step.op === 'pay') {
              const index = step.payer % ids.length;
              const source = SOURCES[step.source]!;
              const orderNo = `P${run}-${payments.length}`;
              const told = { reference: orderNo, orderNo, payerUserId: ids[index]!, amountFen: step.amount, paidAt: clock };
              for (let time = 0; time < (step.twice ? 2 : 1); time++) await db().transaction((tx) => teamAt(clock).paid(source, told, tx));
              payments.push({ index, source, orderNo, paid: step.amount, refunded: 0 });
            } else if (step.op === 'refund' && payments.length > 0) {
              const payment = payments[step.payment % payments.length]!;
              const left = payment.paid - payment.refunded;
              const amountFen = Math.min(left, Math.max(1, Math.floor(left * step.share)));
              if (left === 0) continue;
              const refund = { orderNo: payment.orderNo, refundReference: `R${run}-${(refundSequence += 1)}`, amountFen };
              for (let time = 0; time < (step.twice ? 2 : 1); time++)
                await db().transaction((tx) => teamAt(clock).refunded(payment.source, refund, tx));
              payment.refunded += amountFen;
            } else if (step.op === 'release') {
              clock += 4 * DAY_MS;
              await teamAt(clock).releaseDue();
            }
          }

          // Every reward: the rate of the net paid, to the payer's superior (1) and theirs (2), nobody else.
          const rows = await rowsOf<{ order_no: string; level: number; beneficiary_user_id: string; amount_fen: string; status: string }>(
            db(),
            sql`select p.order_no, r.level, r.beneficiary_user_id::text, r.amount_fen::text, r.status
              from team_rewards r join team_payments p on p.id = r.payment_id where p.order_no like ${`P${run}-%`}`,
          );
          const expected = new Map<string, number>();
          const earned = new Map<number, number>();
          for (const payment of payments) {
            const up = superior[payment.index] ?? null;
            const upUp = up === null ? null : (superior[up] ?? null);
            const levels: [1 | 2, number | null, number][] = [
              [1, up, first],
              [2, upUp, second],
            ];
            for (const [level, who, rate] of levels) {
              if (who === null || teamReward(payment.paid, rate) === 0) continue;
              const amount = teamReward(payment.paid - payment.refunded, rate);
              expected.set(`${payment.orderNo}:${level}:${ids[who]}`, amount);
              earned.set(ids[who]!, (earned.get(ids[who]!) ?? 0) + amount);
            }
          }
          const actual = new Map(rows.map((row) => [`${row.order_no}:${row.level}:${row.beneficiary_user_id}`, Number(row.amount_fen)]));
          expect(actual).toEqual(expected);
          for (const row of rows) expect(row.status === 'reversed').toBe(Number(row.amount_fen) === 0);

          // Counts and totals as the tree and the rewards say; income holds exactly the released rewards.
          for (const [index, id] of ids.entries()) {
            const overview = await services().team.overview(id);
            const firsts = superior.flatMap((up, child) => (up === index ? [child] : []));
            const seconds = superior.filter((up) => up !== null && firsts.includes(up)).length;
            expect(overview.firstLevelCount).toBe(firsts.length);
            expect(overview.secondLevelCount).toBe(seconds);
            expect(overview.totalFen).toBe(earned.get(id) ?? 0);
            const [held] = await rowsOf<{ released: string; pending: string }>(
              db(),
              sql`select coalesce(sum(amount_fen) filter (where status = 'withdrawable'), 0)::text as released,
                  coalesce(sum(amount_fen) filter (where status = 'pending'), 0)::text as pending
                from team_rewards where beneficiary_user_id = ${id}`,
            );
            expect(await services().ledger.balance(LedgerAccount.income(id))).toBe(Number(held!.released));
            expect(overview.pendingFen).toBe(Number(held!.pending));
          }
          // The ledger: zero in all; the pending account holds the pending rewards; the expense all rewards.
          const [totals] = await rowsOf<{ all: string; pending: string; rewards: string }>(
            db(),
            sql`select (select coalesce(sum(amount), 0) from ledger_entries)::text as all,
                (select coalesce(sum(amount_fen), 0) from team_rewards where status = 'pending')::text as pending,
                (select coalesce(sum(amount_fen), 0) from team_rewards)::text as rewards`,
          );
          expect(Number(totals!.all)).toBe(0);
          expect(await services().ledger.balance(TEAM_PENDING_ACCOUNT)).toBe(Number(totals!.pending));
          expect(await services().ledger.balance(TEAM_REWARDS_ACCOUNT)).toBe(0 - Number(totals!.rewards));
        },
      ),
      { numRuns: 15 },
    );
  });
});
