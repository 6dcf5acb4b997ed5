import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@spatia/contract';
import { api } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import type { PageParams } from '../../../lib/page-params';
import type { TransferSide, TransferStatus, WorkTransfer } from './types';
import { queryKeys } from '../../../api/query-keys';

export interface TransferListParams extends PageParams {
  /** Every status when left out. */
  status?: TransferStatus;
}

/** GET /transfers/received or /transfers/sent: newest first. `silent`: the caller shows a failure itself. */
export function getTransfers(
  side: TransferSide,
  { status, pageNum, pageSize }: TransferListParams,
  silent = false,
): Promise<Page<WorkTransfer>> {
  return api.get(`/transfers/${side}`, { params: { query: { pageNum, pageSize, status } }, silent });
}

export function transfersQueryOptions(side: TransferSide, params: TransferListParams) {
  return pageQueryOptions(queryKeys.transfers.list(side), (page: TransferListParams) => getTransfers(side, page), params);
}

export function useTransfers(side: TransferSide, params: TransferListParams) {
  return useQuery(transfersQueryOptions(side, params));
}

/**
 * How many transfers on this side wait for an answer (one row fetched, the total read). Silent: it is
 * a badge beside the list, which reports failures itself; without a count the badge is left out.
 */
export function pendingTransferCountQueryOptions(side: TransferSide) {
  return queryOptions({
    queryKey: queryKeys.transfers.pendingCount(side),
    queryFn: async () => (await getTransfers(side, { status: 'pending', pageNum: 1, pageSize: 1 }, true)).total,
    meta: { session: true },
  });
}

export function usePendingTransferCount(side: TransferSide) {
  return useQuery(pendingTransferCountQueryOptions(side));
}
