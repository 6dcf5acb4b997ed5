import { useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';
import { detailQueryOptions } from '../../../lib/session-queries';
import { TRANSFERS_QUERY_KEY } from './get-transfers';
import type { WorkDetail } from './types';

/** GET /transfers/{id}/work: the work as it is now, for the sender and the receiver alike. */
export function getTransferWork(id: number): Promise<WorkDetail> {
  return request<WorkDetail>({ url: `/transfers/${id}/work` });
}

export function transferWorkQueryOptions(id: number) {
  return detailQueryOptions([...TRANSFERS_QUERY_KEY, 'work'], getTransferWork, id);
}

/** `id` null: nothing is open, nothing is fetched. */
export function useTransferWork(id: number | null) {
  return useQuery({ ...transferWorkQueryOptions(id ?? 0), enabled: id !== null });
}
