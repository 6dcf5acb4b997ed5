import { randomUUID } from 'node:crypto';
import {
  findSensitiveWordProblem,
  normalizeForMatching,
  SENSITIVE_WORD_MAX_LENGTH,
  SENSITIVE_WORDS_IMPORT_MAX_WORDS,
  type AdminActionCode,
  type AdminLogState,
  type Page,
  type SensitiveWordEntry,
  type SensitiveWordImportProblem,
  type SensitiveWordProblem,
  type SensitiveWordsAdded,
  type SensitiveWordsImported,
  type SensitiveWordsRemoved,
} from '@spatia/contract';
import type { Transaction } from '../../db/database.js';
import { invalid } from '../../lib/app-error.js';
import type { Cache } from '../../lib/cache.js';
import type { AdminLogService } from '../admin-log/index.js';
import { readWordFile } from './word-file.js';
import type { SensitiveWordsRepository } from './sensitive-words.repository.js';

export { normalizeForMatching };

/** The version of the list in the shared cache: every change writes a new one, every process compares it with the one it loaded. */
export const WORD_LIST_VERSION_KEY = 'moderation:sensitiveWords:version';
const VERSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Edits made straight in the table (no version bump) are picked up within this time. */
const FULL_RELOAD_MS = 5 * 60_000;
/** While the shared cache cannot be read, the list is read from the database at most this often. */
const UNREADABLE_CACHE_RELOAD_MS = 60_000;
/** The import answer lists at most this many refused lines (`invalidTotal` counts them all). */
const IMPORT_PROBLEMS_SHOWN = 1000;

/** A word list ready for matching: each word with its folded form. */
interface WordList {
  words: readonly string[];
  needles: readonly string[];
}

interface LoadedList extends WordList {
  /** The version read before the words were; `null` when the cache could not be read (never equal to a read one). */
  version: string | undefined | null;
  loadedAt: number;
  checkedAt: number;
}

function prepare(words: readonly string[]): WordList {
  return { words, needles: words.map(normalizeForMatching) };
}

function matchList(text: string, list: WordList): string[] {
  const haystack = normalizeForMatching(text);
  if (!haystack) return [];
  return list.words.filter((_word, index) => {
    const needle = list.needles[index]!;
    return needle.length > 0 && haystack.includes(needle);
  });
}

/** The sensitive words found in `text`, as listed. */
export function findSensitiveWords(text: string, words: readonly string[]): string[] {
  return matchList(text, prepare(words));
}

export interface ModerationOptions {
  /** Where the list's version lives: process memory, or Redis shared by every process. */
  cache: Cache;
  adminLog: AdminLogService;
  now?: () => number;
  /**
   * How long a version check holds (ms). 0, the default, reads the version on every use (a Map lookup
   * in memory, one GET with Redis); docs/sensitive-words.md has the measurement.
   */
  versionCheckIntervalMs?: number;
  /** Told when the new version could not be written (the change itself is saved). */
  onError?: (message: string, error: unknown) => void;
}

export interface Admin {
  id: number;
}

export interface ImportedFile {
  fileName: string;
  bytes: Buffer;
}

/**
 * The sensitive-word list: the check every process runs on names, descriptions and tags, and the back
 * office's list, add, remove and import. A change takes effect at once in every process: each keeps the
 * list with the version it read, reads the version on use and reloads when it moved.
 */
export class SensitiveWordsService {
  private loaded: LoadedList | undefined;
  private reloading: { version: LoadedList['version']; promise: Promise<LoadedList> } | undefined;
  private readonly cache: Cache;
  private readonly adminLog: AdminLogService;
  private readonly now: () => number;
  private readonly versionCheckIntervalMs: number;
  private readonly onError: (message: string, error: unknown) => void;

  constructor(
    private readonly repository: SensitiveWordsRepository,
    options: ModerationOptions,
  ) {
    this.cache = options.cache;
    this.adminLog = options.adminLog;
    this.now = options.now ?? (() => Date.now());
    this.versionCheckIntervalMs = options.versionCheckIntervalMs ?? 0;
    this.onError = options.onError ?? (() => undefined);
  }

  async words(): Promise<string[]> {
    return [...(await this.current()).words];
  }

