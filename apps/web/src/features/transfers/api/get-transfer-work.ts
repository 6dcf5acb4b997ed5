import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { detailQueryOptions } from '../../../lib/session-queries';
import type { WorkDetail } from './types';
import { queryKeys } from '../../../api/query-keys';

/**
 * GET /transfers/{id}/work: the work as it is now, or as it was sent once it left the caller. Silent: the
 * drawer says what failed in its own place (LoadFailed, or why there is nothing to show).
 */
export function getTransferWork(id: number): Promise<WorkDetail> {
  return api.get('/transfers/{id}/work', { params: { path: { id } }, silent: true });
}

export function transferWorkQueryOptions(id: number) {
  return detailQueryOptions(queryKeys.transfers.work(), getTransferWork, id);
}

/** `id` null: nothing is open, nothing is fetched. */
export function useTransferWork(id: number | null) {
  return useQuery({ ...transferWorkQueryOptions(id ?? 0), enabled: id !== null });
}
