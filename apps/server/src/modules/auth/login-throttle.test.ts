import { AuthErrors } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { describeWait, translate } from '../../lib/messages.js';
import { MemoryRateLimiter } from '../../lib/rate-limiter.js';
import { ADDRESS_RULE, addressWaitMs, LoginThrottle, PHONE_RULE, phoneWaitMs } from './login-throttle.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('the waits after failed passwords', () => {
  it('per phone: four free, then 15 s doubling, and the tenth locks for 15 minutes', () => {
    expect(Array.from({ length: 11 }, (_, index) => phoneWaitMs(index + 1) / SECOND)).toEqual([0, 0, 0, 0, 15, 30, 60, 120, 240, 900, 900]);
    expect(PHONE_RULE.waitsMs).toHaveLength(10);
  });

  it('per address: ten free, then 1 s doubling, never more than 10 minutes', () => {
    expect(addressWaitMs(10)).toBe(0);
    expect(addressWaitMs(11)).toBe(SECOND);
    expect(addressWaitMs(12)).toBe(2 * SECOND);
    expect(addressWaitMs(20)).toBe(512 * SECOND);
    expect(addressWaitMs(21)).toBe(10 * MINUTE);
    expect(addressWaitMs(500)).toBe(10 * MINUTE);
    expect(ADDRESS_RULE.waitsMs.at(-1)).toBe(10 * MINUTE);
  });

  it('never forgets a count while its wait still runs', () => {
    for (const rule of [PHONE_RULE, ADDRESS_RULE]) expect(rule.forgetAfterMs).toBeGreaterThan(Math.max(...rule.waitsMs));
  });
});

describe('the message of a wait', () => {
  it('says seconds under two minutes and minutes above, in both languages', () => {
    expect(describeWait(15, 'zh')).toBe('15 秒');
    expect(describeWait(119, 'en')).toBe('119 s');
    expect(describeWait(240, 'zh')).toBe('4 分钟');
    expect(describeWait(601, 'en')).toBe('11 min');
    expect(translate('passwordRetryIn', 'en', { seconds: 600 })).toBe(
      'Too many wrong passwords. Try again in 10 min, or sign in with a code',
    );
    expect(translate('passwordRetryIn', 'zh', { seconds: 30 })).toBe('密码错误次数过多，请 30 秒后再试，或使用验证码登录');
  });
});

describe('LoginThrottle', () => {
  function setUp() {
    const clock = { now: 1_000_000 };
    return { clock, throttle: new LoginThrottle(new MemoryRateLimiter(() => clock.now)) };
  }

  async function failOnce(throttle: LoginThrottle, phone: string, ip: string) {
    return throttle.failed(await throttle.admit(phone, ip));
  }

  it('answers the failure that starts a wait with that wait, and refuses until it has passed', async () => {
    const { clock, throttle } = setUp();
    for (let i = 0; i < 4; i += 1) expect(await failOnce(throttle, '13900000001', `10.0.0.${i}`)).toBeUndefined();
    expect(await failOnce(throttle, '13900000001', '10.0.0.9')).toMatchObject({
      code: AuthErrors.passwordRetryIn.code,
      params: { seconds: 15 },
      retryAfterSeconds: 15,
    });
    clock.now += 14 * SECOND;
    await expect(throttle.admit('13900000001', '10.0.0.10')).rejects.toMatchObject({
      code: AuthErrors.passwordRetryIn.code,
      retryAfterSeconds: 1,
    });
    clock.now += SECOND;
    await expect(throttle.admit('13900000001', '10.0.0.10')).resolves.toBeDefined();
  });

  it('locks the phone at the tenth failure; a reset by code lifts it', async () => {
    const { clock, throttle } = setUp();
    let last: AppError | undefined;
    for (let i = 0; i < 10; i += 1) {
      last = await failOnce(throttle, '13900000002', `10.0.1.${i}`);
      clock.now += 5 * MINUTE;
    }
    expect(last).toMatchObject({ code: AuthErrors.accountLocked.code, params: { minutes: 15 }, retryAfterSeconds: 900 });
    await expect(throttle.admit('13900000002', '10.0.1.99')).rejects.toMatchObject({
      code: AuthErrors.accountLocked.code,
      params: { minutes: 10 },
    });
    await throttle.clearPhone('13900000002');
    await expect(throttle.admit('13900000002', '10.0.1.99')).resolves.toBeDefined();
  });

  it('gives a phone four free tries again once its lock has passed', async () => {
    const { clock, throttle } = setUp();
    for (let i = 0; i < 10; i += 1) {
      await failOnce(throttle, '13900000004', `10.0.4.${i}`);
      clock.now += 5 * MINUTE;
    }
    clock.now += 10 * MINUTE;
    for (let i = 10; i < 14; i += 1) expect(await failOnce(throttle, '13900000004', `10.0.4.${i}`)).toBeUndefined();
    expect(await failOnce(throttle, '13900000004', '10.0.4.14')).toMatchObject({
      code: AuthErrors.passwordRetryIn.code,
      params: { seconds: 15 },
    });
  });

  it('keeps an address at its longest wait while failures go on: no fresh free tries', async () => {
    const { clock, throttle } = setUp();
    let last: AppError | undefined;
    for (let i = 0; i < ADDRESS_RULE.waitsMs.length; i += 1) {
      last = await failOnce(throttle, `1394000${String(i).padStart(4, '0')}`, '10.0.5.1');
      clock.now += (last?.retryAfterSeconds ?? 0) * SECOND;
    }
    expect(last).toMatchObject({ code: AuthErrors.passwordRetryIn.code, retryAfterSeconds: 600 });
    expect(await failOnce(throttle, '13940009999', '10.0.5.1')).toMatchObject({
      code: AuthErrors.passwordRetryIn.code,
      retryAfterSeconds: 600,
    });
  });

  it('gives a right password its attempt back: successes never use up an address', async () => {
    const { throttle } = setUp();
    for (let i = 0; i < 50; i += 1) await throttle.succeeded(await throttle.admit(`1390000${String(i).padStart(4, '0')}`, '10.0.2.1'));
    for (let i = 0; i < 10; i += 1) expect(await failOnce(throttle, `1391000${String(i).padStart(4, '0')}`, '10.0.2.1')).toBeUndefined();
    expect(await failOnce(throttle, '13910009999', '10.0.2.1')).toMatchObject({
      code: AuthErrors.passwordRetryIn.code,
      params: { seconds: 1 },
    });
  });

  it('does not charge an address for attempts refused because the phone waits', async () => {
    const { throttle } = setUp();
    for (let i = 0; i < 5; i += 1) await failOnce(throttle, '13900000003', '10.0.3.1');
    for (let i = 0; i < 20; i += 1) await expect(throttle.admit('13900000003', '10.0.3.1')).rejects.toBeInstanceOf(AppError);
    // Five failures so far from this address: five more are free for other phones.
    for (let i = 0; i < 5; i += 1) expect(await failOnce(throttle, `1392000${i}000`, '10.0.3.1')).toBeUndefined();
  });

  it('counts an IPv6 client per /64', async () => {
    const { throttle } = setUp();
    for (let i = 1; i <= 10; i += 1) await failOnce(throttle, `1393000${String(i).padStart(4, '0')}`, `2001:db8:7:1::${i.toString(16)}`);
    expect(await failOnce(throttle, '13930009999', '2001:db8:7:1:ffff::1')).toMatchObject({ code: AuthErrors.passwordRetryIn.code });
    expect(await failOnce(throttle, '13930009998', '2001:db8:7:2::1')).toBeUndefined();
  });
});
