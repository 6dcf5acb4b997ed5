import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MobileAppInfo } from '@spatia/contract';
import { request } from '../../../api/client';

/** GET /open/c/zhipaiApp: where the mobile capture app can be downloaded. */
export function getMobileAppInfo(): Promise<MobileAppInfo> {
  return request<MobileAppInfo>({ url: '/open/c/zhipaiApp' });
}

export function useMobileAppInfo(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: ['mobile-app-info'], queryFn: getMobileAppInfo, enabled, staleTime: 5 * 60_000, retry: false }));
}
