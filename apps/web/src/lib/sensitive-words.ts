import { normalizeForMatching } from '@spatia/contract';

/**
 * The live warning of the create dialog sees through the same disguises as the server's check: one
 * folding rule in the contract (`normalizeForMatching`): full-width letters (NFKC), case, and spaces or
 * punctuation put between the characters. The server checks again on save.
 */
export { normalizeForMatching };

/** The listed words found in any of `texts`, once each, in list order. */
export function findSensitiveWords(texts: string | readonly string[], words: readonly string[]): string[] {
  const haystacks = (typeof texts === 'string' ? [texts] : texts).map(normalizeForMatching).filter(Boolean);
  if (haystacks.length === 0) return [];
  const found = new Set<string>();
  for (const word of words) {
    const needle = normalizeForMatching(word);
    if (needle && haystacks.some((haystack) => haystack.includes(needle))) found.add(word);
  }
  return [...found];
}
