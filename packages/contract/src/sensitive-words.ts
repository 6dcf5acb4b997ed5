/** The sensitive-word list and its back office (docs/sensitive-words.md, docs/back-office.md). */

/** A listed word has 1 to 50 characters once trimmed. */
export const SENSITIVE_WORD_MAX_LENGTH = 50;
/** Words one add or remove call may carry. */
export const SENSITIVE_WORDS_PER_CALL = 1000;
/** An imported file: at most 1 MiB and 20,000 words. */
export const SENSITIVE_WORDS_IMPORT_MAX_BYTES = 1024 * 1024;
export const SENSITIVE_WORDS_IMPORT_MAX_WORDS = 20_000;
/** The back office's page size limit. */
export const SENSITIVE_WORDS_PAGE_SIZE_MAX = 100;

/**
 * Folds the ways a word is disguised: full-width letters (NFKC), case, and spaces or punctuation put
 * between its characters. The server's check, the forms' live warning and the duplicate rule of the
 * back office all compare words in this form.
 */
export function normalizeForMatching(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** Why a word was refused: empty, longer than the limit, or nothing left once spaces and punctuation are folded away. */
export type SensitiveWordProblem = 'empty' | 'tooLong' | 'noCharacters';

/** The rule for one word a person typed or imported (already trimmed). */
export function findSensitiveWordProblem(word: string): SensitiveWordProblem | null {
  if (word.length === 0) return 'empty';
  if ([...word].length > SENSITIVE_WORD_MAX_LENGTH) return 'tooLong';
  if (normalizeForMatching(word).length === 0) return 'noCharacters';
  return null;
}

/** One row of the back office's list. */
export interface SensitiveWordEntry {
  word: string;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** `POST /api/admin/sensitiveWords`: what was added, and what was already listed (or repeated in the call). */
export interface SensitiveWordsAdded {
  added: string[];
  skipped: string[];
}

/** `DELETE /api/admin/sensitiveWords`: what was removed, and what was not listed. */
export interface SensitiveWordsRemoved {
  removed: string[];
  missing: string[];
}

/** One line of an imported file that was not taken. `line` counts from 1. */
export interface SensitiveWordImportProblem {
  line: number;
  /** The refused text, cut to 60 characters. */
  text: string;
  reason: SensitiveWordProblem;
}

/** `POST /api/admin/sensitiveWords/import`. */
export interface SensitiveWordsImported {
  added: number;
  /** Already listed, or repeated in the file. */
  skipped: number;
  invalid: SensitiveWordImportProblem[];
}
