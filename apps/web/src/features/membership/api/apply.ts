import type { MembershipApplicationExtras } from '@spatia/contract';
import { api } from '../../../api/client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { APPLICATION_QUERY_KEYS } from './versions';

export interface MembershipApplicationInput extends MembershipApplicationExtras {
  versionId: number;
}

/**
 * POST /c/membership/apply with the version id and the spec's serialised object (`jsonExtras`). The
 * first licence image is also sent as `cover`, the spec's name for the url the upload answered.
 */
export function applyForMembership({ versionId, ...extras }: MembershipApplicationInput): Promise<{ id: number }> {
  const jsonExtras = JSON.stringify({ ...extras, cover: extras.licenceImages[0] ?? '' });
  return api.post('/c/membership/apply', { body: { versionId, jsonExtras } });
}

/** Refreshes my membership and applications (the page marks the version applied for) and the back office's lists. */
export function useApplyForMembership() {
  return useRefreshingMutation(applyForMembership, APPLICATION_QUERY_KEYS);
}
