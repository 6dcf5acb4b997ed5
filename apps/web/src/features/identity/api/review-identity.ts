import type { IdentityApplicationItem, IdentityRecord, IdentityRecordStatus, Page } from '@spatia/contract';
import { api } from '../../../api/client';
import type { PageParams } from '../../../lib/page-params';
import type { Rejection } from '../../../components/review-decisions';
import { useLocalisedPageQuery } from '../../../lib/session-queries';
import { useIdentityChange } from './identity-kinds';
import { queryKeys } from '../../../api/query-keys';

export interface IdentityQueueParams extends PageParams {
  status?: IdentityRecordStatus;
  identityId?: number;
}

/** GET /admin/identity/applications: pending first (oldest first), then the decided ones. */
export function getIdentityApplications(params: IdentityQueueParams): Promise<Page<IdentityApplicationItem>> {
  return api.get('/admin/identity/applications', { params: { query: params } });
}

export function useIdentityApplications(params: IdentityQueueParams) {
  return useLocalisedPageQuery(queryKeys.identity.applications(), getIdentityApplications, params);
}

/** POST /admin/identity/applications/{id}/approve: the record, approved. */
export function approveIdentityApplication(id: number): Promise<IdentityRecord> {
  return api.post('/admin/identity/applications/{id}/approve', { params: { path: { id } } });
}

/** POST /admin/identity/applications/{id}/reject with the reason: the record, rejected. */
export function rejectIdentityApplication({ id, reason }: Rejection): Promise<IdentityRecord> {
  return api.post('/admin/identity/applications/{id}/reject', { params: { path: { id } }, body: { reason } });
}

export const useApproveIdentityApplication = () => useIdentityChange(approveIdentityApplication);
export const useRejectIdentityApplication = () => useIdentityChange(rejectIdentityApplication);
