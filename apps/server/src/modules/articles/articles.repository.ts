import { and, arrayContains, asc, count, desc, eq, gt, inArray, lte, max, min, sql, type SQL } from 'drizzle-orm';
import type { ArticleCategory, ArticleStatus } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { findOneRow, updateRowById } from '../../db/one-row.js';
import { pageOfRows, type PageWindow } from '../../db/page-of-rows.js';
import { articles } from './articles.tables.js';

export type ArticleRow = typeof articles.$inferSelect;
export type ArticleInsert = typeof articles.$inferInsert;
export type ArticleChanges = Partial<Omit<ArticleInsert, 'id' | 'createdAt'>>;

/** What the back office filters its list by. */
export interface AdminArticleFilter {
  category?: ArticleCategory;
  status?: ArticleStatus;
  /** Normalized words of the title. */
  title?: string;
}

/** A search of published articles; the keyword already as its grams and normalized text. */
export interface ArticleSearch {
  grams: string[];
  /** The keyword's normalized words: each must occur. */
  words: string[];
  category?: ArticleCategory;
}

/** The only place that reads and writes the articles' table. */
export class ArticlesRepository {
  constructor(readonly db: Db) {}

  find(id: number, executor: Executor = this.db): Promise<ArticleRow | undefined> {
    return findOneRow(executor, articles, eq(articles.id, id));
  }

  lock(id: number, tx: Transaction): Promise<ArticleRow | undefined> {
    return findOneRow(tx, articles, eq(articles.id, id), 'forUpdate');
  }

  /** A visible article: published, and its time has come. */
  async findVisible(id: number, now: Date): Promise<ArticleRow | undefined> {
    return findOneRow(this.db, articles, and(eq(articles.id, id), visibleAt(now)));
  }

  async insert(row: ArticleInsert, executor: Executor = this.db): Promise<ArticleRow> {
    const [inserted] = await executor.insert(articles).values(row).returning();
    return inserted!;
  }

  update(id: number, changes: ArticleChanges, executor: Executor = this.db): Promise<ArticleRow> {
    return updateRowById(executor, articles, id, changes);
  }

  async delete(id: number, executor: Executor = this.db): Promise<boolean> {
    const deleted = await executor.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
    return deleted.length > 0;
  }

  /** The order a new article of the category takes: before every other, so it opens the list. */
  async firstSortOf(category: ArticleCategory, executor: Executor = this.db): Promise<number> {
    const [row] = await executor
      .select({ first: min(articles.sort) })
      .from(articles)
      .where(eq(articles.category, category));
    return row?.first === null || row?.first === undefined ? 0 : row.first - 1;
  }

  /** The last order of the category, for an article moved into it. */
  async lastSortOf(category: ArticleCategory, executor: Executor = this.db): Promise<number> {
    const [row] = await executor
      .select({ last: max(articles.sort) })
      .from(articles)
      .where(eq(articles.category, category));
    return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
  }

  adminPage(filter: AdminArticleFilter, now: Date, page: PageWindow) {
    const conditions: (SQL | undefined)[] = [
      filter.category && eq(articles.category, filter.category),
      filter.status && statusCondition(filter.status, now),
      filter.title ? sql`strpos(${articles.searchTitle}, ${filter.title}) > 0` : undefined,
    ];
    return pageOfRows(
      this.db,
      { table: articles, where: and(...conditions), order: [asc(articles.category), asc(articles.sort), desc(articles.id)] },
      page,
    );
  }

  /** Visible articles of a category (all when none), in the operator's order, newest first among equals. */
  publicPage(category: ArticleCategory | undefined, now: Date, page: PageWindow) {
    return pageOfRows(
      this.db,
      {
        table: articles,
        where: and(visibleAt(now), category && eq(articles.category, category)),
        order: [asc(articles.sort), desc(articles.publishAt), desc(articles.id)],
      },
      page,
    );
  }

  /** Visible articles other than `article`: its category's first, in their order, then the newest of the others. */
  related(article: ArticleRow, now: Date, limit: number): Promise<ArticleRow[]> {
    return this.db
      .select()
      .from(articles)
      .where(and(visibleAt(now), sql`${articles.id} <> ${article.id}`))
      .orderBy(sql`${articles.category} = ${article.category} desc`, asc(articles.sort), desc(articles.publishAt), desc(articles.id))
      .limit(limit);
  }

  /**
   * Visible articles whose grams hold the keyword's (the GIN index), confirmed as a substring; those whose
   * title holds it first, then the newest.
   */
  async search(search: ArticleSearch, now: Date, page: PageWindow): Promise<{ rows: ArticleRow[]; total: number }> {
    const where = and(
      visibleAt(now),
      search.category && eq(articles.category, search.category),
      arrayContains(articles.searchGrams, search.grams),
      ...search.words.map((word) => sql`strpos(${articles.searchText}, ${word}) > 0`),
    );
    if (page.limit === 0) {
      const [counted] = await this.db.select({ total: count() }).from(articles).where(where);
      return { rows: [], total: counted?.total ?? 0 };
    }
    const inTitle = and(...search.words.map((word) => sql`strpos(${articles.searchTitle}, ${word}) > 0`))!;
    return pageOfRows(
      this.db,
      { table: articles, where, order: [sql`(${inTitle}) desc`, desc(articles.publishAt), desc(articles.id)] },
      page,
    );
  }

  /** The category and order of each of these articles. */
  sortsOf(ids: readonly number[], tx: Transaction): Promise<{ id: number; category: ArticleCategory; sort: number }[]> {
    return tx
      .select({ id: articles.id, category: articles.category, sort: articles.sort })
      .from(articles)
      .where(inArray(articles.id, [...ids]))
      .for('update');
  }

  async setSort(id: number, sort: number, tx: Transaction): Promise<void> {
    await tx.update(articles).set({ sort }).where(eq(articles.id, id));
  }

  /** Every visible article's id and last change, for the sitemap. */
  visibleIds(now: Date, limit: number): Promise<{ id: number; updatedAt: Date }[]> {
    return this.db
      .select({ id: articles.id, updatedAt: articles.updatedAt })
      .from(articles)
      .where(visibleAt(now))
      .orderBy(desc(articles.publishAt))
      .limit(limit);
  }
}

/** The query-time rule of publishing: an article is visible once published and its time has come. */
function visibleAt(now: Date): SQL {
  return and(eq(articles.state, 'published'), lte(articles.publishAt, now))!;
}

function statusCondition(status: ArticleStatus, now: Date): SQL {
  switch (status) {
    case 'draft':
    case 'unpublished':
      return eq(articles.state, status);
    case 'published':
      return visibleAt(now);
    case 'scheduled':
      return and(eq(articles.state, 'published'), gt(articles.publishAt, now))!;
  }
}
