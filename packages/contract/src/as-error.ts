/** What was thrown or passed as a rejection, as an Error: callers log and compare Errors only. */
export function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
