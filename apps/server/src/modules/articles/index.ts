import { defineModule } from '../../kernel/module.js';
import { SITEMAP_ENTRIES_PER_SOURCE } from '../seo/index.js';
import { describeArticlePage } from './article-page-meta.js';
import { ArticleMedia } from './article-media.js';
import { articlesAdminRoutes } from './articles-admin.routes.js';
import { ArticlesAdminService } from './articles-admin.service.js';
import { ArticlesRepository } from './articles.repository.js';
import { articlesRoutes } from './articles.routes.js';
import { ArticlesService } from './articles.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    articles: {
      /** Published articles: the lists of /guide, one article with related ones, the search (docs/articles.md). */
      articles: ArticlesService;
      /** The back office's editor: drafts, publishing, schedules, order. */
      articlesAdmin: ArticlesAdminService;
    };
  }
}

export default defineModule({
  name: 'articles',
  needs: [],
  build: ({ database }) => {
    const repository = new ArticlesRepository(database.db);
    return { articles: new ArticlesService(repository), articlesAdmin: new ArticlesAdminService(database, repository) };
  },
  routes: async (app, { articles, articlesAdmin, storage }) => {
    await app.register(articlesRoutes, { articles });
    await app.register(articlesAdminRoutes, { admin: articlesAdmin, media: new ArticleMedia(storage) });
  },
  contributes: ({ articles, config }) => ({
    'pages.describe': describeArticlePage(articles, config.publicUrl),
    'pages.sitemap': () => articles.listPublicPages(SITEMAP_ENTRIES_PER_SOURCE),
  }),
});

// The public surface of the module: what other modules use (the search module's articles source).
export {
  ARTICLE_CATEGORY_NAMES,
  type ArticleSearchHit,
  type ArticleSearchPage,
  type ArticleSearchQuery,
  type ArticlesService,
} from './articles.service.js';
