import { useQuery } from '@tanstack/react-query';
import type { AdminActionCode, AdminLogPage } from '@spatia/contract';
import { api } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import type { PageParams } from '../../../lib/page-params';
import { queryKeys } from '../../../api/query-keys';

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
  return api.get('/admin/log', { params: { query: { ...search, targetId: search.targetId || undefined } } });
}

export function adminLogQueryOptions(search: AdminLogSearch) {
  return pageQueryOptions(queryKeys.admin.log(), getAdminLog, search);
}

export function useAdminLog(search: AdminLogSearch) {
  return useQuery(adminLogQueryOptions(search));
}
