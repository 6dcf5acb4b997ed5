import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from '../../db/schema/columns.js';
import { userRef } from '../users/users.tables.js';

/**
 * One person following another (docs/people.md). One row per ordered pair: a repeated follow finds the
 * row and changes nothing. `remarkName` is the follower's private name for the person followed. The id
 * orders the lists (newest follow first) and is their keyset cursor.
 */
export const follows = pgTable(
  'follows',
  {
    id: serialId(),
    followerId: userRef('follower_id'),
    followeeId: userRef('followee_id'),
    remarkName: text('remark_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    unique('follows_pair').on(table.followerId, table.followeeId),
    // My follows, newest first (the pair's unique index starts with the follower but is not ordered by id).
    index('follows_follower_id').on(table.followerId, table.id),
    // My fans, newest first, and "do they follow me" lookups.
    index('follows_followee_id').on(table.followeeId, table.id),
    check('follows_not_self', sql`${table.followerId} <> ${table.followeeId}`),
  ],
);

/**
 * How many people each user follows and how many follow them, changed in the same transaction as the
 * `follows` row (FollowsRepository), so the homepage and the console read one row; `npm run admin --
 * recount` rebuilds it from the rows. A user without a row has none of either.
 */
export const followCounts = pgTable(
  'follow_counts',
  {
    userId: userRef('user_id').primaryKey(),
    follows: integer('follows').notNull().default(0),
    fans: integer('fans').notNull().default(0),
  },
  () => [check('follow_counts_not_negative', sql`follows >= 0 and fans >= 0`)],
);
