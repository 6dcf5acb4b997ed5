import { useQuery } from '@tanstack/react-query';
import type { IncomeStat } from '@spatia/contract';
import { api } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import type { PageParams } from '../../../lib/page-params';
import { queryKeys } from '../../../api/query-keys';

export interface IncomeParams extends PageParams {
  /** `YYYY-MM-DD`; the server's default window (the last 30 days) when both are left out. */
  startTime?: string;
  endTime?: string;
}

/** GET /revenue/stat: income in a range of days, by source and by day, and a page of its records. */
export function getIncome(params: IncomeParams): Promise<IncomeStat> {
  return api.get('/revenue/stat', { params: { query: params } });
}

export function incomeQueryOptions(params: IncomeParams) {
  return pageQueryOptions(queryKeys.income, getIncome, params);
}

export function useIncome(params: IncomeParams) {
  return useQuery(incomeQueryOptions(params));
}
