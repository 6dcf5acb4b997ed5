import { useQuery } from '@tanstack/react-query';
import type {
  MySigning,
  Page,
  SignedProviderItem,
  SignedProviderStatus,
  SigningApplicationItem,
  SigningApplicationStatus,
  SigningApplyRequest,
  SigningAreasRequest,
  WorkSummary,
} from '@spatia/contract';
import { api } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import { queryKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../lib/page-params';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/** A decision on signing changes who sees which open orders too. */
const REFRESHES = [queryKeys.signing.all, queryKeys.serviceOrders.all, queryKeys.notifications.all];

/** GET /c/signing: my latest application and whether I am signed now. */
export function useMySigning() {
  return useQuery({
    queryKey: queryKeys.signing.mine(),
    queryFn: (): Promise<MySigning> => api.get('/c/signing'),
    meta: { session: true },
  });
}

export function useApplyForSigning() {
  return useRefreshingMutation(
    (body: SigningApplyRequest): Promise<SigningApplicationItem> => api.post('/c/signing/apply', { body }),
    REFRESHES,
  );
}

/** PUT /c/signing/areas: a signed provider changes the provinces they serve and their equipment. */
export function useUpdateSigningAreas() {
  return useRefreshingMutation((body: SigningAreasRequest): Promise<MySigning> => api.put('/c/signing/areas', { body }), REFRESHES);
}

export function useWithdrawSigning() {
  return useRefreshingMutation((): Promise<SigningApplicationItem> => api.post('/c/signing/withdraw'), REFRESHES);
}

/** My works, the sample works' choices (the server keeps only the applicant's own). */
export function useMyWorksForSamples(uid: string) {
  return useQuery({
    queryKey: [...queryKeys.works.lists(), uid, 'signingSamples'],
    queryFn: (): Promise<Page<WorkSummary>> =>
      api.get('/fe/client/{id}/models', { params: { path: { id: uid }, query: { pageNum: 1, pageSize: 50 } } }),
    enabled: uid !== '',
    meta: { session: true },
  });
}

export interface ApplicationsParams extends PageParams {
  status?: SigningApplicationStatus;
}

export function useSigningApplications(params: ApplicationsParams) {
  return useQuery(
    pageQueryOptions(
      [...queryKeys.signing.admin(), 'applications'],
      (query: ApplicationsParams): Promise<Page<SigningApplicationItem>> => api.get('/admin/signing/applications', { params: { query } }),
      params,
    ),
  );
}

export function useDecideApplication() {
  return useRefreshingMutation(
    ({ id, approve, reason }: { id: number; approve: boolean; reason?: string }): Promise<SigningApplicationItem> =>
      approve
        ? api.post('/admin/signing/applications/{id}/approve', { params: { path: { id } } })
        : api.post('/admin/signing/applications/{id}/reject', { params: { path: { id } }, body: { reason: reason ?? '' } }),
    REFRESHES,
  );
}

export interface ProvidersParams extends PageParams {
  status?: SignedProviderStatus;
  provinceCode?: string;
}

export function useSignedProviders(params: ProvidersParams) {
  return useQuery(
    pageQueryOptions(
      [...queryKeys.signing.admin(), 'providers'],
      (query: ProvidersParams): Promise<Page<SignedProviderItem>> => api.get('/admin/signing/providers', { params: { query } }),
      params,
    ),
  );
}

export function useRevokeProvider() {
  return useRefreshingMutation(
    ({ uid, reason }: { uid: string; reason: string }): Promise<SignedProviderItem> =>
      api.post('/admin/signing/providers/{uid}/revoke', { params: { path: { uid } }, body: { reason } }),
    REFRESHES,
  );
}
