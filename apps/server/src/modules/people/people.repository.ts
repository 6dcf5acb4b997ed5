import { and, desc, eq, ilike, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db, type Executor, type Transaction } from '../../db/database.js';
import { users } from '../users/users.tables.js';
import { followCounts, follows } from './people.tables.js';
import { containsPattern } from '../../db/like-pattern.js';

export type FollowRow = typeof follows.$inferSelect;

/** Which of the three lists: those I follow, those who follow me, those both. */
export type FollowListKind = 'follows' | 'fans' | 'mutual';

export interface FollowListRow {
  id: number;
  uid: string;
  name: string;
  avatarUrl: string;
  remarkName: string;
  mutual: boolean;
  since: Date;
}

/** The two rows of `follow_counts` a change of one `follows` row moves, in one direction or the other. */
interface CountChange {
  followerId: number;
  followeeId: number;
  delta: 1 | -1;
}

/**
 * The only place that reads and writes follows and their counts. The lists join `users` for names and
 * the search by name in the same keyset statement (the exception is declared in eslint/house-rules.js).
 */
export class PeopleRepository {
  constructor(readonly db: Db) {}

  find(followerId: number, followeeId: number, executor: Executor = this.db): Promise<FollowRow | undefined> {
    return executor
      .select()
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
      .then(([row]) => row);
  }

