import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter, type BackoffRule, type RateLimiter } from './rate-limiter.js';

const redisUrl = process.env.REDIS_URL;
const implementations: [string, () => RateLimiter][] = [['memory', () => new MemoryRateLimiter()]];
if (redisUrl) implementations.push(['redis', () => new RedisRateLimiter(redisUrl, `spatia-test-${process.pid}-${Date.now()}:`)]);

describe.each(implementations)('%s rate limiter', (_name, create) => {
  it('allows up to the limit in a window, then says how long to wait', async () => {
    const limiter = create();
    expect((await limiter.hit('phone:1', 2, 60)).allowed).toBe(true);
    expect((await limiter.hit('phone:1', 2, 60)).allowed).toBe(true);
    const refused = await limiter.hit('phone:1', 2, 60);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.hit('phone:2', 2, 60)).allowed).toBe(true);
    await limiter.reset('phone:1');
    expect((await limiter.hit('phone:1', 2, 60)).allowed).toBe(true);
    await limiter.close();
  });

  it('admits attempts under a growing wait, counts them atomically, and takes one back on release', async () => {
    const limiter = create();
    const rule: BackoffRule = { waitsMs: [0, 60_000], restartAtEnd: false, forgetAfterMs: 120_000 };
    expect(await limiter.attempt('guess:a', rule)).toEqual({ allowed: true, count: 1, waitMs: 0 });
    expect(await limiter.attempt('guess:a', rule)).toEqual({ allowed: true, count: 2, waitMs: 60_000 });
    // A burst: every request is decided against the count the ones before it left.
    const burst = await Promise.all(Array.from({ length: 5 }, () => limiter.attempt('guess:a', rule)));
    expect(burst.every((decision) => !decision.allowed && decision.count === 2)).toBe(true);
    expect(burst[0]!.waitMs).toBeGreaterThan(55_000);
    expect(burst[0]!.waitMs).toBeLessThanOrEqual(60_000);
    await limiter.release('guess:a');
    // One attempt fewer: the next waits only as long as the first attempt's wait (none).
    expect((await limiter.attempt('guess:a', rule)).allowed).toBe(true);
    expect((await limiter.attempt('guess:b', rule)).allowed).toBe(true);
    await limiter.reset('guess:a');
    expect(await limiter.attempt('guess:a', rule)).toEqual({ allowed: true, count: 1, waitMs: 0 });
    await limiter.close();
  });

  it('starts counting over once the last wait of a restarting rule has passed', async () => {
    const limiter = create();
    const rule: BackoffRule = { waitsMs: [0, 150], restartAtEnd: true, forgetAfterMs: 10_000 };
    await limiter.attempt('lock:a', rule);
    expect((await limiter.attempt('lock:a', rule)).count).toBe(2);
    expect((await limiter.attempt('lock:a', rule)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 160));
    expect(await limiter.attempt('lock:a', rule)).toEqual({ allowed: true, count: 1, waitMs: 0 });
    await limiter.close();
  });
});

describe('MemoryRateLimiter', () => {
  it('opens a new window when the old one ends', async () => {
    const clock = { now: 0 };
    const limiter = new MemoryRateLimiter(() => clock.now);
    await limiter.hit('k', 1, 10);
    expect((await limiter.hit('k', 1, 10)).retryAfterSeconds).toBe(10);
    clock.now = 7_500;
    expect((await limiter.hit('k', 1, 10)).retryAfterSeconds).toBe(3);
    clock.now = 10_000;
    expect((await limiter.hit('k', 1, 10)).allowed).toBe(true);
  });
});

describe('MemoryRateLimiter attempts', () => {
  const rule: BackoffRule = { waitsMs: [0, 10_000, 60_000], restartAtEnd: true, forgetAfterMs: 300_000 };

  it('waits after each attempt as the rule says, and starts over once the last wait has passed', async () => {
    const clock = { now: 0 };
    const limiter = new MemoryRateLimiter(() => clock.now);
    expect((await limiter.attempt('k', rule)).waitMs).toBe(0);
    expect((await limiter.attempt('k', rule)).waitMs).toBe(10_000);
    clock.now = 4_000;
    expect(await limiter.attempt('k', rule)).toEqual({ allowed: false, count: 2, waitMs: 6_000 });
    clock.now = 10_000;
    expect(await limiter.attempt('k', rule)).toEqual({ allowed: true, count: 3, waitMs: 60_000 });
    clock.now = 69_999;
    expect((await limiter.attempt('k', rule)).allowed).toBe(false);
    clock.now = 70_000;
    expect(await limiter.attempt('k', rule)).toEqual({ allowed: true, count: 1, waitMs: 0 });
  });

  it('forgets a key after a quiet spell, and keeps the last wait when the rule does not start over', async () => {
    const clock = { now: 0 };
    const limiter = new MemoryRateLimiter(() => clock.now);
    const steady = { ...rule, restartAtEnd: false };
    for (const at of [0, 0, 10_000, 70_000, 130_000]) {
      clock.now = at;
      expect((await limiter.attempt('k', steady)).allowed).toBe(true);
    }
    expect((await limiter.attempt('k', steady)).waitMs).toBe(60_000);
    clock.now = 130_000 + 300_000;
    expect(await limiter.attempt('k', steady)).toEqual({ allowed: true, count: 1, waitMs: 0 });
  });
});
