import * as contract from '@spatia/contract';
import type { MessageKey, MessageParams, ValidationProblem } from './messages.js';

/** The name of an error some catalogue of the contract declares (`defineErrors`): what `fail` takes. */
export type ErrorName = contract.ErrorNameOf<typeof contract>;

/**
 * Every error of the API, from every catalogue the contract exports: its code, HTTP status and messages.
 * Importing this module throws when two errors share a name or a code.
 */
export const apiErrors = contract.collectErrors(contract);

/**
 * The one error type that services throw. The error handler turns it into the envelope with the
 * message in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly httpStatus: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    /** For a 429: the seconds the `Retry-After` header asks the client to wait (the error handler sets it). */
    readonly retryAfterSeconds?: number,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

/**
 * `fail('notYourAccount')`: an AppError whose code, HTTP status and message all follow from its name.
 * A 429's `Retry-After` is `retryAfterSeconds`, else its message's `{seconds}` or `{minutes}`.
 */
export function fail(name: ErrorName, params: MessageParams = {}, retryAfterSeconds?: number): AppError {
  const { code, status } = apiErrors[name];
  return new AppError(code, status, name, params, status === 429 ? (retryAfterSeconds ?? impliedWaitSeconds(params)) : undefined);
}

function impliedWaitSeconds({ seconds, minutes }: MessageParams): number | undefined {
  if (typeof seconds === 'number') return seconds;
  if (typeof minutes === 'number') return minutes * 60;
  return undefined;
}

/** A rejected input field. Its message reads "Parameter {field} {problem}" in the caller's language. */
export class ValidationError extends AppError {
  constructor(
    readonly field: string,
    readonly problem: ValidationProblem,
    readonly problemParams: MessageParams = {},
  ) {
    super(contract.ErrorCode.validation, 400, 'validation');
    this.name = 'ValidationError';
  }
}

export function invalid(field: string, problem: ValidationProblem, params: MessageParams = {}): ValidationError {
  return new ValidationError(field, problem, params);
}
