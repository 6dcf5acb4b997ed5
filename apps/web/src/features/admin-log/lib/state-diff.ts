/** How one field of a recorded state changed between `before` and `after` of an admin-log entry. */
export interface StateDiffLine {
  /** Dotted path of the field ('' for a state that is not an object, such as a whole price list). */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/** A field the action did not change: the same on both sides, or named only before (which user, which amount). */
export interface StateContextLine {
  path: string;
  value: unknown;
}

/** What an admin-log entry's states say: what the action changed, and what stayed as it was. */
export interface StateDiff {
  changes: StateDiffLine[];
  context: StateContextLine[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined;
}

/** A value that says nothing: no value, empty text, an empty list. */
function isBlank(value: unknown): boolean {
  return isEmpty(value) || value === '' || (Array.isArray(value) && value.length === 0);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * The two states field by field, in the order their fields appear (nested objects by dotted path).
 * A missing state (null) means the thing did not exist: a creation lists every field as added, a
 * deletion every field as removed. Otherwise only what differs is a change: a field the same on both
 * sides, or named only in `before` (the log records who and what an action concerned there, and
 * leaves it out of `after` because the action did not touch it), is context, never a removal; a
 * field that appears only after with nothing in it (an approval's empty reason) is no change at all.
 */
export function diffStates(before: unknown, after: unknown): StateDiff {
  const diff: StateDiff = { changes: [], context: [] };
  collect(before, after, '', diff);
  return diff;
}

function collect(before: unknown, after: unknown, path: string, diff: StateDiff): void {
  if (isEmpty(before) && isEmpty(after)) return;
  if (isEmpty(after) && isRecord(before)) {
    for (const [key, value] of Object.entries(before)) diff.changes.push({ path: join(path, key), kind: 'removed', before: value });
    return;
  }
  if (isEmpty(before) && isRecord(after)) {
    for (const [key, value] of Object.entries(after)) diff.changes.push({ path: join(path, key), kind: 'added', after: value });
    return;
  }
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const at = join(path, key);
      if (!(key in after)) diff.context.push({ path: at, value: before[key] });
      else if (!(key in before)) {
        if (!isBlank(after[key])) diff.changes.push({ path: at, kind: 'added', after: after[key] });
      } else if (isRecord(before[key]) && isRecord(after[key])) collect(before[key], after[key], at, diff);
      else if (same(before[key], after[key])) diff.context.push({ path: at, value: after[key] });
      else diff.changes.push({ path: at, kind: 'changed', before: before[key], after: after[key] });
    }
    return;
  }
  if (same(before, after)) diff.context.push({ path, value: after });
  else diff.changes.push({ path, kind: 'changed', before, after });
}
