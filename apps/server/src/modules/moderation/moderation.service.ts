import { invalid } from '../../lib/app-error.js';
import type { ModerationRepository } from './moderation.repository.js';

const LIST_TTL_MS = 60_000;

/**
 * Folds the ways a word is disguised: full-width letters (NFKC), case, and spaces or punctuation
 * put between its characters.
 */
export function normalizeForMatching(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** The sensitive words found in `text`, as listed. */
export function findSensitiveWords(text: string, words: readonly string[]): string[] {
  const haystack = normalizeForMatching(text);
  return words.filter((word) => {
    const needle = normalizeForMatching(word);
    return needle.length > 0 && haystack.includes(needle);
  });
}

/** The sensitive-word list, read from the database and kept for a minute. */
export class ModerationService {
  private cached: { words: string[]; at: number } | undefined;

  constructor(
    private readonly repository: ModerationRepository,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async words(): Promise<string[]> {
    if (this.cached && this.now() - this.cached.at < LIST_TTL_MS) return this.cached.words;
    this.cached = { words: await this.repository.listWords(), at: this.now() };
    return this.cached.words;
  }

  /** Throws a validation error naming the field and the words when `text` contains any. */
  async assertClean(field: string, text: string): Promise<void> {
    const found = findSensitiveWords(text, await this.words());
    if (found.length > 0) throw invalid(field, 'sensitiveWords', { words: found.join(', ') });
  }
}
