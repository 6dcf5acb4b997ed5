import fc from 'fast-check';
import { AppError } from '../../lib/app-error.js';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/test-app.js';
import type { AuthUser } from '../users/index.js';
import { followCounts, follows } from './people.tables.js';

/**
 * The counters never drift (docs/people.md): after any sequence of follows, unfollows, follows by phone
 * with a remark and removed followers, some of them at the same time, each person's `follow_counts` row
 * says what their `follows` rows say, and a pair has at most one row.
 */

const PEOPLE = 4;
let testApp: TestApp;
let people: AuthUser[];

beforeAll(async () => {
  testApp = await createTestApp();
  people = [];
  for (let index = 0; index < PEOPLE; index += 1) {
    const created = await createUser(testApp.app, { name: `Prop ${index}` });
    people.push((await testApp.app.services.users.getAuthUser(created.id))!);
  }
});
afterAll(() => testApp.close());

type Operation =
  | { type: 'follow' | 'unfollow' | 'remove'; from: number; to: number }
  | { type: 'followByPhone'; from: number; to: number; remark: string | undefined };

const person = fc.nat(PEOPLE - 1);
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('follow' as const), from: person, to: person }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('followByPhone' as const),
      from: person,
      to: person,
      remark: fc.option(fc.constantFrom('a', 'b', ''), { nil: undefined }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('unfollow' as const), from: person, to: person }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('remove' as const), from: person, to: person }) },
);

async function apply(op: Operation): Promise<void> {
  const service = testApp.app.services.people;
  const me = people[op.from]!;
  const other = people[op.to]!;
  try {
    switch (op.type) {
      case 'follow':
        await service.follow(me, other.uid);
        break;
      case 'followByPhone':
        await service.followByPhoneOrCode(me, other.phone, op.remark);
        break;
      case 'unfollow':
        await service.unfollow(me, other.uid);
        break;
      case 'remove':
        await service.removeFollower(me, other.uid);
        break;
    }
  } catch (error) {
    // Oneself is the only refusal here.
    if (!(error instanceof AppError) || error.messageKey !== 'followSelf' || op.from !== op.to) throw error;
  }
}

async function expectCountsMatchRows(): Promise<void> {
  const { db } = testApp.app.services.database;
  const ids = people.map((someone) => someone.id);
  const rows = await db.select().from(follows).where(inArray(follows.followerId, ids));
  const pairs = new Set(rows.map((row) => `${row.followerId}>${row.followeeId}`));
  expect(pairs.size).toBe(rows.length);
  expect(rows.every((row) => row.followerId !== row.followeeId)).toBe(true);
  const stored = await db.select().from(followCounts).where(inArray(followCounts.userId, ids));
  for (const id of ids) {
    const row = stored.find((candidate) => candidate.userId === id);
    expect({ id, follows: row?.follows ?? 0, fans: row?.fans ?? 0 }).toEqual({
      id,
      follows: rows.filter((edge) => edge.followerId === id).length,
      fans: rows.filter((edge) => edge.followeeId === id).length,
    });
  }
}

describe('follow counters property', () => {
  it('after random sequences (some steps at the same time) the counts equal the rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(operation, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }), async (steps) => {
        // Each run starts from nobody following anybody, so that a counterexample is the whole story.
        const { db } = testApp.app.services.database;
        const ids = people.map((someone) => someone.id);
        await db.delete(follows).where(inArray(follows.followerId, ids));
        await db.delete(followCounts).where(inArray(followCounts.userId, ids));
        // Each step's operations run at once: the same pair followed twice together must still count once.
        for (const step of steps) await Promise.all(step.map(apply));
        await expectCountsMatchRows();
      }),
      { numRuns: 40 },
    );
    // And recount finds nothing to correct.
    expect(await testApp.app.services.people.recount()).toBe(0);
  });
});
