/**
 * The items once each, the first of each key kept, in order. A phone list reads its pages by position, so an
 * item that moved up between two page reads (someone changed it) comes again on the next page.
 */
export function uniqueBy<T>(items: readonly T[], key: (item: T) => string | number): T[] {
  const seen = new Set<string | number>();
  return items.filter((item) => {
    const itemKey = key(item);
    if (seen.has(itemKey)) return false;
    seen.add(itemKey);
    return true;
  });
}
