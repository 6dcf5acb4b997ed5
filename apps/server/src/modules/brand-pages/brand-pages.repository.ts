import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { brandShowcases, brandShowcaseWorks, landingLeads, landingPages } from './brand-pages.tables.js';

export type ShowcaseRow = typeof brandShowcases.$inferSelect;
export type LandingPageRow = typeof landingPages.$inferSelect;
export type LeadRow = typeof landingLeads.$inferSelect;
export type ShowcaseFields = Omit<typeof brandShowcases.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'visitCount'>;
export type LandingPageFields = Omit<typeof landingPages.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export interface LeadCounts {
  total: number;
  unhandled: number;
}

/** The only place that reads and writes showcases, landing pages and leads. */
export class BrandPagesRepository {
  constructor(readonly db: Db) {}

  // ---- showcases ----

  async insertShowcase(fields: ShowcaseFields, workIds: readonly number[], tx: Transaction): Promise<ShowcaseRow> {
    const [row] = await tx.insert(brandShowcases).values(fields).returning();
    await this.replaceWorks(row!.id, workIds, tx);
    return row!;
  }

  async updateShowcase(id: number, fields: Partial<ShowcaseFields>, tx: Executor = this.db): Promise<ShowcaseRow> {
    const [row] = await tx
      .update(brandShowcases)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(brandShowcases.id, id))
      .returning();
    return row!;
  }

  async replaceWorks(showcaseId: number, workIds: readonly number[], tx: Transaction): Promise<void> {
    await tx.delete(brandShowcaseWorks).where(eq(brandShowcaseWorks.showcaseId, showcaseId));
    if (workIds.length === 0) return;
    await tx.insert(brandShowcaseWorks).values(workIds.map((workId, position) => ({ showcaseId, workId, position })));
  }

  findShowcase(publicId: string, executor: Executor = this.db): Promise<ShowcaseRow | undefined> {
    return executor
      .select()
      .from(brandShowcases)
      .where(eq(brandShowcases.publicId, publicId))
      .then(([row]) => row);
  }

  /** Locks the row for the rest of the transaction (an edit, a publish, a delete). */
  lockShowcase(publicId: string, tx: Transaction): Promise<ShowcaseRow | undefined> {
    return tx
      .select()
      .from(brandShowcases)
      .where(eq(brandShowcases.publicId, publicId))
      .for('update')
      .then(([row]) => row);
  }

  findShowcaseById(id: number): Promise<ShowcaseRow | undefined> {
    return this.db
      .select()
      .from(brandShowcases)
      .where(eq(brandShowcases.id, id))
      .then(([row]) => row);
  }

  listShowcases(ownerId: number): Promise<ShowcaseRow[]> {
    return this.db.select().from(brandShowcases).where(eq(brandShowcases.ownerId, ownerId)).orderBy(desc(brandShowcases.id));
  }

  /** The work ids of each showcase, in their order. */
  async workIdsOf(showcaseIds: readonly number[], executor: Executor = this.db): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>(showcaseIds.map((id) => [id, []]));
    if (showcaseIds.length === 0) return result;
    const rows = await executor
      .select()
      .from(brandShowcaseWorks)
      .where(inArray(brandShowcaseWorks.showcaseId, [...showcaseIds]))
      .orderBy(asc(brandShowcaseWorks.showcaseId), asc(brandShowcaseWorks.position));
    for (const row of rows) result.get(row.showcaseId)!.push(row.workId);
    return result;
  }

  async countVisit(id: number): Promise<number> {
    const [row] = await this.db
      .update(brandShowcases)
      .set({ visitCount: sql`${brandShowcases.visitCount} + 1` })
      .where(eq(brandShowcases.id, id))
      .returning({ visitCount: brandShowcases.visitCount });
    return row?.visitCount ?? 0;
  }

  async deleteShowcase(id: number, tx: Transaction): Promise<void> {
    await tx.delete(brandShowcases).where(eq(brandShowcases.id, id));
  }

  async countLandingPagesOfShowcase(showcaseId: number, tx: Transaction): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(landingPages).where(eq(landingPages.showcaseId, showcaseId));
    return row?.n ?? 0;
  }

  // ---- landing pages ----

  async insertLandingPage(fields: LandingPageFields): Promise<LandingPageRow> {
    const [row] = await this.db.insert(landingPages).values(fields).returning();
    return row!;
  }

  async updateLandingPage(id: number, fields: Partial<LandingPageFields>): Promise<LandingPageRow> {
    const [row] = await this.db
      .update(landingPages)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(landingPages.id, id))
      .returning();
    return row!;
  }

  findLandingPage(publicId: string): Promise<LandingPageRow | undefined> {
    return this.db
      .select()
      .from(landingPages)
      .where(eq(landingPages.publicId, publicId))
      .then(([row]) => row);
  }

  listLandingPages(ownerId: number): Promise<LandingPageRow[]> {
    return this.db.select().from(landingPages).where(eq(landingPages.ownerId, ownerId)).orderBy(desc(landingPages.id));
  }

  async deleteLandingPage(id: number): Promise<void> {
    await this.db.delete(landingPages).where(eq(landingPages.id, id));
  }

  /** How many leads each page has, and how many of them nobody handled yet. */
  async leadCounts(landingPageIds: readonly number[]): Promise<Map<number, LeadCounts>> {
    const result = new Map<number, LeadCounts>();
    if (landingPageIds.length === 0) return result;
    const rows = await this.db
      .select({
        landingPageId: landingLeads.landingPageId,
        total: count(),
        unhandled: sql<number>`count(*) filter (where not ${landingLeads.handled})`.mapWith(Number),
      })
      .from(landingLeads)
      .where(inArray(landingLeads.landingPageId, [...landingPageIds]))
      .groupBy(landingLeads.landingPageId);
    for (const row of rows) result.set(row.landingPageId, { total: row.total, unhandled: row.unhandled });
    return result;
  }

  // ---- leads ----

  async insertLead(fields: Omit<typeof landingLeads.$inferInsert, 'id' | 'createdAt' | 'handled'>, tx: Transaction): Promise<LeadRow> {
    const [row] = await tx.insert(landingLeads).values(fields).returning();
    return row!;
  }

  /** The owner's leads, newest first, of one page or all, handled or not; `limit` rows from `offset`. */
  async listLeads(filter: { ownerId: number; landingPageId?: number; handled?: boolean }, limit: number, offset: number) {
    const where = leadFilter(filter);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ lead: landingLeads, landingPageId: landingPages.publicId, headline: landingPages.headline })
        .from(landingLeads)
        .innerJoin(landingPages, eq(landingPages.id, landingLeads.landingPageId))
        .where(where)
        .orderBy(desc(landingLeads.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(landingLeads).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async setLeadHandled(ownerId: number, id: number, handled: boolean) {
    const [row] = await this.db
      .update(landingLeads)
      .set({ handled })
      .where(and(eq(landingLeads.id, id), eq(landingLeads.ownerId, ownerId)))
      .returning();
    return row;
  }
}

function leadFilter(filter: { ownerId: number; landingPageId?: number; handled?: boolean }): SQL {
  const conditions = [eq(landingLeads.ownerId, filter.ownerId)];
  if (filter.landingPageId !== undefined) conditions.push(eq(landingLeads.landingPageId, filter.landingPageId));
  if (filter.handled !== undefined) conditions.push(eq(landingLeads.handled, filter.handled));
  return and(...conditions)!;
}
