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
import { api } from '../../../api/client';
import type { PageParams } from '../../../lib/page-params';
import type { Rejection } from '../../../components/review-decisions';
import { sessionQueryOptions, useLocalisedPageQuery } from '../../../lib/session-queries';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { queryKeys } from '../../../api/query-keys';

export function getAdminVersions(): Promise<AdminMembershipVersion[]> {
  return api.get('/admin/membership/versions');
}

export function useAdminVersions() {
  return useQuery(sessionQueryOptions([...queryKeys.membership.admin(), 'versions'], getAdminVersions));
}

/** Create (no id) or change a version. */
export function saveVersion({ id, input }: { id?: number; input: AdminMembershipVersionInput }): Promise<AdminMembershipVersion> {
  return id === undefined
    ? api.post('/admin/membership/versions', { body: input })
    : api.put('/admin/membership/versions/{id}', { params: { path: { id } }, body: input });
}

/** Refused (409) while anyone holds it or waits for it; hidden when history names it, deleted otherwise. */
export function removeVersion(id: number): Promise<{ outcome: 'deleted' | 'hidden' }> {
  return api.delete('/admin/membership/versions/{id}', { params: { path: { id } } });
}

function useMembershipMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  // Versions, applications and the public lists all change together.
  return useRefreshingMutation(mutationFn, [queryKeys.membership.all]);
}

export const useSaveVersion = () => useMembershipMutation(saveVersion);
export const useRemoveVersion = () => useMembershipMutation(removeVersion);

/** GET /open/permissions/catalogue: the groups a version can grant, in the caller's language. */
export function getPermissionCatalogue(): Promise<PermissionGroupNode[]> {
  return api.get('/open/permissions/catalogue');
}

export function usePermissionCatalogue() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: queryKeys.permissionCatalogue(i18n.language), queryFn: getPermissionCatalogue, staleTime: 5 * 60_000 });
}

export interface ApplicationQueueParams extends PageParams {
  status?: MembershipApplicationStatus;
}

export function getAdminApplications({ status, pageNum, pageSize }: ApplicationQueueParams): Promise<Page<AdminMembershipApplication>> {
  return api.get('/admin/membership/applications', { params: { query: { status, pageNum, pageSize } } });
}

export function useAdminApplications(params: ApplicationQueueParams) {
  return useLocalisedPageQuery([...queryKeys.membership.admin(), 'applications'], getAdminApplications, params);
}

/** POST /admin/membership/applications/{id}/approve: the membership it starts. */
export function approveApplication(id: number): Promise<{ membershipId: number; endsAt: number }> {
  return api.post('/admin/membership/applications/{id}/approve', { params: { path: { id } } });
}

/** POST /admin/membership/applications/{id}/reject with the reason. */
export function rejectApplication({ id, reason }: Rejection): Promise<null> {
  return api.post('/admin/membership/applications/{id}/reject', { params: { path: { id } }, body: { reason } });
}

export const useApproveApplication = () => useMembershipMutation(approveApplication);
export const useRejectApplication = () => useMembershipMutation(rejectApplication);
