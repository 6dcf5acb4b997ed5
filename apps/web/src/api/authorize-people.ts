import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuthorizeCandidate } from '@spatia/contract';
import { api } from './client';
import { queryKeys } from './query-keys';

/**
 * GET /c/availableAuthorizePersonList/search?q=: the people one may hand works to, mutual follows and team
 * members first. Used by the works' distribute and sell dialogs (outside the people feature, since a feature
 * does not import another). Silent: the picker simply offers nothing when it fails, and typing still works.
 */
export function searchAuthorizePeople(q: string): Promise<AuthorizeCandidate[]> {
  return api.get('/c/availableAuthorizePersonList/search', { params: { query: { q } }, silent: true });
}

export function useAuthorizePeople(q: string) {
  return useQuery({
    queryKey: queryKeys.people.authorizeSearch(q),
    queryFn: () => searchAuthorizePeople(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
    meta: { session: true },
  });
}
