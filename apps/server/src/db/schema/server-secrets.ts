import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Secrets the server generates once and every process shares (e.g. the verification-code HMAC key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
