import { asc, desc, ilike, inArray, sql } from 'drizzle-orm';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { pageOfRows } from '../../db/page-of-rows.js';
import { sensitiveWords } from './sensitive-words.tables.js';
import { containsPattern } from '../../db/like-pattern.js';

export type SensitiveWordRow = typeof sensitiveWords.$inferSelect;

/** The only place that reads and writes `sensitive_words`. */
export class SensitiveWordsRepository {
  constructor(readonly db: Db) {}

  async listWords(executor: Executor = this.db): Promise<string[]> {
    const rows = await executor.select({ word: sensitiveWords.word }).from(sensitiveWords).orderBy(asc(sensitiveWords.word));
    return rows.map((row) => row.word);
  }

  /** A page of the list, newest first, optionally only words containing `search` (any case). */
  async page(search: string, limit: number, offset: number): Promise<{ rows: SensitiveWordRow[]; total: number }> {
    const where = search ? ilike(sensitiveWords.word, containsPattern(search)) : undefined;
    const order = [desc(sensitiveWords.createdAt), asc(sensitiveWords.word)];
    return pageOfRows(this.db, { table: sensitiveWords, where, order }, { limit, offset });
  }

  /** Holds off other changes of the list until `tx` ends; readers are not held. */
  async lockForChanges(tx: Transaction): Promise<void> {
    await tx.execute(sql`lock table ${sensitiveWords} in share row exclusive mode`);
  }

  /** Inserts the words (a word already there is left alone); answers the ones inserted. */
  async insertWords(words: readonly string[], executor: Executor): Promise<string[]> {
    const inserted: string[] = [];
    // Bounded statements: an import may carry 20,000 words.
    for (let start = 0; start < words.length; start += 1000) {
      const rows = await executor
        .insert(sensitiveWords)
        .values(words.slice(start, start + 1000).map((word) => ({ word })))
        .onConflictDoNothing()
        .returning({ word: sensitiveWords.word });
      inserted.push(...rows.map((row) => row.word));
    }
    return inserted;
  }

  /** Deletes the words; answers the ones that were there. */
  async deleteWords(words: readonly string[], executor: Executor): Promise<string[]> {
    if (words.length === 0) return [];
    const rows = await executor
      .delete(sensitiveWords)
      .where(inArray(sensitiveWords.word, [...words]))
      .returning({ word: sensitiveWords.word });
    return rows.map((row) => row.word);
  }
}
