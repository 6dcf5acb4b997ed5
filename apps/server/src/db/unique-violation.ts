/** PostgreSQL's SQLSTATE for a unique index that refused a row. */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether `error` is, or wraps, a unique violation: Drizzle wraps the driver's error in its own, so the
 * code may stand on any error down the `cause` chain.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
