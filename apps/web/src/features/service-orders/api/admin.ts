import { useQuery } from '@tanstack/react-query';
import type {
  ServiceAdminCancelRequest,
  ServiceCoupon,
  ServiceCouponCreate,
  ServiceOrderDetail,
  ServiceOrderPage,
  ServiceOrderSettings,
  ServiceOrderStatus,
  ServicePriceRule,
  ServicePriceRuleUpdate,
  ServiceRequirementType,
} from '@spatia/contract';
import { api } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import { queryKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../lib/page-params';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

const ADMIN = queryKeys.serviceOrders.admin();
const REFRESHES = [queryKeys.serviceOrders.all, queryKeys.admin.all];

export interface AdminServiceOrdersParams extends PageParams {
  status?: ServiceOrderStatus;
  keyword?: string;
}

export function useAdminServiceOrders(params: AdminServiceOrdersParams) {
  return useQuery(
    pageQueryOptions(
      [...ADMIN, 'orders'],
      (query: AdminServiceOrdersParams) =>
        api.get('/admin/serviceOrders', { params: { query: { ...query, keyword: query.keyword || undefined } } }),
      params,
    ),
  );
}

export function useAdminServiceOrder(id: number | null) {
  return useQuery({
    queryKey: [...ADMIN, 'order', id],
    queryFn: (): Promise<ServiceOrderDetail> => api.get('/admin/serviceOrder/{id}', { params: { path: { id: id! } } }),
    enabled: id !== null,
  });
}

export function useAssignProvider() {
  return useRefreshingMutation(
    ({ id, providerUid }: { id: number; providerUid: string }): Promise<ServiceOrderDetail> =>
      api.post('/admin/serviceOrder/{id}/assign', { params: { path: { id } }, body: { providerUid } }),
    REFRESHES,
  );
}

export function useAdminCancel() {
  return useRefreshingMutation(
    ({ id, ...body }: ServiceAdminCancelRequest & { id: number }): Promise<ServiceOrderDetail> =>
      api.post('/admin/serviceOrder/{id}/cancel', { params: { path: { id } }, body }),
    REFRESHES,
  );
}

export function usePriceRules() {
  return useQuery({
    queryKey: [...ADMIN, 'priceRules'],
    queryFn: (): Promise<ServicePriceRule[]> => api.get('/admin/serviceOrder/priceRules'),
  });
}

export function useSavePriceRule() {
  return useRefreshingMutation(
    ({ requirementType, ...body }: ServicePriceRuleUpdate & { requirementType: ServiceRequirementType }): Promise<ServicePriceRule> =>
      api.put('/admin/serviceOrder/priceRules/{requirementType}', { params: { path: { requirementType } }, body }),
    REFRESHES,
  );
}

export function useServiceSettings() {
  return useQuery({
    queryKey: [...ADMIN, 'settings'],
    queryFn: (): Promise<ServiceOrderSettings> => api.get('/admin/serviceOrder/settings'),
  });
}

export function useSaveServiceSettings() {
  return useRefreshingMutation(
    (body: ServiceOrderSettings): Promise<ServiceOrderSettings> => api.put('/admin/serviceOrder/settings', { body }),
    REFRESHES,
  );
}

export function useCoupons(params: PageParams) {
  return useQuery(
    pageQueryOptions([...ADMIN, 'coupons'], (query: PageParams) => api.get('/admin/serviceOrder/coupons', { params: { query } }), params),
  );
}

export function useCreateCoupon() {
  return useRefreshingMutation(
    (body: ServiceCouponCreate): Promise<ServiceCoupon> => api.post('/admin/serviceOrder/coupons', { body }),
    REFRESHES,
  );
}

export function useSetCouponEnabled() {
  return useRefreshingMutation(
    ({ id, enabled }: { id: number; enabled: boolean }): Promise<ServiceCoupon> =>
      api.put('/admin/serviceOrder/coupons/{id}', { params: { path: { id } }, body: { enabled } }),
    REFRESHES,
  );
}

export type { ServiceOrderPage };
