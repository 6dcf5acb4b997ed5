/** How one field of a recorded state changed between `before` and `after` of an admin-log entry. */
export interface StateDiffLine {
  /** Dotted path of the field ('' for a state that is not an object). */
  path: string;
  kind: 'added' | 'removed' | 'changed' | 'same';
  before?: unknown;
  after?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The two states field by field, in the order their fields appear (nested objects by dotted path).
 * A missing state (null) counts as an object without fields, so a creation lists every field as
 * added and a removal every field as removed.
 */
export function diffStates(before: unknown, after: unknown, path = ''): StateDiffLine[] {
  const empty = (value: unknown) => value === null || value === undefined;
  if ((isRecord(before) || empty(before)) && (isRecord(after) || empty(after)) && !(empty(before) && empty(after))) {
    const from = isRecord(before) ? before : {};
    const to = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return keys.flatMap((key) => {
      const at = path ? `${path}.${key}` : key;
      const inFrom = key in from;
      const inTo = key in to;
      if (inFrom && inTo && isRecord(from[key]) && isRecord(to[key])) return diffStates(from[key], to[key], at);
      if (!inTo) return [{ path: at, kind: 'removed' as const, before: from[key] }];
      if (!inFrom) return [{ path: at, kind: 'added' as const, after: to[key] }];
      return [{ path: at, kind: same(from[key], to[key]) ? ('same' as const) : ('changed' as const), before: from[key], after: to[key] }];
    });
  }
  if (empty(before) && empty(after)) return [];
  return [{ path, kind: same(before, after) ? 'same' : 'changed', before, after }];
}

/** A recorded value as one line of text: strings as they are, everything else as JSON. */
export function formatStateValue(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}
