import {
  ARTICLE_RELATED_COUNT,
  type ArticleCard,
  type ArticleCategory,
  type ArticleDetail,
  type Language,
  type Page,
} from '@spatia/contract';
import { fileUrl } from '../uploads/index.js';
import { fail } from '../../lib/app-error.js';
import { keywordGrams, normalizeSearchText } from '../works/index.js';
import { toArticleCard } from './article-presenter.js';
import type { ArticleRow, ArticlesRepository } from './articles.repository.js';

/** The search module's question (/work/coord/search.contract): words of the title, summary or body, Chinese of one or two characters too. */
export interface ArticleSearchQuery {
  /** What the visitor typed, trimmed; words apart by spaces must each occur. */
  keyword: string;
  /** 0-based. */
  offset: number;
  /** 0: only the total. */
  limit: number;
  /** The language of the category names. */
  language: Language;
  category?: ArticleCategory;
}

/** One found article, as plain text (the search module highlights it itself). */
export interface ArticleSearchHit {
  id: number;
  title: string;
  /** At most SEARCH_SUMMARY_MAX characters, no HTML; '' when none. */
  summary: string;
  /** `/files/…`, '' when none. */
  cover: string;
  category: { key: ArticleCategory; name: string };
  publishedAt: number;
}

export interface ArticleSearchPage {
  list: ArticleSearchHit[];
  total: number;
  /** Always false: every match is counted. */
  totalCapped: boolean;
}

const SEARCH_SUMMARY_MAX = 200;

/** The categories' names, for answers that carry text rather than keys (search). */
export const ARTICLE_CATEGORY_NAMES: Record<ArticleCategory, Record<Language, string>> = {
  courseGuide: { zh: '课程指南', en: 'Course guide' },
  news: { zh: '新闻动态', en: 'News' },
  cases: { zh: '客户案例', en: 'Cases' },
};

/** The articles anyone reads: the lists by category, one article with its related ones, and the search. */
export class ArticlesService {
  constructor(
    private readonly repository: ArticlesRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(category: ArticleCategory | undefined, pageNum: number, pageSize: number): Promise<Page<ArticleCard>> {
    const { rows, total } = await this.repository.publicPage(category, this.now(), { limit: pageSize, offset: (pageNum - 1) * pageSize });
    return { list: rows.map(toArticleCard), total, pageNum, pageSize };
  }

  async detail(id: number): Promise<ArticleDetail> {
    const now = this.now();
    const row = await this.repository.findVisible(id, now);
    if (!row) throw fail('articleNotFound');
    const related = await this.repository.related(row, now, ARTICLE_RELATED_COUNT);
    return {
      ...toArticleCard(row),
      html: row.html,
      authorName: row.authorName,
      updatedAt: row.updatedAt.getTime(),
      related: related.map(toArticleCard),
    };
  }

  /** A visible article, for its page's link preview; undefined for drafts, scheduled, unpublished and unknown ids. */
  findVisible(id: number): Promise<ArticleRow | undefined> {
    return this.repository.findVisible(id, this.now());
  }

  /**
   * Published articles whose title, summary or body holds the keyword, those with it in the title
   * first, then the newest (docs/articles.md, "Search"). A keyword with no searchable character finds nothing.
   */
  async search(query: ArticleSearchQuery): Promise<ArticleSearchPage> {
    const words = normalizeSearchText(query.keyword).split(' ').filter(Boolean);
    const grams = keywordGrams(query.keyword);
    if (words.length === 0 || grams.length === 0) return { list: [], total: 0, totalCapped: false };
    const { rows, total } = await this.repository.search({ grams, words, category: query.category }, this.now(), {
      limit: query.limit,
      offset: query.offset,
    });
    const list = rows.map((row) => ({
      id: row.id,
      title: row.title,
      summary: [...row.summary].slice(0, SEARCH_SUMMARY_MAX).join(''),
      cover: fileUrl(row.coverKey),
      category: { key: row.category, name: ARTICLE_CATEGORY_NAMES[row.category][query.language] },
      publishedAt: row.publishAt!.getTime(),
    }));
    return { list, total, totalCapped: false };
  }

  /** Every published article's page and its last change (for the sitemap). */
  async listPublicPages(limit: number): Promise<{ path: string; updatedAt: number }[]> {
    const rows = await this.repository.visibleIds(this.now(), limit);
    return rows.map((row) => ({ path: `/articleDetails/${row.id}`, updatedAt: row.updatedAt.getTime() }));
  }
}
