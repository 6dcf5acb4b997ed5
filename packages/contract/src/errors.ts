/**
 * Stable error codes of the API envelope. `code` is what clients branch on; the HTTP status is the
 * transport's view of the same failure. Catalogue with messages: docs/errors.md.
 */
export const ErrorCode = {
  ok: 0,
  badRequest: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  internal: 500,
  unavailable: 503,
  validation: 1001,
  invalidCredentials: 1101,
  accountExists: 1102,
  missingRole: 1103,
  missingPermission: 1104,
  notYourAccount: 1105,
  accountLocked: 1106,
  phoneNotRegistered: 1107,
  invalidInviteCode: 1108,
  wrongCurrentPassword: 1109,
  uploadGrantInvalid: 1401,
  unsupportedImage: 1402,
  notEnterprise: 1403,
  invalidLogoUrl: 1404,
  qrTicketUnknown: 1301,
  qrTicketExpired: 1302,
  tooManyCodes: 1201,
  codeExpired: 1202,
  codeUsed: 1203,
  codeDead: 1204,
  codeWrong: 1205,
  smsUnavailable: 1206,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
