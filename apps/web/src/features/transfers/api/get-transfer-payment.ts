import { useQuery } from '@tanstack/react-query';
import type { TransferPaymentOptions } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/**
 * GET /transfers/{id}/payment: the sale's price, the receiver's balance and debt, what a QR payment would
 * charge. Silent: the dialog says what failed in its own place (and a sale its payment just confirmed answers 1801).
 */
export function getTransferPayment(id: number): Promise<TransferPaymentOptions> {
  return api.get('/transfers/{id}/payment', { params: { path: { id } }, silent: true });
}

/** Under the transfers' prefix, so an answer refreshes it with the lists. `id` null: nothing is fetched. */
export function useTransferPayment(id: number | null) {
  return useQuery({
    queryKey: [...queryKeys.transfers.all, 'payment', id] as const,
    queryFn: () => getTransferPayment(id!),
    enabled: id !== null,
    staleTime: 0,
  });
}
