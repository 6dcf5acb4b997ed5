import type { AdminArticle, AdminArticleDetail, ArticleCategory, ArticleDraft, ArticleStatus, Page } from '@spatia/contract';
import type { Database } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import { normalizeSearchText, searchGramsOf } from '../works/index.js';
import type { AuthUser } from '../users/index.js';
import { parseArticleDocument } from './article-document.js';
import { articleMediaKeyOf, articlePlainText, renderArticleHtml } from './article-html.js';
import { statusOf, toAdminArticle, toAdminArticleDetail } from './article-presenter.js';
import type { ArticleChanges, ArticleRow, ArticlesRepository } from './articles.repository.js';

export interface AdminArticleQuery {
  category?: ArticleCategory;
  status?: ArticleStatus;
  title?: string;
  pageNum: number;
  pageSize: number;
}

/**
 * The back office's side of articles: drafts saved as often as the operator likes, publishing now or at
 * a time, unpublishing, the order within a category and deleting. Admin role only (the routes' rule).
 */
export class ArticlesAdminService {
  constructor(
    private readonly database: Database,
    private readonly repository: ArticlesRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(query: AdminArticleQuery): Promise<Page<AdminArticle>> {
    const now = this.now();
    const title = query.title ? normalizeSearchText(query.title) : '';
    const { rows, total } = await this.repository.adminPage(
      { category: query.category, status: query.status, title: title || undefined },
      now,
      { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize },
    );
    return { list: rows.map((row) => toAdminArticle(row, now)), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async get(id: number): Promise<AdminArticleDetail> {
    return toAdminArticleDetail(await this.found(id), this.now());
  }

  /** A new draft, first in its category's order; the author is the admin who writes it. */
  async create(author: AuthUser, draft: ArticleDraft): Promise<AdminArticleDetail> {
    const fields = this.fieldsOf(draft);
    const row = await this.database.db.transaction(async (tx) =>
      this.repository.insert(
        {
          ...fields,
          state: 'draft',
          sort: await this.repository.firstSortOf(draft.category, tx),
          authorId: author.id,
          authorName: author.name,
        },
        tx,
      ),
    );
    return toAdminArticleDetail(row, this.now());
  }

  /** Saves the fields; the state stays (a published article shows the change at once). */
  async update(id: number, draft: ArticleDraft): Promise<AdminArticleDetail> {
    const row = await this.database.db.transaction(async (tx) => {
      const current = await this.repository.lock(id, tx);
      if (!current) throw fail('articleNotFound');
      const changes: ArticleChanges = this.fieldsOf(draft);
      if (draft.category !== current.category) changes.sort = await this.repository.lastSortOf(draft.category, tx);
      return this.repository.update(id, changes, tx);
    });
    return toAdminArticleDetail(row, this.now());
  }

  /** Visible from now on; a scheduled article is published at once. */
  publish(id: number): Promise<AdminArticleDetail> {
    return this.changeState(id, (row, now) => {
      if (statusOf(row, now) === 'published') throw fail('articleAlreadyPublished');
      requireComplete(row);
      return { state: 'published', publishAt: now };
    });
  }

  /** Visible from `at` (epoch ms, in the future); an article already visible must be unpublished first. */
  schedule(id: number, at: number): Promise<AdminArticleDetail> {
    return this.changeState(id, (row, now) => {
      if (at <= now.getTime()) throw fail('articleScheduleInPast');
      if (statusOf(row, now) === 'published') throw fail('articleAlreadyPublished');
      requireComplete(row);
      return { state: 'published', publishAt: new Date(at) };
    });
  }

  /** Hidden again (published or scheduled); it keeps its content and order. */
  unpublish(id: number): Promise<AdminArticleDetail> {
    return this.changeState(id, (row) => {
      if (row.state !== 'published') throw fail('articleNotPublished');
      return { state: 'unpublished' };
    });
  }

  /**
   * The articles `ids` of one category put in this order: they take the places they held among
   * themselves, so a page of the list can be reordered without the rest of the category moving.
   */
  async reorder(category: ArticleCategory, ids: readonly number[]): Promise<void> {
    if (new Set(ids).size !== ids.length) throw fail('articleReorderMismatch');
    await this.database.db.transaction(async (tx) => {
      const rows = await this.repository.sortsOf(ids, tx);
      if (rows.length !== ids.length || rows.some((row) => row.category !== category)) throw fail('articleReorderMismatch');
      const slots = rows.map((row) => row.sort).sort((a, b) => a - b);
      // Equal places (articles never reordered) become distinct, so the new order holds.
      for (let index = 1; index < slots.length; index += 1) slots[index] = Math.max(slots[index]!, slots[index - 1]! + 1);
      for (const [index, id] of ids.entries()) await this.repository.setSort(id, slots[index]!, tx);
    });
  }

  async delete(id: number): Promise<void> {
    if (!(await this.repository.delete(id))) throw fail('articleNotFound');
  }

  private async found(id: number): Promise<ArticleRow> {
    const row = await this.repository.find(id);
    if (!row) throw fail('articleNotFound');
    return row;
  }

  private async changeState(id: number, change: (row: ArticleRow, now: Date) => ArticleChanges): Promise<AdminArticleDetail> {
    const now = this.now();
    const row = await this.database.db.transaction(async (tx) => {
      const current = await this.repository.lock(id, tx);
      if (!current) throw fail('articleNotFound');
      return this.repository.update(id, change(current, now), tx);
    });
    return toAdminArticleDetail(row, now);
  }

  /** The stored fields of a draft: the document checked, its HTML rendered and sanitised, its search grams. */
  private fieldsOf(draft: ArticleDraft) {
    const content = parseArticleDocument(draft.content);
    const coverKey = draft.coverUrl.trim() ? articleMediaKeyOf(draft.coverUrl) : '';
    if (coverKey === undefined || (coverKey && !coverKey.startsWith('articles/images/'))) throw fail('articleMediaUrlInvalid');
    const title = draft.title.trim();
    const summary = draft.summary.trim();
    const body = articlePlainText(content);
    return {
      title,
      summary,
      coverKey,
      category: draft.category,
      content,
      html: renderArticleHtml(content),
      searchGrams: searchGramsOf([title, summary, body].join(' ')),
      searchTitle: normalizeSearchText(title),
      searchText: normalizeSearchText([title, summary, body].join('\n')),
    };
  }
}

/** Published articles have a title and something to read. */
function requireComplete(row: ArticleRow): void {
  if (!row.title || !row.html.replace(/<p><\/p>/g, '').trim()) throw fail('articleIncomplete');
}
