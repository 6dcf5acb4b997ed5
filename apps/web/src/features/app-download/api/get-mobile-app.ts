import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MobileAppInfo } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** GET /open/c/zhipaiApp: where the mobile capture app can be downloaded. */
export function getMobileAppInfo(): Promise<MobileAppInfo> {
  return api.get('/open/c/zhipaiApp');
}

export function useMobileAppInfo(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: queryKeys.mobileApp, queryFn: getMobileAppInfo, enabled, staleTime: 5 * 60_000, retry: false }));
}
