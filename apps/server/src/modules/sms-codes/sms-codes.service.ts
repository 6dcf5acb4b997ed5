import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { IssuedVerificationCode } from '@spatia/contract';
import { SmsDeliveryError, type CodePurpose, type SmsDriver } from '../../drivers/sms/sms-driver.js';
import { fail } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { addressBucket } from '../../lib/request-info.js';
import type { SmsCodesRepository } from './sms-codes.repository.js';

export const CODE_LIFETIME_MS = 5 * 60 * 1000;
export const CODE_MAX_FAILURES = 5;

/** How often one phone may ask for codes. Every refusal says when to try again. */
export const CODE_SEND_LIMITS_PER_PHONE = [
  { limit: 1, windowSeconds: 60 },
  { limit: 5, windowSeconds: 60 * 60 },
  { limit: 10, windowSeconds: 24 * 60 * 60 },
] as const;
/** How many codes one address may ask for in an hour, by default (SMS_CODES_PER_ADDRESS_PER_HOUR). */
export const DEFAULT_CODES_PER_ADDRESS_PER_HOUR = 30;

export interface CodeProof {
  phone: string;
  purpose: CodePurpose;
  verifyCode: string;
  expiredTime: number;
  hash: string;
}

/**
 * Six-digit codes sent by SMS. The server keeps no code: the client holds `hash`, an HMAC of phone,
 * code, purpose and expiry under a server secret, and sends it back with the code. The server only
 * tracks, per hash, how many wrong guesses were made and whether it was used.
 */
export class SmsCodesService {
  private secret: Promise<string> | undefined;

  constructor(
    private readonly repository: SmsCodesRepository,
    private readonly sms: SmsDriver,
    private readonly limiter: RateLimiter,
    private readonly loadSecret: () => Promise<string>,
    private readonly log: (message: string) => void = console.error,
    private readonly now: () => number = () => Date.now(),
    private readonly codesPerAddressPerHour = DEFAULT_CODES_PER_ADDRESS_PER_HOUR,
  ) {}

  async sendCode(phone: string, purpose: CodePurpose, ip: string): Promise<IssuedVerificationCode> {
    const rules = [
      ...CODE_SEND_LIMITS_PER_PHONE.map((rule) => ({ ...rule, scope: 'phone', subject: phone })),
      { limit: this.codesPerAddressPerHour, windowSeconds: 60 * 60, scope: 'ip', subject: addressBucket(ip) },
    ];
    for (const rule of rules) {
      const decision = await this.limiter.hit(`code:${rule.scope}:${rule.windowSeconds}:${rule.subject}`, rule.limit, rule.windowSeconds);
      if (!decision.allowed) throw fail('tooManyCodes', { seconds: decision.retryAfterSeconds });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiredTime = this.now() + CODE_LIFETIME_MS;
    const hash = await this.sign(phone, code, purpose, expiredTime);
    try {
      await this.sms.sendVerificationCode(phone, code, purpose);
    } catch (error) {
      if (error instanceof SmsDeliveryError) {
        this.log(error.message);
        throw fail('smsUnavailable');
      }
      throw error;
    }
    await this.repository.deleteExpired(new Date(this.now() - CODE_LIFETIME_MS));
    return { hash, expiredTime };
  }

  /** Checks a code and uses it up; throws a clear error for an expired, used, dead or wrong code. */
  async consumeCode(proof: CodeProof): Promise<void> {
    const now = this.now();
    if (proof.expiredTime <= now) throw fail('codeExpired');
    // A client cannot stretch a code's life: its row expires no later than a real code would.
    const state = await this.repository.track(proof.hash, new Date(Math.min(proof.expiredTime, now + CODE_LIFETIME_MS)));
    if (state.used) throw fail('codeUsed');
    if (state.failures >= CODE_MAX_FAILURES) throw fail('codeDead');
    const expected = Buffer.from(await this.sign(proof.phone, proof.verifyCode, proof.purpose, proof.expiredTime), 'hex');
    const given = Buffer.from(proof.hash, 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const failures = await this.repository.recordFailure(proof.hash);
      if (failures >= CODE_MAX_FAILURES) throw fail('codeDead');
      throw fail('codeWrong', { remaining: CODE_MAX_FAILURES - failures });
    }
    if (!(await this.repository.markUsed(proof.hash, CODE_MAX_FAILURES, new Date(now)))) throw fail('codeUsed');
  }

  private async sign(phone: string, code: string, purpose: CodePurpose, expiredTime: number): Promise<string> {
    this.secret ??= this.loadSecret();
    return createHmac('sha256', await this.secret)
      .update(`${phone}|${code}|${purpose}|${expiredTime}`)
      .digest('hex');
  }
}
