import type { IssuedVerificationCode, StepUpProof } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import type { BackoffRule, RateLimiter } from '../../lib/rate-limiter.js';
import { verifyPassword } from '../auth/index.js';
import type { SmsCodesService } from '../sms-codes/index.js';
import type { UsersService } from '../users/index.js';

/** Password attempts admitted as step-up proof before a wait. */
export const STEP_UP_PASSWORD_ATTEMPTS = 10;
/**
 * Passwords given as step-up proof are counted when admitted (parallel guesses too): the tenth without
 * a right one between makes the next wait 15 minutes (the SMS code keeps working meanwhile). A right
 * one clears the count.
 */
export const STEP_UP_PASSWORD_RULE: BackoffRule = {
  waitsMs: [...Array.from({ length: STEP_UP_PASSWORD_ATTEMPTS - 1 }, () => 0), 15 * 60_000],
  restartAtEnd: true,
  forgetAfterMs: 15 * 60_000,
};

export interface StepUpDependencies {
  smsCodes: Pick<SmsCodesService, 'sendCode' | 'consumeCode'>;
  users: Pick<UsersService, 'getAuthUser' | 'findCredentialsByPhone'>;
  limiter: Pick<RateLimiter, 'attempt' | 'reset'>;
}

/**
 * The proof a person gives before a payout account is bound or replaced and before a withdrawal is
 * asked for (docs/withdrawals.md "Step-up checks"): a fresh SMS code of the purpose `withdrawal`, sent
 * to the phone of their own account by the SMS code service (its limits and checks), or their password.
 */
export class WithdrawalStepUp {
  constructor(private readonly deps: StepUpDependencies) {}

  /** Sends a code to the caller's own phone; the code service's limits apply (one a minute, five an hour…). */
  async sendCode(userId: number, ip: string): Promise<IssuedVerificationCode> {
    return this.deps.smsCodes.sendCode(await this.phoneOf(userId), 'withdrawal', ip);
  }

  /** Checks the proof and uses it up (a code works once); throws a clear error for a missing or wrong one. */
  async verify(userId: number, proof: StepUpProof): Promise<void> {
    const phone = await this.phoneOf(userId);
    if (proof.verifyCode && proof.hash && proof.expiredTime !== undefined) {
      await this.deps.smsCodes.consumeCode({
        phone,
        purpose: 'withdrawal',
        verifyCode: proof.verifyCode,
        expiredTime: Number(proof.expiredTime),
        hash: proof.hash,
      });
      return;
    }
    if (!proof.password) throw fail('stepUpProofRequired');
    const key = `step-up:password:${userId}`;
    const decision = await this.deps.limiter.attempt(key, STEP_UP_PASSWORD_RULE);
    if (!decision.allowed) throw fail('stepUpPasswordThrottled', { seconds: Math.ceil(decision.waitMs / 1000) });
    const credentials = await this.deps.users.findCredentialsByPhone(phone);
    if (!credentials?.passwordHash || !(await verifyPassword(credentials.passwordHash, proof.password))) {
      throw fail('stepUpPasswordWrong');
    }
    await this.deps.limiter.reset(key);
  }

  private async phoneOf(userId: number): Promise<string> {
    const user = await this.deps.users.getAuthUser(userId);
    if (!user?.phone) throw fail('notFound');
    return user.phone;
  }
}

/** A time as people in China read it: `2026-11-30 14:05` (Beijing time), for messages. */
export function beijingTime(epochMs: number): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(epochMs));
}

/** Whether two names are the same person's name as typed: case, spaces and middle dots aside. */
export function sameRealName(a: string, b: string): boolean {
  const normal = (name: string) =>
    name
      .normalize('NFKC')
      .replace(/[\s·•・.]/gu, '')
      .toLowerCase();
  return normal(a) === normal(b);
}
