import { asc } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sensitiveWords } from '../../db/schema/index.js';

/** The only place that reads `sensitive_words`. */
export class ModerationRepository {
  constructor(private readonly db: Db) {}

  async listWords(): Promise<string[]> {
    const rows = await this.db.select({ word: sensitiveWords.word }).from(sensitiveWords).orderBy(asc(sensitiveWords.word));
    return rows.map((row) => row.word);
  }
}
