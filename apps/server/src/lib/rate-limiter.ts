import { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window that refused this hit ends; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * A growing wait between counted attempts of one key (password guesses: modules/auth/login-throttle.ts).
 * After the n-th counted attempt, the next one is admitted only `waitsMs[n - 1]` later.
 */
export interface BackoffRule {
  /** `waitsMs[n - 1]`: milliseconds the n-th counted attempt makes the next one wait; past the end, the last entry. */
  waitsMs: readonly number[];
  /** Once the count has reached `waitsMs.length` and that wait has passed, counting starts again from zero. */
  restartAtEnd: boolean;
  /** A key with no counted attempt for this long is forgotten (at least the longest wait). */
  forgetAfterMs: number;
}

export interface BackoffDecision {
  allowed: boolean;
  /** Attempts counted for the key, this one included when it was allowed. */
  count: number;
  /** Refused: milliseconds until an attempt is admitted. Allowed: the wait this attempt puts before the next. */
  waitMs: number;
}

/**
 * Fixed-window counters (`hit`: at most `limit` hits per `windowSeconds` for one key) and growing waits
 * (`attempt`). Process memory by default; Redis when REDIS_URL is set, so every server process counts
 * against the same windows. Admitting and counting is one atomic step, so parallel requests cannot all
 * slip in before the first is counted.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  /** Admits and counts one attempt unless the wait after the key's last counted attempt is still running. */
  attempt(key: string, rule: BackoffRule): Promise<BackoffDecision>;
  /** Takes back one counted attempt (it turned out to be no failure); the wait it started still runs. */
  release(key: string): Promise<void>;
  /** Forgets a key's window or count (after a successful sign-in, say). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The wait that `count` counted attempts put before the next one. */
export function backoffWaitMs(rule: BackoffRule, count: number): number {
  if (count <= 0 || rule.waitsMs.length === 0) return 0;
  return rule.waitsMs[Math.min(count, rule.waitsMs.length) - 1]!;
}

/** The decision both stores take, on a key's `{count, last}` (last: the time of the last counted attempt). */
function decideAttempt(rule: BackoffRule, state: { count: number; last: number } | undefined, now: number) {
  let count = state && now - state.last < rule.forgetAfterMs ? state.count : 0;
  if (count > 0) {
    const admittedAt = state!.last + backoffWaitMs(rule, count);
    if (now < admittedAt) return { decision: { allowed: false, count, waitMs: admittedAt - now } };
    if (rule.restartAtEnd && count >= rule.waitsMs.length) count = 0;
  }
  count += 1;
  return { decision: { allowed: true, count, waitMs: backoffWaitMs(rule, count) }, next: { count, last: now } };
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly attempts = new Map<string, { count: number; last: number; forgetAt: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
      this.sweep(now);
    }
    window.count += 1;
    if (window.count <= limit) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.ceil((window.endsAt - now) / 1000) };
  }

  async attempt(key: string, rule: BackoffRule): Promise<BackoffDecision> {
    const now = this.now();
    const { decision, next } = decideAttempt(rule, this.attempts.get(key), now);
    if (next) {
      if (!this.attempts.has(key)) this.sweep(now);
      this.attempts.set(key, { ...next, forgetAt: now + rule.forgetAfterMs });
    }
    return decision;
  }

  async release(key: string): Promise<void> {
    const state = this.attempts.get(key);
    if (state) state.count = Math.max(0, state.count - 1);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
    this.attempts.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
    this.attempts.clear();
  }

  private sweep(now: number): void {
    if (this.windows.size >= 10_000) for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    if (this.attempts.size >= 10_000) for (const [key, state] of this.attempts) if (state.forgetAt <= now) this.attempts.delete(key);
  }
}

/**
 * `attempt` in one Redis step: KEYS[1] a hash {count, last}; ARGV: now, forgetAfterMs, restartAtEnd
 * (1 or 0), then the waits. Returns {allowed (1 or 0), count, waitMs}. The same rule as decideAttempt.
 */
const ATTEMPT_SCRIPT = `
local now = tonumber(ARGV[1])
local forget = tonumber(ARGV[2])
local restart = ARGV[3] == '1'
local n = #ARGV - 3
local function waitAfter(count)
  if count <= 0 or n == 0 then return 0 end
  return tonumber(ARGV[3 + math.min(count, n)])
end
local state = redis.call('HMGET', KEYS[1], 'count', 'last')
local count = tonumber(state[1]) or 0
local last = tonumber(state[2]) or 0
if count > 0 and now - last >= forget then count = 0 end
if count > 0 then
  local admittedAt = last + waitAfter(count)
  if now < admittedAt then return {0, count, admittedAt - now} end
  if restart and count >= n then count = 0 end
end
count = count + 1
redis.call('HSET', KEYS[1], 'count', count, 'last', now)
redis.call('PEXPIRE', KEYS[1], forget)
return {1, count, waitAfter(count)}
`;

/** `release`: one counted attempt fewer, never below zero. */
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count'))
if count and count > 0 then redis.call('HSET', KEYS[1], 'count', count - 1) end
return 0
`;

/** The scripts, sent once and then run by their SHA (ioredis' defineCommand). */
interface BackoffScripts {
  spatiaAttempt(key: string, ...args: (string | number)[]): Promise<unknown>;
  spatiaRelease(key: string): Promise<unknown>;
}

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly scripts: BackoffScripts;

  constructor(
    url: string,
    private readonly prefix = 'spatia:rate:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    this.redis.defineCommand('spatiaAttempt', { numberOfKeys: 1, lua: ATTEMPT_SCRIPT });
    this.redis.defineCommand('spatiaRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    this.scripts = this.redis as unknown as BackoffScripts;
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const redisKey = this.prefix + key;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(redisKey).pttl(redisKey).exec()) as [[null, number], [null, number]];
    if (ttl < 0) await this.redis.pexpire(redisKey, windowSeconds * 1000);
    if (count <= limit) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((ttl < 0 ? windowSeconds * 1000 : ttl) / 1000)) };
  }

  async attempt(key: string, rule: BackoffRule): Promise<BackoffDecision> {
    const [allowed, count, waitMs] = (await this.scripts.spatiaAttempt(
      this.prefix + key,
      Date.now(),
      rule.forgetAfterMs,
      rule.restartAtEnd ? 1 : 0,
      ...rule.waitsMs,
    )) as [number, number, number];
    return { allowed: allowed === 1, count, waitMs };
  }

  async release(key: string): Promise<void> {
    await this.scripts.spatiaRelease(this.prefix + key);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createRateLimiter(redisUrl: string | undefined): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl) : new MemoryRateLimiter();
}
