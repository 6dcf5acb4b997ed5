import { bigint, timestamp, type ReferenceConfig } from 'drizzle-orm/pg-core';

/** The columns most tables share, written once. */

/** A bigint primary key the database numbers. */
export const serialId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A required bigint column holding the id of a row of another table (`target`). */
export const idRef = (name: string, target: ReferenceConfig['ref'], actions: ReferenceConfig['actions'] = {}) =>
  bigint(name, { mode: 'number' }).notNull().references(target, actions);
