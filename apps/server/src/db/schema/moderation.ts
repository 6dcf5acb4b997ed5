import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Words that names, descriptions and tags may not contain. Seeded by migration; an admin may edit. */
export const sensitiveWords = pgTable('sensitive_words', {
  word: text('word').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
