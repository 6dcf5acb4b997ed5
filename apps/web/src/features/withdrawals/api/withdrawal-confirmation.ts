import { useQuery } from '@tanstack/react-query';
import type { WithdrawalConfirmation } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** GET /c/withdraw/records/{id}/confirmation: what WeChat needs to let the payee confirm the payout (409 once nothing waits). */
export function getWithdrawalConfirmation(id: number): Promise<WithdrawalConfirmation> {
  return api.get('/c/withdraw/records/{id}/confirmation', { params: { path: { id } }, silent: true });
}

export function useWithdrawalConfirmation(id: number) {
  return useQuery({
    queryKey: queryKeys.withdrawals.confirmation(id),
    queryFn: () => getWithdrawalConfirmation(id),
    enabled: id > 0,
    retry: false,
    meta: { session: true },
  });
}
