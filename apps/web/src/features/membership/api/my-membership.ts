import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language, MyMembership } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { APPLICATION_QUERY_KEYS } from './versions';
import { queryKeys } from '../../../api/query-keys';

/** GET /c/membership: my latest membership (any state) and my applications, newest first. */
export function getMyMembership(): Promise<MyMembership> {
  return api.get('/c/membership');
}

export function myMembershipQueryOptions(language: Language) {
  return queryOptions({
    queryKey: [...queryKeys.membership.mine(), language],
    queryFn: getMyMembership,
    meta: { session: true },
  });
}

export function useMyMembership() {
  const { i18n } = useTranslation();
  return useQuery(myMembershipQueryOptions(i18n.language === 'en' ? 'en' : 'zh'));
}

/** POST /c/membership/applications/{id}/withdraw: only while it waits for review. */
export function withdrawApplication(id: number): Promise<null> {
  return api.post('/c/membership/applications/{id}/withdraw', { params: { path: { id } } });
}

/** Refreshes what applying refreshes. */
export function useWithdrawApplication() {
  return useRefreshingMutation(withdrawApplication, APPLICATION_QUERY_KEYS);
}
