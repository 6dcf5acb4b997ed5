import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferConfirmation, TransferPaymentMethod } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** Confirm and reject are the receiver's answers; withdraw is the sender's. */
export type TransferAnswer = 'confirm' | 'reject' | 'withdraw';

/**
 * Keys of other features that a confirmed transfer changes (balance and work counts in the overview,
 * the receiver's and sender's work lists). Named here, not imported: a feature never imports another.
 */
const AFFECTED_QUERY_KEYS = [queryKeys.overview, queryKeys.works.all];

/** What a sale paid (in part) by QR code changes once paid: the above, the transfers, the balance, the orders and the bell. */
export const SALE_PAID_QUERY_KEYS = [
  queryKeys.transfers.all,
  ...AFFECTED_QUERY_KEYS,
  queryKeys.recharge.options(),
  queryKeys.orders,
  queryKeys.notifications.all,
];

const ANSWER_PATHS = {
  confirm: '/transfers/{id}/confirm',
  reject: '/transfers/{id}/reject',
  withdraw: '/transfers/{id}/withdraw',
} as const;

/** POST /transfers/{id}/confirm | reject | withdraw. A sale's price moves on confirm (error 1601 when the balance is short). */
export async function answerTransfer({ id, answer }: { id: number; answer: TransferAnswer }): Promise<null> {
  await api.post(ANSWER_PATHS[answer], { params: { path: { id } } });
  return null;
}

export interface SaleConfirmInput {
  id: number;
  method: TransferPaymentMethod;
  /** One per purchase (src/lib/purchase-key.ts): a request retried after a lost answer makes one order. */
  idempotencyKey: string;
}

/**
 * POST /transfers/{id}/confirm with a method: from the balance the sale is confirmed at once; by a provider
 * with a short balance, the order whose QR code pays what is missing (the server confirms once it is paid).
 */
export function confirmSale({ id, method, idempotencyKey }: SaleConfirmInput): Promise<TransferConfirmation> {
  return api.post('/transfers/{id}/confirm', {
    params: { path: { id } },
    body: { method },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useConfirmSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSale,
    onSettled: () =>
      Promise.all([queryKeys.transfers.all, ...AFFECTED_QUERY_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useAnswerTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerTransfer,
    // Also after a failure: "already answered" (1801) and "expired" (1804) mean the list is stale.
    onSettled: () =>
      Promise.all([queryKeys.transfers.all, ...AFFECTED_QUERY_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
