import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema/columns.js';

/** Words that names, descriptions and tags may not contain. Seeded by migration; an admin may edit. */
export const sensitiveWords = pgTable('sensitive_words', {
  word: text('word').primaryKey(),
  createdAt: createdAt(),
});
