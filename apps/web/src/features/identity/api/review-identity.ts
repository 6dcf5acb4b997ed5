import type { IdentityApplicationItem, IdentityRecord, IdentityRecordStatus, Page } from '@spatia/contract';
import { api } from '../../../api/client';
import type { PageParams } from '../../../lib/page-params';
import { reviewDecisionRequests } from '../../../lib/review-decision-requests';
import { useLocalisedPageQuery } from '../../../lib/session-queries';
import { useIdentityChange } from './identity-kinds';
import { queryKeys } from '../../../api/query-keys';

export interface IdentityQueueParams extends PageParams {
  status?: IdentityRecordStatus;
  identityId?: number;
}

const APPLICATIONS_URL = '/admin/identity/applications';

/** GET /admin/identity/applications: pending first (oldest first), then the decided ones. */
export function getIdentityApplications(params: IdentityQueueParams): Promise<Page<IdentityApplicationItem>> {
  return api.get('/admin/identity/applications', { params: { query: params } });
}

export function useIdentityApplications(params: IdentityQueueParams) {
  return useLocalisedPageQuery(queryKeys.identity.applications(), getIdentityApplications, params);
}

export const { approve: approveIdentityApplication, reject: rejectIdentityApplication } =
  reviewDecisionRequests<IdentityRecord>(APPLICATIONS_URL);

export const useApproveIdentityApplication = () => useIdentityChange(approveIdentityApplication);
export const useRejectIdentityApplication = () => useIdentityChange(rejectIdentityApplication);
