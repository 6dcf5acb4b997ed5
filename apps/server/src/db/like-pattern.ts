/** `text` with LIKE's wildcards (`%`, `_`) and its escape (`\`) taken literally. */
function literal(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A LIKE pattern matching what contains `text`, as typed: a `%` in a search is a percent sign. */
export function containsPattern(text: string): string {
  return `%${literal(text)}%`;
}

/** A LIKE pattern matching what starts with `text`, as typed (a prefix an index can serve). */
export function prefixPattern(text: string): string {
  return `${literal(text)}%`;
}
