import { defineModule } from '../../kernel/module.js';
import { articlesSource, peopleSource, worksSource } from './search-sources.js';
import { searchRoutes } from './search.routes.js';
import { SearchService } from './search.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    search: {
      /** The site's search over works, people and articles (docs/search.md). */
      search: SearchService;
    };
  }
}

export default defineModule({
  name: 'search',
  needs: ['works', 'people', 'articles'],
  build: ({ workSearch, people, articles, cache }) => ({
    search: new SearchService({ works: worksSource(workSearch), people: peopleSource(people), articles: articlesSource(articles) }, cache),
  }),
  routes: (app, { search }) => app.register(searchRoutes, { search }),
});
