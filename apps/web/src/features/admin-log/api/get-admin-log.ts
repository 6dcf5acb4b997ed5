import { useQuery } from '@tanstack/react-query';
import type { AdminActionCode, AdminLogPage } from '@spatia/contract';
import { request } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import type { PageParams } from '../../../lib/page-params';

export interface AdminLogSearch extends PageParams {
  action?: AdminActionCode;
  targetType?: string;
  targetId?: string;
  /** Epoch milliseconds, both ends included. */
  from?: number;
  to?: number;
}

/** GET /admin/log: newest first, with the acting admin's uid and name and the states before and after. */
export function getAdminLog(search: AdminLogSearch): Promise<AdminLogPage> {
  return request<AdminLogPage>({ url: '/admin/log', params: { ...search, targetId: search.targetId || undefined } });
}

export function adminLogQueryOptions(search: AdminLogSearch) {
  return pageQueryOptions(['admin', 'log'], getAdminLog, search);
}

export function useAdminLog(search: AdminLogSearch) {
  return useQuery(adminLogQueryOptions(search));
}
