import { WORK_NAME_MAX, type Language } from '@spatia/contract';

/** The mark of a copy, in either language, numbered from the second: "X (copy)", "X (copy 2)", "X（副本）", "X（副本2）". */
const COPY_MARK = /(?:\s*\(copy(?: \d+)?\)|（副本\d*）)$/;

function copyMark(language: Language, number: number): string {
  if (language === 'zh') return number === 1 ? '（副本）' : `（副本${number}）`;
  return number === 1 ? ' (copy)' : ` (copy ${number})`;
}

/** The first `length` characters (code points, as the name limit counts them). */
function firstCharacters(text: string, length: number): string {
  return Array.from(text).slice(0, length).join('').trimEnd();
}

/**
 * The original's name without any copy mark: a copy of a copy is named after the original, not
 * "X (copy) (copy)".
 */
export function copyBase(name: string): string {
  return name.replace(COPY_MARK, '').trim();
}

/**
 * What every name `copyName` could answer for `name` starts with: the owner's works whose names
 * start with it are the ones to look at.
 */
export function copyNamePrefix(name: string): string {
  return firstCharacters(copyBase(name), WORK_NAME_MAX - copyMark('en', 999).length);
}

/**
 * A copy's name in the reader's language: the original's, marked as a copy with the first number no
 * other work of the owner uses, and shortened to keep within the name limit.
 */
export function copyName(name: string, language: Language, taken: ReadonlySet<string>): string {
  const base = copyBase(name);
  for (let number = 1; ; number++) {
    const mark = copyMark(language, number);
    const candidate = firstCharacters(base, WORK_NAME_MAX - Array.from(mark).length) + mark;
    if (!taken.has(candidate)) return candidate;
  }
}
