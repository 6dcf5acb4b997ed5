import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** Confirm and reject are the receiver's answers; withdraw is the sender's. */
export type TransferAnswer = 'confirm' | 'reject' | 'withdraw';

/**
 * Keys of other features that a confirmed transfer changes (balance and work counts in the overview,
 * the receiver's and sender's work lists). Named here, not imported: a feature never imports another.
 */
const AFFECTED_QUERY_KEYS = [queryKeys.overview, queryKeys.works.all];

const ANSWER_PATHS = {
  confirm: '/transfers/{id}/confirm',
  reject: '/transfers/{id}/reject',
  withdraw: '/transfers/{id}/withdraw',
} as const;

/** POST /transfers/{id}/confirm | reject | withdraw. A sale's price moves on confirm (error 1601 when the balance is short). */
export function answerTransfer({ id, answer }: { id: number; answer: TransferAnswer }): Promise<null> {
  return api.post(ANSWER_PATHS[answer], { params: { path: { id } } });
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
