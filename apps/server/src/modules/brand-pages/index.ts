import { defineModule } from '../../kernel/module.js';
import { describeBrandPage } from './brand-page-meta.js';
import { BrandPagesRepository } from './brand-pages.repository.js';
import { brandPagesRoutes } from './brand-pages.routes.js';
import { BrandPagesService } from './brand-pages.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    'brand-pages': {
      /** Showcases and landing pages of permission 42, and their leads (docs/brand-pages.md). */
      brandPages: BrandPagesService;
    };
  }
}

export default defineModule({
  name: 'brand-pages',
  needs: ['works', 'sensitive-words', 'notifications', 'uploads'],
  build: ({ database, works, sensitiveWords, notifications, storage, rateLimiter }) => ({
    brandPages: new BrandPagesService({
      repository: new BrandPagesRepository(database.db),
      works,
      sensitiveWords,
      notifications,
      storage,
      rateLimiter,
    }),
  }),
  routes: (app, { brandPages }) => app.register(brandPagesRoutes, { brandPages }),
  contributes: ({ brandPages, config }) => ({ 'pages.describe': describeBrandPage(brandPages, config.publicUrl) }),
});

// The public surface of the module: what other modules use.
export { type BrandPagesService } from './brand-pages.service.js';
