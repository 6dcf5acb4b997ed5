import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language, MyMembership } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { APPLICATION_QUERY_KEYS, MEMBERSHIP_QUERY_KEY } from './versions';

/** GET /c/membership: my latest membership (any state) and my applications, newest first. */
export function getMyMembership(): Promise<MyMembership> {
  return request<MyMembership>({ url: '/c/membership' });
}

export function myMembershipQueryOptions(language: Language) {
  return queryOptions({
    queryKey: [...MEMBERSHIP_QUERY_KEY, 'mine', language],
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
  return request<null>({ url: `/c/membership/applications/${id}/withdraw`, method: 'POST' });
}

/** Refreshes what applying refreshes. */
export function useWithdrawApplication() {
  return useRefreshingMutation(withdrawApplication, APPLICATION_QUERY_KEYS);
}
