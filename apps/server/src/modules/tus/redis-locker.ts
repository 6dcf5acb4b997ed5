import { randomBytes } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { Redis } from 'ioredis';

/** Deletes the lock only while it is still the caller's (its token): a lock that lapsed and was taken stays. */
const UNLOCK_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;
/** Extends the lock's lease only while it is still the caller's. */
const EXTEND_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

interface LockScripts {
  spatiaUnlock(key: string, token: string): Promise<number>;
  spatiaExtend(key: string, token: string, leaseMs: number): Promise<number>;
}

export interface RedisLockerOptions {
  /** Before every key and the channel (default `spatia:tus-lock:`). */
  prefix?: string;
  /** How long a request waits for an upload's lock before it fails (tus's MemoryLocker: 30 s). */
  acquireTimeoutMs?: number;
  /** A lock expires this long after its holder last extended it: a crashed process frees its uploads. */
  leaseMs?: number;
  /** While waiting, the lock is tried again at least this often (a freed lock also wakes waiters at once). */
  retryMs?: number;
}

/**
 * tus's Locker (the lock of one upload while a request reads or writes it) shared by every server
 * process through Redis, so that two requests of one upload arriving at two processes behind a load
 * balancer never write it at once. tus's own MemoryLocker does the same within one process.
 *
 * A lock is a key set with NX and a lease (PX), extended while held and deleted only by its holder
 * (compared by token). As with MemoryLocker, a request that finds the upload locked asks the holder to
 * let go (tus then ends the holder's request once its drain time passes, keeping the bytes that
 * arrived): the request goes to every process over a pub/sub channel, and the process holding the
 * lock passes it on. Freed locks are announced on the same channel to wake waiters.
 */
export class RedisLocker implements Locker {
  readonly prefix: string;
  readonly acquireTimeoutMs: number;
  readonly leaseMs: number;
  readonly retryMs: number;
  readonly redis: Redis;
  readonly scripts: LockScripts;
  private subscriber: Redis | undefined;
  private subscribed: Promise<void> | undefined;
  /** Locks this process holds, by upload id: how to ask their requests to let go. */
  private readonly holders = new Map<string, Set<RequestRelease>>();
  /** Requests of this process waiting for an upload's lock, woken when it is announced free. */
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(url: string, options: RedisLockerOptions = {}) {
    this.prefix = options.prefix ?? 'spatia:tus-lock:';
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.retryMs = options.retryMs ?? 100;
    // Connects on first use: processes that never take an upload (workers) open no connection.
    this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.redis.defineCommand('spatiaUnlock', { numberOfKeys: 1, lua: UNLOCK_SCRIPT });
    this.redis.defineCommand('spatiaExtend', { numberOfKeys: 1, lua: EXTEND_SCRIPT });
    this.scripts = this.redis as unknown as LockScripts;
  }

  newLock(id: string): Lock {
    return new RedisLock(this, id);
  }

  get channel(): string {
    return `${this.prefix}events`;
  }

  /** Subscribes to the channel once; a lock is taken only after that, so that no release request is missed. */
  listen(): Promise<void> {
    this.subscribed ??= (async () => {
      const subscriber = this.redis.duplicate();
      this.subscriber = subscriber;
      subscriber.on('message', (_channel: string, message: string) => this.onMessage(message));
      await subscriber.subscribe(this.channel);
    })();
    return this.subscribed;
  }

  hold(id: string, release: RequestRelease): void {
    let holders = this.holders.get(id);
    if (!holders) this.holders.set(id, (holders = new Set()));
    holders.add(release);
  }

  letGo(id: string, release: RequestRelease): void {
    const holders = this.holders.get(id);
    holders?.delete(release);
    if (holders?.size === 0) this.holders.delete(id);
  }

  /** Resolves when the upload's lock is announced free, after `ms`, or when `signal` aborts. */
  waitForFree(id: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      let waiters = this.waiters.get(id);
      if (!waiters) this.waiters.set(id, (waiters = new Set()));
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiters.get(id) === waiters) this.waiters.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done);
      waiters.add(done);
    });
  }

  async close(): Promise<void> {
    if (this.subscriber) this.subscriber.disconnect();
    if (this.redis.status !== 'wait' && this.redis.status !== 'end') await this.redis.quit();
  }

  private onMessage(message: string): void {
    const separator = message.indexOf(':');
    const kind = message.slice(0, separator);
    const id = message.slice(separator + 1);
    if (kind === 'release') {
      for (const release of this.holders.get(id) ?? []) void release();
    } else if (kind === 'free') {
      for (const wake of [...(this.waiters.get(id) ?? [])]) wake();
    }
  }
}

class RedisLock implements Lock {
  private readonly token = randomBytes(16).toString('hex');
  private readonly key: string;
  private release: RequestRelease | undefined;
  private extender: NodeJS.Timeout | undefined;

  constructor(
    private readonly locker: RedisLocker,
    private readonly id: string,
  ) {
    this.key = locker.prefix + id;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { locker } = this;
    await locker.listen();
    const deadline = Date.now() + locker.acquireTimeoutMs;
    let askedAt = 0;
    for (;;) {
      // As MemoryLocker: a request that ended while waiting, or waited too long, gets no lock.
      if (signal.aborted) throw lockTimeout();
      if ((await locker.redis.set(this.key, this.token, 'PX', locker.leaseMs, 'NX')) === 'OK') {
        this.held(requestRelease);
        return;
      }
      const now = Date.now();
      if (now >= deadline) throw lockTimeout();
      // Ask whoever holds it to finish up; again each second, in case the lock changed hands meanwhile.
      if (now - askedAt >= 1000) {
        askedAt = now;
        await locker.redis.publish(locker.channel, `release:${this.id}`);
      }
      await locker.waitForFree(this.id, Math.min(locker.retryMs, deadline - now), signal);
    }
  }

  async unlock(): Promise<void> {
    const { locker } = this;
    clearInterval(this.extender);
    this.extender = undefined;
    if (this.release) locker.letGo(this.id, this.release);
    this.release = undefined;
    await locker.scripts.spatiaUnlock(this.key, this.token);
    await locker.redis.publish(locker.channel, `free:${this.id}`);
  }

  private held(requestRelease: RequestRelease): void {
    const { locker } = this;
    this.release = requestRelease;
    locker.hold(this.id, requestRelease);
    this.extender = setInterval(
      () => {
        locker.scripts.spatiaExtend(this.key, this.token, locker.leaseMs).then(
          (extended) => {
            // The lease lapsed (this process stalled) and another request may hold the lock now: stop writing.
            if (extended === 0) {
              clearInterval(this.extender);
              void requestRelease();
            }
          },
          () => undefined, // Redis unreachable for a moment: the next tick tries again
        );
      },
      Math.floor(locker.leaseMs / 3),
    );
    this.extender.unref();
  }
}

/** tus's lock timeout as an Error: tus answers with its `status_code` and `body` all the same. */
function lockTimeout(): Error {
  return Object.assign(new Error(ERRORS.ERR_LOCK_TIMEOUT.body), ERRORS.ERR_LOCK_TIMEOUT);
}
