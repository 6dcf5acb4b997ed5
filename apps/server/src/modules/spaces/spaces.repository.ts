import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { spaces, spaceWorks } from './spaces.tables.js';

export type SpaceRow = typeof spaces.$inferSelect;
export type SpaceValues = Omit<typeof spaces.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;
export type SpaceChanges = Partial<Omit<SpaceValues, 'uid' | 'ownerId'>>;

/** A live space with the ids of its works, in their order: what every public read starts from, in one statement. */
export type SpaceWithWorks = SpaceRow & { workIds: number[] };

/** The ordered work ids of a space, aggregated beside its row (an empty array when it has none). */
const workIdsColumn = sql<number[]>`coalesce((
  select array_agg(${spaceWorks.workId} order by ${spaceWorks.position}, ${spaceWorks.workId})
  from ${spaceWorks} where ${spaceWorks.spaceId} = ${spaces.id}
), '{}')`.mapWith((value: unknown) => parseIds(value));

/** The only place that reads and writes the spaces tables. */
export class SpacesRepository {
  constructor(readonly db: Db) {}

  /** A live space and its work ids by uid, by website or by id. */
  async findWithWorks(by: { uid: string } | { website: string } | { id: number }): Promise<SpaceWithWorks | undefined> {
    const where: SQL = 'uid' in by ? eq(spaces.uid, by.uid) : 'website' in by ? eq(spaces.website, by.website) : eq(spaces.id, by.id);
    const [row] = await this.db
      .select({ ...spaceColumns, workIds: workIdsColumn })
      .from(spaces)
      .where(and(where, isNull(spaces.deletedAt)));
    return row;
  }

  /** An owner's live spaces, newest first, each with its work ids. */
  listOfOwner(ownerId: number, options: { publicOnly: boolean }): Promise<SpaceWithWorks[]> {
    const conditions = [eq(spaces.ownerId, ownerId), isNull(spaces.deletedAt)];
    if (options.publicOnly) conditions.push(eq(spaces.visibility, 'public'));
    return this.db
      .select({ ...spaceColumns, workIds: workIdsColumn })
      .from(spaces)
      .where(and(...conditions))
      .orderBy(desc(spaces.createdAt), desc(spaces.id));
  }

  /** Locks the owner's live space by uid for the rest of the transaction (another's is undefined). */
  async lockOwn(ownerId: number, uid: string, tx: Transaction): Promise<SpaceRow | undefined> {
    const [row] = await tx
      .select()
      .from(spaces)
      .where(and(eq(spaces.uid, uid), eq(spaces.ownerId, ownerId), isNull(spaces.deletedAt)))
      .for('update');
    return row;
  }

  async countLive(ownerId: number, executor: Executor): Promise<number> {
    const [row] = await executor
      .select({ total: count() })
      .from(spaces)
      .where(and(eq(spaces.ownerId, ownerId), isNull(spaces.deletedAt)));
    return row?.total ?? 0;
  }

  async websiteTaken(website: string, exceptId: number | undefined, executor: Executor): Promise<boolean> {
    const [row] = await executor.select({ id: spaces.id }).from(spaces).where(eq(spaces.website, website));
    return row !== undefined && row.id !== exceptId;
  }

  async insert(values: SpaceValues, tx: Transaction): Promise<SpaceRow> {
    const [row] = await tx.insert(spaces).values(values).returning();
    return row!;
  }

  async update(id: number, changes: SpaceChanges, tx: Transaction): Promise<SpaceRow> {
    const [row] = await tx
      .update(spaces)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(spaces.id, id))
      .returning();
    return row!;
  }

  /** Soft delete; the website goes free. */
  async softDelete(id: number, tx: Transaction): Promise<void> {
    await tx.update(spaces).set({ deletedAt: new Date(), website: null, updatedAt: new Date() }).where(eq(spaces.id, id));
  }

  async workIdsOf(spaceId: number, executor: Executor): Promise<number[]> {
    const rows = await executor
      .select({ workId: spaceWorks.workId })
      .from(spaceWorks)
      .where(eq(spaceWorks.spaceId, spaceId))
      .orderBy(asc(spaceWorks.position), asc(spaceWorks.workId));
    return rows.map((row) => row.workId);
  }

  /** Replaces the space's works with these, in this order. */
  async replaceWorks(spaceId: number, workIds: readonly number[], tx: Transaction): Promise<void> {
    await tx.delete(spaceWorks).where(eq(spaceWorks.spaceId, spaceId));
    if (workIds.length > 0) await tx.insert(spaceWorks).values(workIds.map((workId, position) => ({ spaceId, workId, position })));
  }

  /** Appends one work after the last. */
  async appendWork(spaceId: number, workId: number, tx: Transaction): Promise<void> {
    await tx.insert(spaceWorks).values({
      spaceId,
      workId,
      position: sql`coalesce((select max(${spaceWorks.position}) + 1 from ${spaceWorks} where ${spaceWorks.spaceId} = ${spaceId}), 0)`,
    });
  }

  async touch(id: number, tx: Transaction): Promise<void> {
    await tx.update(spaces).set({ updatedAt: new Date() }).where(eq(spaces.id, id));
  }
}

const spaceColumns = {
  id: spaces.id,
  uid: spaces.uid,
  ownerId: spaces.ownerId,
  kind: spaces.kind,
  name: spaces.name,
  intro: spaces.intro,
  coverUrl: spaces.coverUrl,
  logoUrl: spaces.logoUrl,
  templateCode: spaces.templateCode,
  visibility: spaces.visibility,
  accessCodeHash: spaces.accessCodeHash,
  website: spaces.website,
  brandColor: spaces.brandColor,
  contactPhone: spaces.contactPhone,
  address: spaces.address,
  latitude: spaces.latitude,
  longitude: spaces.longitude,
  createdAt: spaces.createdAt,
  updatedAt: spaces.updatedAt,
  deletedAt: spaces.deletedAt,
};

/** A bigint[] as the drivers give it: an array (of numbers or strings) or PostgreSQL's text form `{1,2}`. */
function parseIds(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string') {
    const inner = value.replace(/^\{|\}$/g, '');
    return inner ? inner.split(',').map(Number) : [];
  }
  return [];
}
