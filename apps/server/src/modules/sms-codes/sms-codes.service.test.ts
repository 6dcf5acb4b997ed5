import { SmsCodeErrors } from '@spatia/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServerSecrets } from '../../db/server-secrets.js';
import { ConsoleSmsDriver } from '../../drivers/sms/console-sms.js';
import { MemoryRateLimiter } from '../../lib/rate-limiter.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { SmsCodesRepository } from './sms-codes.repository.js';
import { CODE_LIFETIME_MS, SmsCodesService } from './sms-codes.service.js';

let testDatabase: TestDatabase;
let clock: { now: number };
let sms: ConsoleSmsDriver;
let service: SmsCodesService;
let phoneCounter = 0;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase.drop());
beforeEach(() => {
  clock = { now: Date.now() };
  sms = new ConsoleSmsDriver(() => undefined, true);
  service = new SmsCodesService(
    new SmsCodesRepository(testDatabase.database.db),
    sms,
    new MemoryRateLimiter(() => clock.now),
    () => new ServerSecrets(testDatabase.database.db).get('verification-code-hmac'),
    () => undefined,
    () => clock.now,
  );
});

function nextPhone() {
  phoneCounter += 1;
  return `1360000${String(phoneCounter).padStart(4, '0')}`;
}

async function issue(phone = nextPhone(), purpose: 'register' | 'smsLogin' = 'register') {
  const issued = await service.sendCode(phone, purpose, '10.0.0.1');
  const code = sms.latest(phone)[0]!.code;
  return { phone, purpose, code, ...issued };
}

/** What a person sends back for an issued code: the code as typed, with the hash and expiry it came with. */
function proofOf({ phone, purpose, code, expiredTime, hash }: Awaited<ReturnType<typeof issue>>) {
  return { phone, purpose, verifyCode: code, expiredTime, hash };
}

describe('verification codes', () => {
  it('sends six digits by SMS and answers hash and expiry, five minutes ahead', async () => {
    const issued = await issue();
    expect(issued.code).toMatch(/^\d{6}$/);
    expect(issued.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.expiredTime).toBe(clock.now + CODE_LIFETIME_MS);
    expect(sms.latest(issued.phone)[0]!.text).toContain(issued.code);
  });

  it('accepts the right code once', async () => {
    const proof = proofOf(await issue());
    await service.consumeCode(proof);
    await expect(service.consumeCode(proof)).rejects.toMatchObject({ code: SmsCodeErrors.codeUsed.code });
  });

  it('refuses an expired code', async () => {
    const issued = await issue();
    clock.now += CODE_LIFETIME_MS + 1;
    await expect(service.consumeCode(proofOf(issued))).rejects.toMatchObject({ code: SmsCodeErrors.codeExpired.code });
  });

  it('dies after five wrong guesses, even for the right code afterwards', async () => {
    const issued = await issue();
    const wrong = issued.code === '000000' ? '111111' : '000000';
    const base = proofOf(issued);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await expect(service.consumeCode({ ...base, verifyCode: wrong })).rejects.toMatchObject({
        code: SmsCodeErrors.codeWrong.code,
        params: { remaining: 5 - attempt },
      });
    }
    await expect(service.consumeCode({ ...base, verifyCode: wrong })).rejects.toMatchObject({ code: SmsCodeErrors.codeDead.code });
    await expect(service.consumeCode({ ...base, verifyCode: issued.code })).rejects.toMatchObject({ code: SmsCodeErrors.codeDead.code });
  });

  it('binds the code to its phone, purpose and expiry', async () => {
    const base = proofOf(await issue());
    await expect(service.consumeCode({ ...base, phone: nextPhone() })).rejects.toMatchObject({ code: SmsCodeErrors.codeWrong.code });
    await expect(service.consumeCode({ ...base, purpose: 'smsLogin' })).rejects.toMatchObject({ code: SmsCodeErrors.codeWrong.code });
    await expect(service.consumeCode({ ...base, expiredTime: base.expiredTime + 60_000 })).rejects.toMatchObject({
      code: SmsCodeErrors.codeWrong.code,
    });
  });

  it('gives a phone one code a minute and five an hour, saying when to try again', async () => {
    const phone = nextPhone();
    await issue(phone);
    await expect(service.sendCode(phone, 'register', '10.0.0.2')).rejects.toMatchObject({
      code: SmsCodeErrors.tooManyCodes.code,
      params: { seconds: 60 },
    });
    for (let minute = 1; minute <= 4; minute += 1) {
      clock.now += 61_000;
      await issue(phone);
    }
    clock.now += 61_000;
    const refusal = await service.sendCode(phone, 'register', '10.0.0.2').catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: SmsCodeErrors.tooManyCodes.code });
    expect((refusal as { params: { seconds: number } }).params.seconds).toBeGreaterThan(60);
  });

  it('bounds the codes one address can request', async () => {
    const limited = await Promise.allSettled(Array.from({ length: 31 }, () => service.sendCode(nextPhone(), 'register', '10.9.9.9')));
    expect(limited.filter((result) => result.status === 'rejected')).toHaveLength(1);
  });
});
