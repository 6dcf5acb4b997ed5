import { useQuery } from '@tanstack/react-query';
import type {
  AdminMembershipApplication,
  AdminMembershipVersion,
  AdminMembershipVersionInput,
  MembershipApplicationStatus,
  Page,
  PermissionGroupNode,
} from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/client';
import type { PageParams } from '../../../lib/page-params';
import { reviewDecisionRequests } from '../../../lib/review-decision-requests';
import { sessionQueryOptions, useLocalisedPageQuery } from '../../../lib/session-queries';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { ADMIN_MEMBERSHIP_QUERY_KEY as ADMIN_KEY, MEMBERSHIP_QUERY_KEY } from './versions';

export function getAdminVersions(): Promise<AdminMembershipVersion[]> {
  return request<AdminMembershipVersion[]>({ url: '/admin/membership/versions' });
}

export function useAdminVersions() {
  return useQuery(sessionQueryOptions([...ADMIN_KEY, 'versions'], getAdminVersions));
}

/** Create (no id) or change a version. */
export function saveVersion({ id, input }: { id?: number; input: AdminMembershipVersionInput }): Promise<AdminMembershipVersion> {
  return id === undefined
    ? request<AdminMembershipVersion>({ url: '/admin/membership/versions', method: 'POST', data: input })
    : request<AdminMembershipVersion>({ url: `/admin/membership/versions/${id}`, method: 'PUT', data: input });
}

/** Refused (409) while anyone holds it or waits for it; hidden when history names it, deleted otherwise. */
export function removeVersion(id: number): Promise<{ outcome: 'deleted' | 'hidden' }> {
  return request<{ outcome: 'deleted' | 'hidden' }>({ url: `/admin/membership/versions/${id}`, method: 'DELETE' });
}

function useMembershipMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  // Versions, applications and the public lists all change together.
  return useRefreshingMutation(mutationFn, [MEMBERSHIP_QUERY_KEY]);
}

export const useSaveVersion = () => useMembershipMutation(saveVersion);
export const useRemoveVersion = () => useMembershipMutation(removeVersion);

/** GET /open/permissions/catalogue: the groups a version can grant, in the caller's language. */
export function getPermissionCatalogue(): Promise<PermissionGroupNode[]> {
  return request<PermissionGroupNode[]>({ url: '/open/permissions/catalogue' });
}

export function usePermissionCatalogue() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['permissionCatalogue', i18n.language], queryFn: getPermissionCatalogue, staleTime: 5 * 60_000 });
}

export interface ApplicationQueueParams extends PageParams {
  status?: MembershipApplicationStatus;
}

const APPLICATIONS_URL = '/admin/membership/applications';

export function getAdminApplications({ status, pageNum, pageSize }: ApplicationQueueParams): Promise<Page<AdminMembershipApplication>> {
  return request<Page<AdminMembershipApplication>>({ url: APPLICATIONS_URL, params: { status, pageNum, pageSize } });
}

export function useAdminApplications(params: ApplicationQueueParams) {
  return useLocalisedPageQuery([...ADMIN_KEY, 'applications'], getAdminApplications, params);
}

export const { approve: approveApplication, reject: rejectApplication } = reviewDecisionRequests<
  { membershipId: number; endsAt: number },
  null
>(APPLICATIONS_URL);

export const useApproveApplication = () => useMembershipMutation(approveApplication);
export const useRejectApplication = () => useMembershipMutation(rejectApplication);
