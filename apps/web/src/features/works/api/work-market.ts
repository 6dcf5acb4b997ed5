import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkDetail } from '@spatia/contract';
import { formBody, request } from '../../../api/client';
import { fenToYuanText } from '../lib/price';
import { FORM_HEADERS, invalidateWorks } from './work-keys';

/** PUT /model/{uid}/market price=<yuan>: on the market (reviewed works only). */
export function putWorkOnMarket(uid: string, priceFen: number): Promise<WorkDetail> {
  return request<WorkDetail>({
    url: `/model/${encodeURIComponent(uid)}/market`,
    method: 'PUT',
    data: formBody({ price: fenToYuanText(priceFen) }),
    headers: FORM_HEADERS,
  });
}

/** DELETE /model/{uid}/market. */
export function takeWorkOffMarket(uid: string): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `/model/${encodeURIComponent(uid)}/market`, method: 'DELETE' });
}

export function usePutWorkOnMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, priceFen }: { uid: string; priceFen: number }) => putWorkOnMarket(uid, priceFen),
    onSuccess: () => invalidateWorks(queryClient),
  });
}

export function useTakeWorkOffMarket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: takeWorkOffMarket, onSuccess: () => invalidateWorks(queryClient) });
}
