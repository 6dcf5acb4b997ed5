/**
 * Search for works in Chinese and English. Chinese has no spaces and many words are two characters,
 * which trigram indexes cannot find. Each work stores the set of its one- and two-character grams; a
 * keyword's grams must all be in that set (a GIN index answers this), then a substring test on the
 * normalized text removes the rare false matches.
 */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The distinct unigrams and bigrams of the text's normalized form, spaces excluded. */
export function searchGramsOf(text: string): string[] {
  const grams = new Set<string>();
  for (const word of normalizeSearchText(text).split(' ')) {
    const characters = [...word];
    for (let index = 0; index < characters.length; index += 1) {
      grams.add(characters[index]!);
      if (index + 1 < characters.length) grams.add(characters[index]! + characters[index + 1]!);
    }
  }
  return [...grams];
}

/**
 * The grams a keyword needs a work to have: its bigrams, or its single character. Unigrams of longer
 * keywords add nothing the bigrams do not already require.
 */
export function keywordGrams(keyword: string): string[] {
  const grams = new Set<string>();
  for (const word of normalizeSearchText(keyword).split(' ')) {
    const characters = [...word];
    if (characters.length === 1) grams.add(characters[0]!);
    for (let index = 0; index + 1 < characters.length; index += 1) grams.add(characters[index]! + characters[index + 1]!);
  }
  return [...grams];
}

/** What a work is found by: its name, description and tags. */
export function searchableText(work: { name: string; description: string; tags: readonly string[] }): string {
  return normalizeSearchText([work.name, work.description, ...work.tags].join(' '));
}
