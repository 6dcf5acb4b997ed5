import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingPrices, FlowRechargePlan } from '@spatia/contract';
import { request } from '../../../api/client';

export interface BillingSettings {
  prices: BillingPrices;
  plans: FlowRechargePlan[];
}

const BILLING_SETTINGS_KEY = ['admin', 'billing'] as const;

export function useBillingSettings() {
  return useQuery({ queryKey: BILLING_SETTINGS_KEY, queryFn: () => request<BillingSettings>({ url: '/admin/billing' }) });
}

/** PUT /admin/billing/prices or /admin/billing/rechargePlans; both answer the settings as saved. */
function useSaveSettings<Body>(url: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: Body) => request<BillingSettings>({ url, method: 'PUT', data }),
    onSuccess: (saved) => queryClient.setQueryData(BILLING_SETTINGS_KEY, saved),
  });
}

export const useSavePrices = () => useSaveSettings<BillingPrices>('/admin/billing/prices');
export const useSavePlans = () => useSaveSettings<{ plans: FlowRechargePlan[] }>('/admin/billing/rechargePlans');
