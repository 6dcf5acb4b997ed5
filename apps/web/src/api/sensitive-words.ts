import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';

/** GET /sensitiveWordArray. Silent: the warning is a courtesy, the server checks again on save. */
export function getSensitiveWords(): Promise<string[]> {
  return request<string[]>({ url: '/sensitiveWordArray', silent: true });
}

/** Fetched once per page life; the list changes rarely. */
export const sensitiveWordsQueryOptions = queryOptions({
  queryKey: ['sensitiveWords'],
  queryFn: getSensitiveWords,
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useSensitiveWords(enabled = true) {
  return useQuery({ ...sensitiveWordsQueryOptions, enabled });
}
