import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './client';

/** GET /sensitiveWordArray. Silent: the warning is a courtesy, the server checks again on save. */
export function getSensitiveWords(): Promise<string[]> {
  return request<string[]>({ url: '/sensitiveWordArray', silent: true });
}

/**
 * Kept a minute: a form opened later fetches it again, so a word the back office adds reaches the
 * warnings of pages already open (the server answers with `no-store`, and checks every save anyway).
 */
export const sensitiveWordsQueryOptions = queryOptions({
  queryKey: ['sensitiveWords'],
  queryFn: getSensitiveWords,
  staleTime: 60_000,
  gcTime: Infinity,
});

export function useSensitiveWords(enabled = true) {
  return useQuery({ ...sensitiveWordsQueryOptions, enabled });
}