  /** Throws a validation error naming the field and the words when `text` contains any. */
  async assertClean(field: string, text: string): Promise<void> {
    const found = matchList(text, await this.current());
    if (found.length > 0) throw invalid(field, 'sensitiveWords', { words: found.join(', ') });
  }

  /** The back office's list: newest first, `search` matching any part of a word in any case. */
  async listPage(search: string, pageNum: number, pageSize: number): Promise<Page<SensitiveWordEntry>> {
    const { rows, total } = await this.repository.page(search.trim(), pageSize, (pageNum - 1) * pageSize);
    return { list: rows.map((row) => ({ word: row.word, createdAt: row.createdAt.getTime() })), total, pageNum, pageSize };
  }

  /**
   * Adds the words (trimmed). A word already listed, in any of its disguises (the matching rules), or
   * repeated in the call is skipped and reported.
   */
  async addWords(admin: Admin, input: readonly string[]): Promise<SensitiveWordsAdded> {
    const words = input.map((raw, index) => {
      const word = raw.trim();
      const problem = findSensitiveWordProblem(word);
      if (problem) throw wordProblem(`words[${index}]`, problem);
      return word;
    });
    return this.change(async (tx, listed) => {
      const { fresh, repeated } = splitFresh(words, listed);
      const added = await this.repository.insertWords(fresh, tx);
      await this.record(tx, admin, 'sensitiveWord.add', added, { before: null, after: { words: added } });
      return { changed: added, answer: { added, skipped: [...repeated, ...without(fresh, added)] } };
    });
  }

  /** Removes the words: each the listed word written the same way, or else the listed ones it folds to. */
  async removeWords(admin: Admin, input: readonly string[]): Promise<SensitiveWordsRemoved> {
    const requested = [...new Set(input.map((word) => word.trim()).filter(Boolean))];
    return this.change(async (tx, listed) => {
      const exact = new Set(listed);
      const byFolded = new Map<string, string[]>();
      for (const word of listed) {
        const folded = normalizeForMatching(word);
        byFolded.set(folded, [...(byFolded.get(folded) ?? []), word]);
      }
      const targets = new Set<string>();
      const missing: string[] = [];
      for (const word of requested) {
        const matches = exact.has(word) ? [word] : (byFolded.get(normalizeForMatching(word)) ?? []);
        if (matches.length === 0) missing.push(word);
        for (const match of matches) targets.add(match);
      }
      const removed = await this.repository.deleteWords([...targets], tx);
      await this.record(tx, admin, 'sensitiveWord.remove', removed, { before: { words: removed }, after: null });
      return { changed: removed, answer: { removed, missing } };
    });
  }

  /**
   * Imports a UTF-8 text or CSV file: one word per line or comma-separated (BOM stripped, blank cells
   * ignored). Listed and repeated words are counted as skipped; refused ones are listed with their line.
   */
  async importFile(admin: Admin, file: ImportedFile): Promise<SensitiveWordsImported & { invalidTotal: number }> {
    const entries = readWordFile(file.bytes);
    if (entries.length > SENSITIVE_WORDS_IMPORT_MAX_WORDS)
      throw invalid('file', 'tooManyWords', { limit: SENSITIVE_WORDS_IMPORT_MAX_WORDS });
    const problems: SensitiveWordImportProblem[] = [];
    const words: string[] = [];
    for (const entry of entries) {
      const reason = findSensitiveWordProblem(entry.text);
      if (reason) problems.push({ line: entry.line, text: [...entry.text].slice(0, 60).join(''), reason });
      else words.push(entry.text);
    }
    return this.change(async (tx, listed) => {
      const { fresh, repeated } = splitFresh(words, listed);
      const added = await this.repository.insertWords(fresh, tx);
      await this.record(tx, admin, 'sensitiveWord.import', added, {
        before: null,
        after: { fileName: file.fileName, words: added, skipped: repeated.length + fresh.length - added.length, invalid: problems.length },
        targetId: file.fileName,
      });
      const answer = {
        added: added.length,
        skipped: repeated.length + fresh.length - added.length,
        invalid: problems.slice(0, IMPORT_PROBLEMS_SHOWN),
        invalidTotal: problems.length,
      };
      return { changed: added, answer };
    });
  }

