import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_ALL_PREVIEW, type SearchAnswer } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import type { SearchQuery } from '../lib/search-query';

export const SEARCH_PAGE_SIZE = 12;

/** GET /open/search: the page of the kind asked for (a few of each for all), and every kind's count. */
export function search(query: SearchQuery): Promise<SearchAnswer> {
  return api.get('/open/search', {
    params: {
      query: {
        keyword: query.keyword,
        kind: query.kind,
        ...(query.type ? { type: query.type } : {}),
        pageNum: query.kind === 'all' ? 1 : query.page,
        pageSize: query.kind === 'all' ? SEARCH_ALL_PREVIEW : SEARCH_PAGE_SIZE,
      },
    },
  });
}

export function useSearch(query: SearchQuery) {
  const { i18n } = useTranslation();
  return useQuery({
    // Identity badges are named in the reader's language.
    queryKey: queryKeys.search.results(query, i18n.language),
    queryFn: () => search(query),
    enabled: query.keyword !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}
