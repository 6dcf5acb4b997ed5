import { ERRORS, MemoryLocker, type Locker } from '@tus/server';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisLocker } from './redis-locker.js';

const redisUrl = process.env.REDIS_URL;
const prefix = `spatia-test-${process.pid}-${Date.now()}:tus-lock:`;
const opened: RedisLocker[] = [];

/** Two lockers as two server processes see them: one MemoryLocker is shared, Redis lockers are separate connections. */
type Pair = () => [Locker, Locker];
const implementations: [string, Pair][] = [
  [
    'memory',
    () => {
      const locker = new MemoryLocker({ acquireLockTimeout: 500 });
      return [locker, locker];
    },
  ],
];
if (redisUrl) {
  implementations.push([
    'redis',
    () => {
      const pair: [RedisLocker, RedisLocker] = [
        new RedisLocker(redisUrl, { prefix, acquireTimeoutMs: 500 }),
        new RedisLocker(redisUrl, { prefix, acquireTimeoutMs: 500 }),
      ];
      opened.push(...pair);
      return pair;
    },
  ]);
}

afterAll(async () => {
  await Promise.all(opened.map((locker) => locker.close()));
});

const TIMEOUT = { status_code: ERRORS.ERR_LOCK_TIMEOUT.status_code, body: ERRORS.ERR_LOCK_TIMEOUT.body };
const never = () => new AbortController().signal;
const uploadId = () => `upload-${Math.random().toString(16).slice(2)}`;

describe.each(implementations)('%s locker', (_name, create) => {
  it('lets one request hold an upload at a time: the next waits, and asks the holder to let go', async () => {
    const [first, second] = create();
    const id = uploadId();
    const held = first.newLock(id);
    let asked = 0;
    await held.lock(never(), () => {
      asked += 1;
    });
    const order: string[] = [];
    const waiting = second
      .newLock(id)
      .lock(never(), () => undefined)
      .then(() => order.push('second took it'));
    await expect.poll(() => asked, { timeout: 2_000 }).toBeGreaterThan(0);
    order.push('first lets go');
    await held.unlock();
    await waiting;
    expect(order).toEqual(['first lets go', 'second took it']);
  });

  it('does not hold other uploads', async () => {
    const [first, second] = create();
    const held = first.newLock(uploadId());
    await held.lock(never(), () => undefined);
    const other = second.newLock(uploadId());
    await other.lock(never(), () => undefined);
    await other.unlock();
    await held.unlock();
  });

  it('gives up with tus lock timeout when the holder keeps it, or when the waiting request ends', async () => {
    const [first, second] = create();
    const id = uploadId();
    const held = first.newLock(id);
    await held.lock(never(), () => undefined);
    await expect(second.newLock(id).lock(never(), () => undefined)).rejects.toMatchObject(TIMEOUT);
    const ended = new AbortController();
    const waiting = second.newLock(id).lock(ended.signal, () => undefined);
    ended.abort();
    await expect(waiting).rejects.toMatchObject(TIMEOUT);
    await held.unlock();
  });
});

describe.runIf(redisUrl)('redis locker', () => {
  it('frees the lock of a process that died holding it once its lease lapses', async () => {
    const dead = new RedisLocker(redisUrl!, { prefix, leaseMs: 1_000 });
    const impatient = new RedisLocker(redisUrl!, { prefix, acquireTimeoutMs: 50 });
    const patient = new RedisLocker(redisUrl!, { prefix, acquireTimeoutMs: 10_000 });
    opened.push(impatient, patient);
    const id = uploadId();
    await dead.newLock(id).lock(never(), () => undefined);
    dead.redis.disconnect(); // no unlock, no more extensions: as a killed process
    await expect(impatient.newLock(id).lock(never(), () => undefined)).rejects.toMatchObject(TIMEOUT);
    await patient.newLock(id).lock(never(), () => undefined);
    await dead.close();
  });
});
