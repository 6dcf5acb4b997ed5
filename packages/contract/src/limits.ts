/** Business constants of spec section 9. */
export const SESSION_LIFETIME_DAYS = 7;
export const SESSION_LIFETIME_MS = SESSION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
export const HTTP_TIMEOUT_MS = 20_000;
export const ERROR_TOAST_MS = 5_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;
export const WORK_NAME_MAX = 20;
export const WORK_DESCRIPTION_MAX = 200;
/** The note an admin writes when rejecting a work in the audit queue. */
export const REVIEW_NOTE_MAX = 200;
export const QR_CODE_SIZE_PX = 200;
export const SERVICE_HOURS = '9:00-17:00';
export const DEFAULT_IDENTITY_IDS = [2, 16, 10, 58, 57, 47, 48, 49, 6, 61, 65, 71, 75, 79, 80] as const;
export const MODEL_BUDGET_DEFAULT_GB = 200;

/** Mainland China mobile numbers: 11 digits starting with 1 and a network prefix 3-9. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

export type PasswordProblem = 'tooShort' | 'tooLong' | 'needsLetterAndDigit';

/** The password rule, shared by the server (which enforces it) and the forms (which explain it). */
export function findPasswordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'needsLetterAndDigit';
  return null;
}

/** The spec's fixed default `fullName` for accounts registered from the PC site. */
export const DEFAULT_PC_USER_NAME = 'PC用户';

/**
 * Whether a stored name is the registration default rather than one the person chose: it is shown as
 * the default label in the reader's language wherever names appear (web and server alike).
 */
export function isDefaultPcUserName(name: string): boolean {
  return name.trim() === DEFAULT_PC_USER_NAME;
}

/** A person's own name (profile rename): at most this many characters. */
export const FULL_NAME_MAX = 20;
