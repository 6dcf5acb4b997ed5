import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { TRANSFERS_QUERY_KEY } from './get-transfers';

/** Confirm and reject are the receiver's answers; withdraw is the sender's. */
export type TransferAnswer = 'confirm' | 'reject' | 'withdraw';

/**
 * Keys of other features that a confirmed transfer changes (balance and work counts in the overview,
 * the receiver's and sender's work lists). Named here, not imported: a feature never imports another.
 */
const AFFECTED_QUERY_KEYS = [['overview'], ['works']] as const;

/** POST /transfers/{id}/confirm | reject | withdraw. A sale's price moves on confirm (error 1601 when the balance is short). */
export function answerTransfer({ id, answer }: { id: number; answer: TransferAnswer }): Promise<null> {
  return request<null>({ url: `/transfers/${id}/${answer}`, method: 'POST' });
}

export function useAnswerTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerTransfer,
    // Also after a failure: "already answered" (1801) and "expired" (1804) mean the list is stale.
    onSettled: () =>
      Promise.all([TRANSFERS_QUERY_KEY, ...AFFECTED_QUERY_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
