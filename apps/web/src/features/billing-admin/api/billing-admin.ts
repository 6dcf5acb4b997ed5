import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingPrices, FlowRechargePlan } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export interface BillingSettings {
  prices: BillingPrices;
  plans: FlowRechargePlan[];
}

export function useBillingSettings() {
  return useQuery({ queryKey: queryKeys.admin.billing(), queryFn: (): Promise<BillingSettings> => api.get('/admin/billing') });
}

/** PUT /admin/billing/prices or /admin/billing/rechargePlans; both answer the settings as saved. */
function useSaveSettings<Body>(save: (body: Body) => Promise<BillingSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.admin.billing(), saved),
  });
}

export const useSavePrices = () => useSaveSettings((body: BillingPrices) => api.put('/admin/billing/prices', { body }));
export const useSavePlans = () =>
  useSaveSettings((body: { plans: FlowRechargePlan[] }) => api.put('/admin/billing/rechargePlans', { body }));
