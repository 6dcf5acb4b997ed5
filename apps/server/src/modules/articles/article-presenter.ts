import type { AdminArticle, AdminArticleDetail, ArticleCard, ArticleStatus } from '@spatia/contract';
import { fileUrl } from '../uploads/index.js';
import type { ArticleRow } from './articles.repository.js';

/** What the back office calls the article's state at `now`: a published article whose time is ahead is scheduled. */
export function statusOf(row: Pick<ArticleRow, 'state' | 'publishAt'>, now: Date): ArticleStatus {
  if (row.state !== 'published') return row.state;
  return row.publishAt && row.publishAt > now ? 'scheduled' : 'published';
}

export function toArticleCard(row: ArticleRow): ArticleCard {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    coverUrl: fileUrl(row.coverKey),
    category: row.category,
    publishedAt: row.publishAt?.getTime() ?? row.updatedAt.getTime(),
  };
}

export function toAdminArticle(row: ArticleRow, now: Date): AdminArticle {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    coverUrl: fileUrl(row.coverKey),
    category: row.category,
    status: statusOf(row, now),
    sort: row.sort,
    publishAt: row.publishAt?.getTime() ?? null,
    authorName: row.authorName,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

export function toAdminArticleDetail(row: ArticleRow, now: Date): AdminArticleDetail {
  return { ...toAdminArticle(row, now), content: row.content, html: row.html };
}
