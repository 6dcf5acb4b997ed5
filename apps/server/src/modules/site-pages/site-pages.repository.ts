import type { SitePageContent, SitePageKind } from '@spatia/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.js';
import { sitePageVersions } from './site-pages.tables.js';

/** One version without its content. */
export interface VersionRow {
  kind: SitePageKind;
  version: number;
  status: 'draft' | 'published';
  restoredFrom: number | null;
  editedAt: Date;
  editedBy: number | null;
  publishedAt: Date | null;
  publishedBy: number | null;
}

export interface ContentRow {
  id: number;
  version: number;
  status: 'draft' | 'published';
  content: SitePageContent;
  editedAt: Date;
  publishedAt: Date | null;
}

const contentColumns = {
  id: sitePageVersions.id,
  version: sitePageVersions.version,
  status: sitePageVersions.status,
  content: sitePageVersions.content,
  editedAt: sitePageVersions.editedAt,
  publishedAt: sitePageVersions.publishedAt,
};

/** The only Drizzle code of the site pages. */
export class SitePagesRepository {
  constructor(readonly db: Db) {}

  /** Every version of one page (or of every page), newest first, without content. */
  async versions(kind?: SitePageKind, executor: Executor = this.db): Promise<VersionRow[]> {
    return executor
      .select({
        kind: sitePageVersions.kind,
        version: sitePageVersions.version,
        status: sitePageVersions.status,
        restoredFrom: sitePageVersions.restoredFrom,
        editedAt: sitePageVersions.editedAt,
        editedBy: sitePageVersions.editedBy,
        publishedAt: sitePageVersions.publishedAt,
        publishedBy: sitePageVersions.publishedBy,
      })
      .from(sitePageVersions)
      .where(kind && eq(sitePageVersions.kind, kind))
      .orderBy(sitePageVersions.kind, desc(sitePageVersions.version));
  }

  /** The live version: the highest published one. */
  async live(kind: SitePageKind, executor: Executor = this.db): Promise<ContentRow | undefined> {
    const [row] = await executor
      .select(contentColumns)
      .from(sitePageVersions)
      .where(and(eq(sitePageVersions.kind, kind), eq(sitePageVersions.status, 'published')))
      .orderBy(desc(sitePageVersions.version))
      .limit(1);
    return row;
  }

  /** The draft, locked for the rest of the transaction when `lock`. */
  async draft(kind: SitePageKind, executor: Executor = this.db, lock = false): Promise<ContentRow | undefined> {
    const query = executor
      .select(contentColumns)
      .from(sitePageVersions)
      .where(and(eq(sitePageVersions.kind, kind), eq(sitePageVersions.status, 'draft')));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async published(kind: SitePageKind, version: number, executor: Executor = this.db): Promise<ContentRow | undefined> {
    const [row] = await executor
      .select(contentColumns)
      .from(sitePageVersions)
      .where(and(eq(sitePageVersions.kind, kind), eq(sitePageVersions.version, version), eq(sitePageVersions.status, 'published')));
    return row;
  }

  /** Writes the shipped content as published version 1 unless the page has a version already (a concurrent writer's counts). */
  async seed(kind: SitePageKind, content: SitePageContent, executor: Executor): Promise<void> {
    await executor
      .insert(sitePageVersions)
      .values({ kind, version: 1, status: 'published', content, editedAt: new Date(0), publishedAt: new Date(0) })
      .onConflictDoNothing();
  }

  /** A new draft, numbered after the page's highest version. */
  async insertDraft(
    kind: SitePageKind,
    draft: { content: SitePageContent; editedBy: number; restoredFrom: number | null },
    executor: Executor,
  ): Promise<number> {
    const [row] = await executor
      .insert(sitePageVersions)
      .values({
        kind,
        version: sql`(select coalesce(max(${sitePageVersions.version}), 0) + 1 from ${sitePageVersions} where ${sitePageVersions.kind} = ${kind})`,
        status: 'draft',
        ...draft,
      })
      .returning({ version: sitePageVersions.version });
    return row!.version;
  }

  async updateDraft(id: number, draft: { content: SitePageContent; editedBy: number; restoredFrom: number | null }, executor: Executor) {
    await executor
      .update(sitePageVersions)
      .set({ ...draft, editedAt: new Date() })
      .where(and(eq(sitePageVersions.id, id), eq(sitePageVersions.status, 'draft')));
  }

  async publish(id: number, publishedBy: number, executor: Executor): Promise<Date> {
    const [row] = await executor
      .update(sitePageVersions)
      .set({ status: 'published', publishedBy, publishedAt: new Date() })
      .where(and(eq(sitePageVersions.id, id), eq(sitePageVersions.status, 'draft')))
      .returning({ publishedAt: sitePageVersions.publishedAt });
    return row!.publishedAt!;
  }

  async deleteDraft(id: number, executor: Executor): Promise<void> {
    await executor.delete(sitePageVersions).where(and(eq(sitePageVersions.id, id), eq(sitePageVersions.status, 'draft')));
  }
}
