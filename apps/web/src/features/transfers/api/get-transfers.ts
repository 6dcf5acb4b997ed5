import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@spatia/contract';
import { request } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import type { PageParams } from '../../../lib/page-params';
import type { TransferSide, TransferStatus, WorkTransfer } from './types';

export interface TransferListParams extends PageParams {
  /** Every status when left out. */
  status?: TransferStatus;
}

/** Every transfer query starts with this key, so one invalidation refreshes lists, counts and details. */
export const TRANSFERS_QUERY_KEY = ['transfers'] as const;

/** GET /transfers/received or /transfers/sent: newest first. `silent`: the caller shows a failure itself. */
export function getTransfers(
  side: TransferSide,
  { status, pageNum, pageSize }: TransferListParams,
  silent = false,
): Promise<Page<WorkTransfer>> {
  return request<Page<WorkTransfer>>({ url: `/transfers/${side}`, params: { pageNum, pageSize, status }, silent });
}

export function transfersQueryOptions(side: TransferSide, params: TransferListParams) {
  return pageQueryOptions([...TRANSFERS_QUERY_KEY, side, 'list'], (page: TransferListParams) => getTransfers(side, page), params);
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
    queryKey: [...TRANSFERS_QUERY_KEY, side, 'pendingCount'],
    queryFn: async () => (await getTransfers(side, { status: 'pending', pageNum: 1, pageSize: 1 }, true)).total,
    meta: { session: true },
  });
}

export function usePendingTransferCount(side: TransferSide) {
  return useQuery(pendingTransferCountQueryOptions(side));
}
