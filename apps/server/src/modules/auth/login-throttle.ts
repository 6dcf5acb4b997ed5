import { type AppError, fail } from '../../lib/app-error.js';
import type { BackoffDecision, BackoffRule, RateLimiter } from '../../lib/rate-limiter.js';
import { addressBucket } from '../../lib/request-info.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Failed password sign-ins, counted per phone and per client address (docs/accounts.md, "Password
 * guessing"). Every number of the rules lives here.
 */
export const PASSWORD_LIMITS = {
  phone: {
    /** Failures that cost nothing. */
    free: 4,
    /** The first wait, doubled with each further failure. */
    firstWaitMs: 15 * SECOND,
    /** The failure that locks password sign-in for the phone (SMS sign-in and reset still work). */
    lockAt: 10,
    lockMs: 15 * MINUTE,
    /** A phone with no failure for this long starts from zero. */
    forgetAfterMs: 60 * MINUTE,
  },
  address: {
    free: 10,
    firstWaitMs: 1 * SECOND,
    /** The longest wait: an address is slowed down, never shut out. */
    maxWaitMs: 10 * MINUTE,
    forgetAfterMs: 60 * MINUTE,
  },
} as const;

/**
 * How long a phone's `failures`-th failed password makes the next attempt wait: nothing for the first
 * four, then 15 s doubling (15, 30, 60, 120, 240 s), and the tenth locks for 15 minutes, after which
 * the count starts over.
 */
export function phoneWaitMs(failures: number): number {
  const { free, firstWaitMs, lockAt, lockMs } = PASSWORD_LIMITS.phone;
  if (failures <= free) return 0;
  if (failures >= lockAt) return lockMs;
  return firstWaitMs * 2 ** (failures - free - 1);
}

/** How long an address's `failures`-th failed password (any phone) makes its next attempt wait: 1 s doubling after ten, at most 10 minutes. */
export function addressWaitMs(failures: number): number {
  const { free, firstWaitMs, maxWaitMs } = PASSWORD_LIMITS.address;
  if (failures <= free) return 0;
  return Math.min(maxWaitMs, firstWaitMs * 2 ** (failures - free - 1));
}

/** The waits of a rule, up to the first entry that stays for good (the phone's lock, the address's longest wait). */
function waitsUntilSteady(waitMs: (failures: number) => number, last: number): number[] {
  return Array.from({ length: last }, (_, index) => waitMs(index + 1));
}

function stepsToMaxWait(): number {
  let failures = PASSWORD_LIMITS.address.free + 1;
  while (addressWaitMs(failures) < PASSWORD_LIMITS.address.maxWaitMs) failures += 1;
  return failures;
}

export const PHONE_RULE: BackoffRule = {
  waitsMs: waitsUntilSteady(phoneWaitMs, PASSWORD_LIMITS.phone.lockAt),
  restartAtEnd: true,
  forgetAfterMs: PASSWORD_LIMITS.phone.forgetAfterMs,
};

export const ADDRESS_RULE: BackoffRule = {
  waitsMs: waitsUntilSteady(addressWaitMs, stepsToMaxWait()),
  restartAtEnd: false,
  forgetAfterMs: PASSWORD_LIMITS.address.forgetAfterMs,
};

/** One admitted password attempt, counted as a failure until `succeeded` says otherwise. */
export interface PasswordAttempt {
  phoneKey: string;
  addressKey: string;
  phone: BackoffDecision;
  address: BackoffDecision;
}

/**
 * Guards password sign-in. An attempt is counted when it is admitted (so a burst of parallel guesses
 * is counted before any of them is checked), refused without checking the password while a wait runs,
 * and taken back when the password was right.
 */
export class LoginThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  /** Counts an attempt, or throws 429 (code 1110, or 1106 while the phone is locked) saying how long to wait. */
  async admit(phone: string, ip: string): Promise<PasswordAttempt> {
    const addressKey = `login:ip:${addressBucket(ip)}`;
    const phoneKey = `login:phone:${phone}`;
    const address = await this.limiter.attempt(addressKey, ADDRESS_RULE);
    if (!address.allowed) throw retryLater(address.waitMs);
    const forPhone = await this.limiter.attempt(phoneKey, PHONE_RULE);
    if (!forPhone.allowed) {
      // Refused before any password was checked: not a guess, so the address is not charged for it.
      await this.limiter.release(addressKey);
      throw forPhone.count >= PASSWORD_LIMITS.phone.lockAt ? locked(forPhone.waitMs) : retryLater(forPhone.waitMs);
    }
    return { phoneKey, addressKey, phone: forPhone, address };
  }

  /**
   * The password was wrong (the attempt stays counted). Returns the 429 to answer when this failure
   * started a wait, so the person learns it now rather than on the next try; undefined when the next
   * attempt is free.
   */
  failed(attempt: PasswordAttempt): AppError | undefined {
    if (attempt.phone.count >= PASSWORD_LIMITS.phone.lockAt) return locked(attempt.phone.waitMs);
    const waitMs = Math.max(attempt.phone.waitMs, attempt.address.waitMs);
    return waitMs > 0 ? retryLater(waitMs) : undefined;
  }

  /** The password was right: the phone starts from zero and the address gets its attempt back. */
  async succeeded(attempt: PasswordAttempt): Promise<void> {
    await Promise.all([this.limiter.reset(attempt.phoneKey), this.limiter.release(attempt.addressKey)]);
  }

  /** The phone's owner proved who they are another way (a password reset by SMS code): lift its lock. */
  async clearPhone(phone: string): Promise<void> {
    await this.limiter.reset(`login:phone:${phone}`);
  }
}

function retryLater(waitMs: number): AppError {
  return fail('passwordRetryIn', { seconds: Math.ceil(waitMs / SECOND) });
}

function locked(waitMs: number): AppError {
  return fail('accountLocked', { minutes: Math.ceil(waitMs / MINUTE) }, Math.ceil(waitMs / SECOND));
}
