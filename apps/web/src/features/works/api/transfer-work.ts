import { fenToYuan, type WorkTransfer } from '@spatia/contract';
import { api } from '../../../api/client';
import { useWorksMutation } from '../../../api/work-keys';

/** The full name the spec's client always sends with a distribution. */
const DISTRIBUTE_FULL_NAME = '1';

/** POST /model/{uid}/distribute: hand the work, free, to the user with this phone number. */
export function distributeWork(uid: string, phoneNumber: string): Promise<WorkTransfer> {
  return api.post('/model/{uid}/distribute', {
    params: { path: { uid } },
    body: { fullName: DISTRIBUTE_FULL_NAME, phoneNumber },
    form: true,
  });
}

export interface SellWorkInput {
  uid: string;
  phoneOrCode: string;
  priceFen: number;
  remark: string;
}

/** POST /model/{uid}/sellTo: a targeted sale; the receiver pays when confirming. */
export function sellWork({ uid, phoneOrCode, priceFen, remark }: SellWorkInput): Promise<WorkTransfer> {
  return api.post('/model/{uid}/sellTo', {
    params: { path: { uid } },
    body: { phoneOrCode: phoneOrCode.trim(), sellingPrice: fenToYuan(priceFen), remark: remark.trim() },
    form: true,
  });
}

export function useDistributeWork() {
  return useWorksMutation(({ uid, phoneNumber }: { uid: string; phoneNumber: string }) => distributeWork(uid, phoneNumber));
}

export function useSellWork() {
  return useWorksMutation(sellWork);
}
