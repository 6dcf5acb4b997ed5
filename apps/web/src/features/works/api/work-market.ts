import { fenToYuan, type WorkDetail } from '@spatia/contract';
import { FORM_HEADERS, formBody, request } from '../../../api/client';
import { useWorksMutation } from '../../../api/work-keys';

/** PUT /model/{uid}/market price=<yuan>: on the market (reviewed works only). */
export function putWorkOnMarket(uid: string, priceFen: number): Promise<WorkDetail> {
  return request<WorkDetail>({
    url: `/model/${encodeURIComponent(uid)}/market`,
    method: 'PUT',
    data: formBody({ price: fenToYuan(priceFen) }),
    headers: FORM_HEADERS,
  });
}

/** DELETE /model/{uid}/market. */
export function takeWorkOffMarket(uid: string): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `/model/${encodeURIComponent(uid)}/market`, method: 'DELETE' });
}

export function usePutWorkOnMarket() {
  return useWorksMutation(({ uid, priceFen }: { uid: string; priceFen: number }) => putWorkOnMarket(uid, priceFen));
}

export function useTakeWorkOffMarket() {
  return useWorksMutation(takeWorkOffMarket);
}
