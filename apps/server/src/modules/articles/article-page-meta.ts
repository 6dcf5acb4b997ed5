import type { FastifyRequest } from 'fastify';
import { requestOrigin } from '../../lib/request-info.js';
import type { PageMeta } from '../../plugins/web-app.js';
import { pageTitle } from '../seo/index.js';
import { fileUrl } from '../uploads/index.js';
import type { ArticlesService } from './articles.service.js';

const ARTICLE_PATH = /^\/articleDetails\/([1-9][0-9]{0,15})\/?(?:\?|$)/;

/**
 * The link preview of an article's page (`pages.describe`): its title, summary and cover. Only published
 * articles get one; for any other the page keeps the site's own title, so a draft never leaks.
 */
export function describeArticlePage(articles: ArticlesService, publicUrl: string | undefined) {
  return async (request: FastifyRequest): Promise<PageMeta | undefined> => {
    const id = ARTICLE_PATH.exec(request.url)?.[1];
    if (!id || !Number.isSafeInteger(Number(id))) return undefined;
    const article = await articles.findVisible(Number(id));
    if (!article) return undefined;
    const origin = requestOrigin(request, publicUrl);
    return {
      title: pageTitle(article.title, request.language),
      description: article.summary || article.title,
      imageUrl: article.coverKey ? origin + fileUrl(article.coverKey) : '',
      url: `${origin}/articleDetails/${article.id}`,
    };
  };
}
