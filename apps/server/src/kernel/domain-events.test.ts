import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from '../db/after-commit.js';
import type { Transaction } from '../db/database.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { DomainEvents } from './domain-events.js';

declare module './domain-events.js' {
  interface DomainEventMap {
    'test.happened': { n: number };
  }
}

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase.drop());

function fakeQueue() {
  const defined: string[] = [];
  const sent: { name: string; data: unknown; inTransaction: boolean }[] = [];
  const queue = {
    define: (name: string) => {
      defined.push(name);
      return { name, send: () => Promise.resolve(null) };
    },
    send: (name: string, data: unknown, options?: { transaction?: Transaction }) => {
      sent.push({ name, data, inTransaction: Boolean(options?.transaction) });
      return Promise.resolve('job-1');
    },
  };
  return { queue: queue as unknown as JobQueue, defined, sent };
}

const silent = { error: () => undefined };

describe('domain events', () => {
  it('runs transaction subscribers inside the transaction and the others only once it commits', async () => {
    const { queue } = fakeQueue();
    const events = new DomainEvents(queue, silent);
    const log: string[] = [];
    events.subscribe('a', 'test.happened', {
      when: 'transaction',
      handle: ({ n }) => Promise.resolve(void log.push(`in transaction ${n}`)),
    });
    events.subscribe('b', 'test.happened', { when: 'commit', handle: ({ n }) => Promise.resolve(void log.push(`after commit ${n}`)) });
    await testDatabase.database.db.transaction(async (tx) => {
      await events.publish(tx, 'test.happened', { n: 1 });
      log.push('transaction ends');
    });
    expect(log).toEqual(['in transaction 1', 'transaction ends', 'after commit 1']);
  });

  it('delivers nothing after a rollback, and a transaction subscriber that fails rolls the cause back', async () => {
    const { queue } = fakeQueue();
    const events = new DomainEvents(queue, silent);
    const delivered: number[] = [];
    events.subscribe('b', 'test.happened', { when: 'commit', handle: ({ n }) => Promise.resolve(void delivered.push(n)) });
    const rolledBack = testDatabase.database.db.transaction(async (tx) => {
      await events.publish(tx, 'test.happened', { n: 2 });
      throw new Error('the cause fails');
    });
    await expect(rolledBack).rejects.toThrow('the cause fails');
    expect(delivered).toEqual([]);

    await testDatabase.database.db.execute(sql`create table if not exists event_probe (n int)`);
    events.subscribe('c', 'test.happened', { when: 'transaction', handle: () => Promise.reject(new Error('the reaction fails')) });
    const failed = testDatabase.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into event_probe values (3)`);
      await events.publish(tx, 'test.happened', { n: 3 });
    });
    await expect(failed).rejects.toThrow('the reaction fails');
    const rows = await testDatabase.database.db.execute(sql`select count(*)::int as n from event_probe`);
    expect((rows as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(delivered).toEqual([]);
  });

  it('queues a queued subscription as a job in the same transaction', async () => {
    const { queue, defined, sent } = fakeQueue();
    const events = new DomainEvents(queue, silent);
    events.subscribe('d', 'test.happened', { when: 'queue', handle: () => Promise.resolve() });
    expect(defined).toEqual(['event.test.happened.d']);
    await testDatabase.database.db.transaction((tx) => events.publish(tx, 'test.happened', { n: 4 }));
    expect(sent).toEqual([{ name: 'event.test.happened.d', data: { n: 4 }, inTransaction: true }]);
    expect(events.subscriptions()).toEqual([{ event: 'test.happened', module: 'd', when: 'queue' }]);
  });

  it('logs an after-commit subscriber that fails, and the caller still succeeds', async () => {
    const { queue } = fakeQueue();
    const errors: string[] = [];
    const log = { error: (...args: unknown[]) => void errors.push(String(args[1])) };
    const events = new DomainEvents(queue, log as never);
    events.subscribe('e', 'test.happened', { when: 'commit', handle: () => Promise.reject(new Error('down')) });
    await testDatabase.database.db.transaction((tx) => events.publish(tx, 'test.happened', { n: 5 }));
    expect(errors).toEqual(['the e module failed to handle test.happened']);
  });
});

describe('afterCommit', () => {
  it('waits for the outermost transaction, and a savepoint that rolls back takes its callbacks with it', async () => {
    const ran: string[] = [];
    await testDatabase.database.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        afterCommit(savepoint, () => Promise.resolve(void ran.push('kept savepoint')));
      });
      await tx
        .transaction(async (savepoint) => {
          afterCommit(savepoint, () => Promise.resolve(void ran.push('dropped savepoint')));
          throw new Error('roll back the savepoint');
        })
        .catch(() => undefined);
      afterCommit(tx, () => Promise.resolve(void ran.push('outer')));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['kept savepoint', 'outer']);
  });
});
