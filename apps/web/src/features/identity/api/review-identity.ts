import type { IdentityApplicationItem, IdentityRecord, IdentityRecordStatus, Page } from '@spatia/contract';
import { request } from '../../../api/client';
import type { PageParams } from '../../../lib/page-params';
import { reviewDecisionRequests } from '../../../lib/review-decision-requests';
import { useLocalisedPageQuery } from '../../../lib/session-queries';
import { IDENTITY_QUERY_KEY, useIdentityChange } from './identity-kinds';

export interface IdentityQueueParams extends PageParams {
  status?: IdentityRecordStatus;
  identityId?: number;
}

const APPLICATIONS_URL = '/admin/identity/applications';

/** GET /admin/identity/applications: pending first (oldest first), then the decided ones. */
export function getIdentityApplications(params: IdentityQueueParams): Promise<Page<IdentityApplicationItem>> {
  return request<Page<IdentityApplicationItem>>({ url: APPLICATIONS_URL, params });
}

export function useIdentityApplications(params: IdentityQueueParams) {
  return useLocalisedPageQuery([...IDENTITY_QUERY_KEY, 'applications'], getIdentityApplications, params);
}

export const { approve: approveIdentityApplication, reject: rejectIdentityApplication } =
  reviewDecisionRequests<IdentityRecord>(APPLICATIONS_URL);

export const useApproveIdentityApplication = () => useIdentityChange(approveIdentityApplication);
export const useRejectIdentityApplication = () => useIdentityChange(rejectIdentityApplication);
