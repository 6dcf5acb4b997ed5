import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { IdentityApplicationItem, IdentityRecord, IdentityRecordStatus, Page } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/client';
import { IDENTITY_QUERY_KEY, useIdentityChange } from './identity-kinds';

export interface IdentityQueueParams {
  status?: IdentityRecordStatus;
  identityId?: number;
  pageNum: number;
  pageSize: number;
}

/** GET /admin/identity/applications: pending first (oldest first), then the decided ones. */
export function getIdentityApplications(params: IdentityQueueParams): Promise<Page<IdentityApplicationItem>> {
  return request<Page<IdentityApplicationItem>>({ url: '/admin/identity/applications', params });
}

export function useIdentityApplications(params: IdentityQueueParams) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...IDENTITY_QUERY_KEY, 'applications', params, i18n.language],
    queryFn: () => getIdentityApplications(params),
    placeholderData: keepPreviousData,
    meta: { session: true },
  });
}

export function approveIdentityApplication(id: number): Promise<IdentityRecord> {
  return request<IdentityRecord>({ url: `/admin/identity/applications/${id}/approve`, method: 'POST' });
}

export function rejectIdentityApplication({ id, reason }: { id: number; reason: string }): Promise<IdentityRecord> {
  return request<IdentityRecord>({ url: `/admin/identity/applications/${id}/reject`, method: 'POST', data: { reason } });
}

export const useApproveIdentityApplication = () => useIdentityChange(approveIdentityApplication);
export const useRejectIdentityApplication = () => useIdentityChange(rejectIdentityApplication);
