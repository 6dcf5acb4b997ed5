import { ErrorCode } from '@spatia/contract';
import type { MessageKey, MessageParams, ValidationProblem } from './messages.js';

type ErrorName = keyof typeof ErrorCode;

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

const httpStatusOf: Partial<Record<ErrorName, number>> = {
  unauthenticated: 401,
  forbidden: 403,
  missingRole: 403,
  missingPermission: 403,
  notYourAccount: 403,
  accountDisabled: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  accountExists: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  retryIn: 429,
  tooManyCodes: 429,
  accountLocked: 429,
  passwordRetryIn: 429,
  phoneNotRegistered: 404,
  qrTicketUnknown: 404,
  qrTicketExpired: 410,
  qrTicketScannedByOther: 403,
  qrTicketNotScanned: 409,
  uploadGrantInvalid: 403,
  unsupportedImage: 415,
  uploadContentRejected: 415,
  uploadTooLarge: 413,
  uploadLengthRequired: 400,
  uploadNotFound: 404,
  uploadOffsetConflict: 409,
  fileLinkExpired: 403,
  notEnterprise: 403,
  wechatHandoffInvalid: 404,
  wechatFailed: 502,
  wechatAlreadyBound: 409,
  insufficientBalance: 409,
  rechargePlanUnknown: 400,
  rechargeFeeMismatch: 400,
  paymentProviderUnavailable: 400,
  paymentProviderFailed: 502,
  idempotencyKeyReused: 422,
  paymentOrderNotPayable: 409,
  idempotencyKeyInProgress: 409,
  workBudgetUsedUp: 402,
  workBalanceUnpaid: 402,
  rechargePlanMonthsRepeated: 400,
  dateRangeReversed: 400,
  dateRangeTooLong: 400,
  orderTypeNotInDirection: 400,
  orderExportTooLarge: 400,
  withdrawalBelowMinimum: 400,
  withdrawalOverIncome: 409,
  withdrawalAboveMaximum: 400,
  payoutAccountMissing: 409,
  payoutChannelUnavailable: 400,
  withdrawalAlreadyDecided: 409,
  alipayLogonIdInvalid: 400,
  wechatOpenidInvalid: 400,
  workTransitionNotAllowed: 409,
  workIncomplete: 409,
  workLocked: 409,
  workUnderAudit: 409,
  workReviewClaimed: 409,
  transferNotPending: 409,
  identityAlreadyOpen: 409,
  identityRecordClosed: 409,
  identityAlreadyDecided: 409,
  receiverNotFound: 404,
  transferExpired: 410,
  processingRunning: 409,
  tourRevisionStale: 409,
  workNotProcessed: 409,
  notAPanorama: 409,
  tourInvalid: 400,
  notAPointCloud: 409,
  notAModelOrPointCloud: 409,
  measurementsInvalid: 400,
  measurementsStale: 409,
  processingNoOrigin: 409,
  smsUnavailable: 503,
  membershipVersionUnavailable: 404,
  membershipTrialUsedByUser: 409,
  membershipTrialUsedByLicence: 409,
  membershipApplicationPending: 409,
  membershipApplicationDecided: 409,
  membershipVersionInUse: 409,
  membershipNotActive: 409,
  membershipNoTrial: 409,
  cannotDisableSelf: 403,
  cannotDropOwnAdmin: 403,
  userAlreadyDisabled: 409,
  userNotDisabled: 409,
  internal: 500,
  unavailable: 503,
};

/**
 * `fail('notYourAccount')`: an AppError whose code, HTTP status and message all follow from its name.
 * A 429's `Retry-After` is `retryAfterSeconds`, else its message's `{seconds}` or `{minutes}`.
 */
export function fail(name: ErrorName & MessageKey, params: MessageParams = {}, retryAfterSeconds?: number): AppError {
  const status = httpStatusOf[name] ?? 400;
  return new AppError(
    ErrorCode[name],
    status,
    name,
    params,
    status === 429 ? (retryAfterSeconds ?? impliedWaitSeconds(params)) : undefined,
  );
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
    super(ErrorCode.validation, 400, 'validation');
    this.name = 'ValidationError';
  }
}

export function invalid(field: string, problem: ValidationProblem, params: MessageParams = {}): ValidationError {
  return new ValidationError(field, problem, params);
}
