import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language, MembershipVersionDetail, MembershipVersionItem } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/client';

/** Every membership query starts with this key, so one invalidation refreshes lists, details and "mine". */
export const MEMBERSHIP_QUERY_KEY = ['membership'] as const;
/** The back office's lists (versions with their pending counts, the review queue). */
export const ADMIN_MEMBERSHIP_QUERY_KEY = [...MEMBERSHIP_QUERY_KEY, 'admin'] as const;
/** What applying or withdrawing changes: my membership and applications, and the back office's lists. */
export const APPLICATION_QUERY_KEYS = [[...MEMBERSHIP_QUERY_KEY, 'mine'], ADMIN_MEMBERSHIP_QUERY_KEY] as const;

/** GET /membership/versions: the versions on offer, in order, named in the caller's language. */
export function getMembershipVersions(): Promise<MembershipVersionItem[]> {
  return request<MembershipVersionItem[]>({ url: '/membership/versions' });
}

/** GET /membership/versions/{id}: price tags, permission groups, monthly price (fen) and trial days. */
export function getMembershipVersion(id: number): Promise<MembershipVersionDetail> {
  return request<MembershipVersionDetail>({ url: `/membership/versions/${id}` });
}

// The server answers in the language of the `language` cookie: the language is part of each key.
export function membershipVersionsQueryOptions(language: Language) {
  return queryOptions({
    queryKey: [...MEMBERSHIP_QUERY_KEY, 'versions', language],
    queryFn: getMembershipVersions,
    staleTime: 60_000,
  });
}

export function membershipVersionQueryOptions(id: number, language: Language) {
  return queryOptions({
    queryKey: [...MEMBERSHIP_QUERY_KEY, 'version', id, language],
    queryFn: () => getMembershipVersion(id),
    staleTime: 60_000,
  });
}

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh';
}

export function useMembershipVersions() {
  return useQuery(membershipVersionsQueryOptions(useLanguage()));
}

export function useMembershipVersion(id: number | undefined) {
  const language = useLanguage();
  return useQuery({ ...membershipVersionQueryOptions(id ?? 0, language), enabled: id !== undefined && id > 0 });
}