  /**
   * Follows once: a pair that already exists is left as it is (its remark changes only when `remarkName`
   * is given). Two follows of the same pair at once: the unique pair index makes the second wait for the
   * first and then insert nothing, so the counts move once.
   */
  async follow(followerId: number, followeeId: number, remarkName: string | undefined, tx: Transaction): Promise<boolean> {
    const inserted = await tx
      .insert(follows)
      .values({ followerId, followeeId, remarkName: remarkName ?? '' })
      .onConflictDoNothing({ target: [follows.followerId, follows.followeeId] })
      .returning({ id: follows.id });
    if (inserted.length > 0) {
      await this.moveCounts({ followerId, followeeId, delta: 1 }, tx);
      return true;
    }
    if (remarkName !== undefined) {
      await tx
        .update(follows)
        .set({ remarkName })
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId), sql`${follows.remarkName} <> ${remarkName}`));
    }
    return false;
  }

  /** Ends a follow if there is one; the counts move only when a row went. */
  async unfollow(followerId: number, followeeId: number, tx: Transaction): Promise<boolean> {
    const deleted = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
      .returning({ id: follows.id });
    if (deleted.length === 0) return false;
    await this.moveCounts({ followerId, followeeId, delta: -1 }, tx);
    return true;
  }

  /** The follower's `follows` and the followee's `fans`, in the order of the user ids (two changes at once never wait on each other in a circle). */
  private async moveCounts({ followerId, followeeId, delta }: CountChange, tx: Transaction): Promise<void> {
    const changes = [
      { userId: followerId, follows: delta, fans: 0 },
      { userId: followeeId, follows: 0, fans: delta },
    ].sort((a, b) => a.userId - b.userId);
    for (const change of changes) {
      await tx
        .insert(followCounts)
        .values({ userId: change.userId, follows: Math.max(change.follows, 0), fans: Math.max(change.fans, 0) })
        .onConflictDoUpdate({
          target: followCounts.userId,
          set: { follows: sql`${followCounts.follows} + ${change.follows}`, fans: sql`${followCounts.fans} + ${change.fans}` },
        });
    }
  }

  async counts(userId: number, executor: Executor = this.db): Promise<{ follows: number; fans: number }> {
    const [row] = await executor
      .select({ follows: followCounts.follows, fans: followCounts.fans })
      .from(followCounts)
      .where(eq(followCounts.userId, userId));
    return row ?? { follows: 0, fans: 0 };
  }

  /** Rebuilds `follow_counts` from the rows (`npm run admin -- recount`); answers how many rows it corrected. */
  async recount(tx: Transaction): Promise<number> {
    const rows = await rowsOf<{ user_id: number }>(
      tx,
      sql`
      with actual as (
        select user_id, sum(follows)::int as follows, sum(fans)::int as fans from (
          select follower_id as user_id, 1 as follows, 0 as fans from ${follows}
          union all
          select followee_id as user_id, 0 as follows, 1 as fans from ${follows}
        ) edges group by user_id
      ),
      wanted as (
        select coalesce(a.user_id, c.user_id) as user_id, coalesce(a.follows, 0) as follows, coalesce(a.fans, 0) as fans
        from actual a full join ${followCounts} c on c.user_id = a.user_id
        where c.user_id is null or c.follows <> coalesce(a.follows, 0) or c.fans <> coalesce(a.fans, 0)
      )
      insert into ${followCounts} (user_id, follows, fans)
      select user_id, follows, fans from wanted
      on conflict (user_id) do update set follows = excluded.follows, fans = excluded.fans
      returning user_id
    `,
    );
    return rows.length;
  }

  /**
   * One page of a follow list of `userId`, newest relation first, after the row `afterId` (the cursor).
   * Answers one row more than `limit` when there is a next page.
   */
  async list(
    kind: FollowListKind,
    userId: number,
    options: { q: string; afterId: number | undefined; limit: number },
  ): Promise<FollowListRow[]> {
    // `main` is the relation the list is about; `person` the other party; `mine` my follow of them (its remark).
    const main = follows;
    const back = alias(follows, 'back');
    const person = alias(users, 'person');
    const towardsMe = kind === 'fans';
    const otherId = towardsMe ? main.followerId : main.followeeId;
    const myRemark = towardsMe ? sql<string | null>`${back.remarkName}` : sql<string>`${main.remarkName}`;
    const conditions: (SQL | undefined)[] = [
      eq(towardsMe ? main.followeeId : main.followerId, userId),
      options.afterId === undefined ? undefined : lt(main.id, options.afterId),
      kind === 'mutual' ? isNotNull(back.id) : undefined,
    ];
    if (options.q !== '') {
      const pattern = containsPattern(options.q);
      conditions.push(or(ilike(person.fullName, pattern), towardsMe ? ilike(back.remarkName, pattern) : ilike(main.remarkName, pattern)));
    }
    const rows = await this.db
      .select({
        id: main.id,
        uid: person.uid,
        name: person.fullName,
        avatarUrl: person.avatarUrl,
        remarkName: myRemark,
        mutual: sql<boolean>`${back.id} is not null`,
        since: main.createdAt,
      })
      .from(main)
      .innerJoin(person, eq(person.id, otherId))
      // The relation the other way: their follow of me (follows, mutual), or mine of them (fans).
      .leftJoin(
        back,
        towardsMe
          ? and(eq(back.followerId, userId), eq(back.followeeId, main.followerId))
          : and(eq(back.followerId, main.followeeId), eq(back.followeeId, userId)),
      )
      .where(and(...conditions))
      .orderBy(desc(main.id))
      .limit(options.limit + 1);
    return rows.map((row) => ({ ...row, remarkName: row.remarkName ?? '' }));
  }

  /** My mutual follows whose name or my remark contains `q`, or whose phone is `q`, newest follow first: the people search's first group. */
  async mutualMatching(userId: number, q: string, limit: number): Promise<{ id: number; remarkName: string }[]> {
    const back = alias(follows, 'back');
    const person = alias(users, 'person');
    const pattern = containsPattern(q);
    return this.db
      .select({ id: follows.followeeId, remarkName: follows.remarkName })
      .from(follows)
      .innerJoin(back, and(eq(back.followerId, follows.followeeId), eq(back.followeeId, userId)))
      .innerJoin(person, eq(person.id, follows.followeeId))
      .where(
        and(
          eq(follows.followerId, userId),
          q === '' ? undefined : or(ilike(person.fullName, pattern), ilike(follows.remarkName, pattern), eq(person.phone, q)),
        ),
      )
      .orderBy(desc(follows.id))
      .limit(limit);
  }

  /** My remark names for these people (those I follow). */
  async remarksOf(userId: number, otherIds: readonly number[]): Promise<Map<number, string>> {
    if (otherIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: follows.followeeId, remarkName: follows.remarkName })
      .from(follows)
      .where(and(eq(follows.followerId, userId), sql`${follows.followeeId} in ${[...otherIds]}`));
    return new Map(rows.map((row) => [row.id, row.remarkName]));
  }
}
