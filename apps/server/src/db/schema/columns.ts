import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** The columns most tables share, written once. */

/** A bigint primary key the database numbers. */
export const serialId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
