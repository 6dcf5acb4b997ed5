import type { FastifyRequest } from 'fastify';
import { defineModule } from '../../kernel/module.js';
import type { PageMeta } from '../../plugins/web-app.js';
import type { SitemapEntry } from './site-map.js';
import { seoRoutes } from './seo.routes.js';
import { SeoService } from './seo.service.js';

export { SITEMAP_ENTRIES_PER_SOURCE, type SitemapEntry } from './site-map.js';
export { pageTitle } from './static-pages.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    seo: { seo: SeoService };
  }
}

declare module '../../kernel/hooks.js' {
  interface SharedHookMap {
    /** The title, description and image a shared link of one of the module's pages shows; undefined for pages not its own. */
    'pages.describe': (request: FastifyRequest) => Promise<PageMeta | undefined>;
    /** The module's public pages for sitemap.xml (at most `SITEMAP_ENTRIES_PER_SOURCE`, newest first). */
    'pages.sitemap': () => Promise<readonly SitemapEntry[]>;
  }
}

/** What search engines and link previews see: page previews, the crawler summary, sitemap.xml and robots.txt (docs/seo.md). */
export default defineModule({
  name: 'seo',
  needs: [],
  build: ({ hooks, config, logger }) => ({
    seo: new SeoService({
      describers: () => hooks.all('pages.describe'),
      sitemapSources: () => hooks.all('pages.sitemap'),
      publicUrl: config.publicUrl,
      logger,
    }),
  }),
  routes: (app, { seo }) => app.register(seoRoutes, { seo }),
});
