import { SEARCH_KEYWORD_MAX, SEARCH_KINDS, WORK_TYPES, type SearchKind, type WorkType } from '@spatia/contract';

/**
 * What /search shows, as the address holds it (`/search?q=湖景&kind=works&type=model3d&page=2`), so a reload
 * or a shared link shows the same results.
 */
export interface SearchQuery {
  keyword: string;
  kind: SearchKind;
  type: WorkType | undefined;
  page: number;
}

const isKind = (value: string | null): value is SearchKind => SEARCH_KINDS.includes(value as SearchKind);
const isWorkType = (value: string | null): value is WorkType => WORK_TYPES.includes(value as WorkType);

/** The query an address holds; what it does not hold, or holds wrongly, is the default. */
export function readSearchQuery(params: URLSearchParams): SearchQuery {
  const kind = params.get('kind');
  const type = params.get('type');
  const page = Number(params.get('page'));
  return {
    keyword: (params.get('q') ?? '').trim().slice(0, SEARCH_KEYWORD_MAX),
    kind: isKind(kind) ? kind : 'all',
    type: isWorkType(type) ? type : undefined,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of a query: only what differs from the default, in a stable order. */
export function writeSearchQuery(query: SearchQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.keyword) params.set('q', query.keyword);
  if (query.kind !== 'all') params.set('kind', query.kind);
  if (query.type) params.set('type', query.type);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** A change of keyword, kind or type starts from the first page. */
export function changeSearchQuery(query: SearchQuery, change: Partial<SearchQuery>): SearchQuery {
  const next = { ...query, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}
