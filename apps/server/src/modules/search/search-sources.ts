import type {
  ArticleSearchHit,
  Language,
  PersonSearchHit,
  SearchResultPage,
  SearchSourceKind,
  WorkSearchHit,
  WorkType,
} from '@spatia/contract';
import type { ArticlesService } from '../articles/index.js';
import type { PeopleService } from '../people/index.js';
import type { WorkSearchService } from '../works/index.js';
import { highlighted, snippet } from './search-highlight.js';

/** What every source is asked: the keyword as typed (trimmed, never empty), a page, the reader's language. */
export interface SourceQuery {
  keyword: string;
  /** Only works of this type (sources without types ignore it). */
  type?: WorkType;
  offset: number;
  /** 0: only the total. */
  limit: number;
  /** Counting stops here. */
  totalCap: number;
  language: Language;
}

/**
 * One kind of result of the site's search. Each answers only what a stranger may see, ranked, with the
 * keyword's matches marked in the texts it shows (docs/search.md "Sources").
 */
export interface SearchSource<K extends SearchSourceKind, Hit> {
  kind: K;
  search(query: SourceQuery): Promise<SearchResultPage<Hit>>;
}

/** Works anyone may see: the works module's ranked search over its gram index. */
export function worksSource(workSearch: WorkSearchService): SearchSource<'works', WorkSearchHit> {
  return {
    kind: 'works',
    async search(query) {
      const page = await workSearch.search(query);
      return {
        ...page,
        list: page.list.map(({ name, description, ...work }) => ({
          ...work,
          name: highlighted(name, query.keyword),
          snippet: snippet(description, query.keyword),
        })),
      };
    },
  };
}

/** People by the start of their name, with only what their homepage shows anyone. */
export function peopleSource(people: PeopleService): SearchSource<'people', PersonSearchHit> {
  return {
    kind: 'people',
    async search(query) {
      const page = await people.searchPublic(query);
      return { ...page, list: page.list.map((person) => ({ ...person, name: highlighted(person.name, query.keyword) })) };
    },
  };
}

/** Published articles: the articles module's search, their title and summary marked. */
export function articlesSource(articles: ArticlesService): SearchSource<'articles', ArticleSearchHit> {
  return {
    kind: 'articles',
    async search({ keyword, offset, limit, language }) {
      const page = await articles.search({ keyword, offset, limit, language });
      return {
        ...page,
        list: page.list.map(({ cover, title, summary, ...article }) => ({
          ...article,
          coverUrl: cover,
          title: highlighted(title, keyword),
          summary: snippet(summary, keyword),
        })),
      };
    },
  };
}
