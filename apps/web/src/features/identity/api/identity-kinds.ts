import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_IDENTITY_IDS, type IdentityKindDetail, type IdentityRecord } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { queryKeys } from '../../../api/query-keys';

/** Everything identity-related is cached under this key (kinds with my records, the review queue). */

/** GET /authIdentity/{ids}/details: the kinds in the order given, each with my latest record (null: none). */
export function getIdentityDetails(ids: readonly number[]): Promise<IdentityKindDetail[]> {
  return api.get('/authIdentity/{ids}/details', { params: { path: { ids: ids.join(',') } } });
}

/** The spec's default kinds (spec 9), named in the current language, with my records. */
export function useIdentityKinds(ids: readonly number[] = DEFAULT_IDENTITY_IDS) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: queryKeys.identity.kinds(ids.join(','), i18n.language),
    queryFn: () => getIdentityDetails(ids),
    placeholderData: keepPreviousData,
    meta: { session: true },
  });
}

/**
 * A change of a record (applying, withdrawing, an admin's decision). Everything identity-related is
 * refetched afterwards, also after a failure: "already applied" or "already decided" mean it was stale.
 */
export function useIdentityChange<Input>(mutationFn: (input: Input) => Promise<IdentityRecord>) {
  return useRefreshingMutation(mutationFn, [queryKeys.identity.all]);
}