  /**
   * One change of the list: in a transaction that holds off other changes (so two admins cannot add
   * the same word in two disguises), with the listed words at hand; the new version is written after
   * the commit, so no process can reload before the change is visible.
   */
  private async change<T>(
    apply: (tx: Transaction, listed: readonly string[]) => Promise<{ changed: readonly string[]; answer: T }>,
  ): Promise<T> {
    const { changed, answer } = await this.repository.db.transaction(async (tx) => {
      await this.repository.lockForChanges(tx);
      return apply(tx, await this.repository.listWords(tx));
    });
    if (changed.length > 0) await this.bumpVersion();
    return answer;
  }

  private async record(
    tx: Transaction,
    admin: Admin,
    action: AdminActionCode,
    words: readonly string[],
    entry: { before: AdminLogState | null; after: AdminLogState | null; targetId?: string },
  ): Promise<void> {
    // A call that changed nothing (every word skipped or missing) is not an action.
    if (words.length === 0) return;
    await this.adminLog.record(tx, {
      adminUserId: admin.id,
      action,
      targetType: 'sensitiveWord',
      targetId: entry.targetId ?? describeWords(words),
      before: entry.before,
      after: entry.after,
    });
  }

  /** Tells every process (this one included) to read the list again. */
  private async bumpVersion(): Promise<void> {
    this.loaded = undefined;
    try {
      await this.cache.set(WORD_LIST_VERSION_KEY, randomUUID(), VERSION_TTL_SECONDS);
    } catch (error) {
      this.onError('The sensitive-word list changed but its new version could not be written to the cache', error);
    }
  }

  private async current(): Promise<LoadedList> {
    const now = this.now();
    const loaded = this.loaded;
    if (loaded && now - loaded.checkedAt < this.versionCheckIntervalMs) return loaded;
    const version = await this.readVersion();
    if (loaded && now - loaded.loadedAt < FULL_RELOAD_MS) {
      if (version !== null && version === loaded.version) {
        loaded.checkedAt = now;
        return loaded;
      }
      if (version === null && now - loaded.loadedAt < UNREADABLE_CACHE_RELOAD_MS) return loaded;
    }
    return this.reload(version);
  }

  private async readVersion(): Promise<string | undefined | null> {
    try {
      return await this.cache.get<string>(WORD_LIST_VERSION_KEY);
    } catch {
      return null;
    }
  }

  /** Reads the list; calls that saw the same version share one read. */
  private reload(version: LoadedList['version']): Promise<LoadedList> {
    if (this.reloading && this.reloading.version === version) return this.reloading.promise;
    const promise = this.repository
      .listWords()
      .then((words) => {
        const at = this.now();
        const list: LoadedList = { ...prepare(words), version, loadedAt: at, checkedAt: at };
        // Tagged with the version read before the words: a list that a change overtook reloads on its next use.
        this.loaded = list;
        return list;
      })
      .finally(() => {
        if (this.reloading?.promise === promise) this.reloading = undefined;
      });
    this.reloading = { version, promise };
    return promise;
  }
}

/** Words not yet listed (in their folded form), in order; the others, also those repeated in `words`. */
function splitFresh(words: readonly string[], listed: readonly string[]): { fresh: string[]; repeated: string[] } {
  const seen = new Set(listed.map(normalizeForMatching));
  const fresh: string[] = [];
  const repeated: string[] = [];
  for (const word of words) {
    const folded = normalizeForMatching(word);
    if (seen.has(folded)) repeated.push(word);
    else {
      seen.add(folded);
      fresh.push(word);
    }
  }
  return { fresh, repeated };
}

function without(words: readonly string[], taken: readonly string[]): string[] {
  const set = new Set(taken);
  return words.filter((word) => !set.has(word));
}

/** The log's target: the word, or the words joined and cut (the full list is in before/after). */
function describeWords(words: readonly string[]): string {
  const joined = words.join(', ');
  return joined.length <= 200 ? joined : `${joined.slice(0, 199)}…`;
}

function wordProblem(field: string, problem: SensitiveWordProblem) {
  switch (problem) {
    case 'empty':
      return invalid(field, 'required');
    case 'tooLong':
      return invalid(field, 'tooLong', { limit: SENSITIVE_WORD_MAX_LENGTH });
    case 'noCharacters':
      return invalid(field, 'onlyPunctuation');
  }
}
