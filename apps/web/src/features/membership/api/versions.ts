import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { Language, MembershipVersionDetail, MembershipVersionItem } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** What applying or withdrawing changes: my membership and applications, and the back office's lists. */
export const APPLICATION_QUERY_KEYS = [queryKeys.membership.mine(), queryKeys.membership.admin()];

/** GET /membership/versions: the versions on offer, in order, named in the caller's language. */
export function getMembershipVersions(): Promise<MembershipVersionItem[]> {
  return api.get('/membership/versions');
}

/** GET /membership/versions/{id}: price tags, permission groups, monthly price (fen) and trial days. */
export function getMembershipVersion(id: number): Promise<MembershipVersionDetail> {
  return api.get('/membership/versions/{id}', { params: { path: { id } } });
}

// The server answers in the language of the `language` cookie: the language is part of each key.
export function membershipVersionsQueryOptions(language: Language) {
  return queryOptions({
    queryKey: queryKeys.membership.versions(language),
    queryFn: getMembershipVersions,
    staleTime: 60_000,
  });
}

export function membershipVersionQueryOptions(id: number, language: Language) {
  return queryOptions({
    queryKey: queryKeys.membership.version(id, language),
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

/** Every version on offer with its details (price, trial, tags), in order: the comparison on /product#versions. */
export function useMembershipVersionDetails() {
  const language = useLanguage();
  const versions = useQuery(membershipVersionsQueryOptions(language));
  const details = useQueries({ queries: (versions.data ?? []).map((item) => membershipVersionQueryOptions(item.id, language)) });
  return {
    isPending: versions.isPending || details.some((detail) => detail.isPending),
    isError: versions.isError || details.some((detail) => detail.isError),
    data: details.flatMap((detail) => (detail.data ? [detail.data] : [])),
  };
}
