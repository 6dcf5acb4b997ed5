import {
  SEARCH_ALL_PREVIEW,
  SEARCH_TOTAL_MAX,
  type ArticleSearchHit,
  type Language,
  type PersonSearchHit,
  type SearchAnswer,
  type SearchKind,
  type SearchResultPage,
  type SearchSourceKind,
  type WorkSearchHit,
  type WorkType,
} from '@spatia/contract';
import type { Cache } from '../../lib/cache.js';
import { fail } from '../../lib/app-error.js';
import type { SearchSource } from './search-sources.js';

/** The sources this site searches, in the order of their tabs. Works is always there; the others when built. */
export interface SearchSources {
  works: SearchSource<'works', WorkSearchHit>;
  people?: SearchSource<'people', PersonSearchHit>;
  articles?: SearchSource<'articles', ArticleSearchHit>;
}

export interface SearchRequest {
  keyword?: string;
  kind: SearchKind;
  type?: WorkType;
  pageNum: number;
  pageSize: number;
  language: Language;
}

/**
 * How long an answer is kept, for every visitor: they are all shown the same. A change of a work (published,
 * taken offline, into the recycle bin) or a person shows in the search within this time.
 */
export const SEARCH_PAGE_TTL_SECONDS = 10;

/** The site's search (docs/search.md): asks every source the same question and answers their pages and counts. */
export class SearchService {
  private readonly sources: SearchSource<SearchSourceKind, unknown>[];

  constructor(
    sources: SearchSources,
    private readonly cache: Cache,
  ) {
    this.sources = [sources.works, sources.people, sources.articles].filter((source) => source !== undefined);
  }

  async search(request: SearchRequest): Promise<SearchAnswer> {
    const keyword = request.keyword?.trim() ?? '';
    const { kind, pageNum, pageSize } = request;
    const offset = (pageNum - 1) * pageSize;
    if (kind !== 'all' && offset >= SEARCH_TOTAL_MAX) throw fail('searchTooDeep', { max: SEARCH_TOTAL_MAX });
    const key = `search:page:${JSON.stringify([keyword, kind, request.type ?? '', pageNum, pageSize, request.language])}`;
    const kept = await this.cache.get<SearchAnswer>(key);
    if (kept) return kept;

    const answer: SearchAnswer = { keyword, kind, pageNum, pageSize, counts: [] };
    const pages = await Promise.all(
      this.sources.map(async (source): Promise<SearchResultPage<unknown>> => {
        if (keyword === '') return { list: [], total: 0, totalCapped: false };
        const shown = kind === 'all' || kind === source.kind;
        return source.search({
          keyword,
          type: request.type,
          offset: kind === 'all' || !shown ? 0 : offset,
          limit: !shown ? 0 : kind === 'all' ? Math.min(SEARCH_ALL_PREVIEW, pageSize) : Math.min(pageSize, SEARCH_TOTAL_MAX - offset),
          totalCap: SEARCH_TOTAL_MAX,
          language: request.language,
        });
      }),
    );
    this.sources.forEach((source, index) => {
      const page = pages[index]!;
      answer.counts.push({ kind: source.kind, total: page.total, totalCapped: page.totalCapped });
      if (kind === 'all' || kind === source.kind) setPage(answer, source.kind, page);
    });
    await this.cache.set(key, answer, SEARCH_PAGE_TTL_SECONDS);
    return answer;
  }
}

function setPage(answer: SearchAnswer, kind: SearchSourceKind, page: SearchResultPage<unknown>): void {
  switch (kind) {
    case 'works':
      answer.works = page as SearchResultPage<WorkSearchHit>;
      break;
    case 'people':
      answer.people = page as SearchResultPage<PersonSearchHit>;
      break;
    case 'articles':
      answer.articles = page as SearchResultPage<ArticleSearchHit>;
      break;
  }
}
