import { fenToYuan, type WorkDetail } from '@spatia/contract';
import { api } from '../../../api/client';
import { useWorksMutation } from '../../../api/work-keys';

/** PUT /model/{uid}/market price=<yuan>: on the market (reviewed works only). */
export function putWorkOnMarket(uid: string, priceFen: number): Promise<WorkDetail> {
  return api.put('/model/{uid}/market', { params: { path: { uid } }, body: { price: fenToYuan(priceFen) }, form: true });
}

/** DELETE /model/{uid}/market. */
export function takeWorkOffMarket(uid: string): Promise<WorkDetail> {
  return api.delete('/model/{uid}/market', { params: { path: { uid } } });
}

export function usePutWorkOnMarket() {
  return useWorksMutation(({ uid, priceFen }: { uid: string; priceFen: number }) => putWorkOnMarket(uid, priceFen));
}

export function useTakeWorkOffMarket() {
  return useWorksMutation(takeWorkOffMarket);
}
