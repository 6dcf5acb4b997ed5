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

/** The words of a keyword, normalized: each must occur in a match's text. */
export function keywordWords(keyword: string): string[] {
  return [...new Set(normalizeSearchText(keyword).split(' '))].filter((word) => word !== '');
}

/** Where a match lies in the text as shown: UTF-16 offsets, `end` exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

/**
 * Where the keyword's words occur in `text`, as ranges of the text as shown (not of its normalized
 * form): the same normalization as the search (NFKC, lower case), character by character, so that a
 * full-width `ＬＯＦＴ` is marked where `loft` matched it. Overlapping or touching ranges are merged.
 */
export function highlightRanges(text: string, keyword: string): TextRange[] {
  const words = keywordWords(keyword);
  if (words.length === 0 || text === '') return [];
  // The normalized text, and for each of its UTF-16 units the range of the original it came from.
  let normalized = '';
  const origins: TextRange[] = [];
  let offset = 0;
  for (const character of text) {
    const folded = character.normalize('NFKC').toLowerCase();
    const origin = { start: offset, end: offset + character.length };
    for (let unit = 0; unit < folded.length; unit += 1) origins.push(origin);
    normalized += folded;
    offset += character.length;
  }
  const found: TextRange[] = [];
  for (const word of words) {
    for (let at = normalized.indexOf(word); at !== -1; at = normalized.indexOf(word, at + word.length)) {
      found.push({ start: origins[at]!.start, end: origins[at + word.length - 1]!.end });
    }
  }
  found.sort((a, b) => a.start - b.start);
  const merged: TextRange[] = [];
  for (const range of found) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}
