import { ErrorCode, WithdrawalErrors } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { apiErrors, fail } from './app-error.js';

describe('fail', () => {
  it("takes the code and HTTP status of the error's declaration in its domain's catalogue", () => {
    const error = fail('withdrawalBelowMinimum', { min: '10.00' });
    expect(error).toMatchObject({
      code: WithdrawalErrors.withdrawalBelowMinimum.code,
      httpStatus: 400,
      messageKey: 'withdrawalBelowMinimum',
    });
    expect(fail('notFound')).toMatchObject({ code: ErrorCode.notFound, httpStatus: 404 });
  });

  it('asks a 429 to come back after its wait', () => {
    expect(fail('passwordRetryIn', { seconds: 30 }).retryAfterSeconds).toBe(30);
    expect(fail('accountLocked', { minutes: 15 }).retryAfterSeconds).toBe(900);
    expect(fail('workLocked').retryAfterSeconds).toBeUndefined();
  });

  it('takes only the name of an error some catalogue declares', () => {
    // @ts-expect-error a misspelt name does not compile
    expect(() => fail('withdrawalBelowMinimun')).toThrow();
    // @ts-expect-error a message without a code of its own is no error
    expect(() => fail('routeNotFound')).toThrow();
  });
});

describe('the collected errors', () => {
  it('hold every catalogue of the contract, each error once with its catalogue', () => {
    expect(apiErrors.withdrawalBelowMinimum).toMatchObject({ code: 1620, status: 400, catalogue: 'WithdrawalErrors' });
    expect(apiErrors.unauthenticated).toMatchObject({ code: 401, status: 401, catalogue: 'GeneralErrors' });
    const codes = Object.values(apiErrors).map((error) => error.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
