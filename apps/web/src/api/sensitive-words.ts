import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';

/** GET /sensitiveWordArray. Silent: the warning is a courtesy, the server checks again on save. */
export function getSensitiveWords(): Promise<string[]> {
  return api.get('/sensitiveWordArray', { silent: true });
}

/**
 * Kept a minute: a form opened later fetches it again, so a word the back office adds reaches the
 * warnings of pages already open (the server answers with `no-store`, and checks every save anyway).
 */
export const sensitiveWordsQueryOptions = queryOptions({
  queryKey: queryKeys.sensitiveWords,
  queryFn: getSensitiveWords,
  staleTime: 60_000,
  gcTime: Infinity,
});

export function useSensitiveWords(enabled = true) {
  return useQuery({ ...sensitiveWordsQueryOptions, enabled });
}
