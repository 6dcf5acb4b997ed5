import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@spatia/contract';
import { configureApiBaseUrls, api } from './client';
import { queryKeys } from './query-keys';

/** GET /open/siteConfig: public texts of the footer, the API hosts of spec 7.1 and the map picker's base map. */
export async function getSiteConfig(): Promise<SiteConfig> {
  const config = await api.get('/open/siteConfig', { silent: true });
  configureApiBaseUrls(config.apiBaseUrls);
  return config;
}

export const siteConfigQueryOptions = queryOptions({
  queryKey: queryKeys.siteConfig,
  queryFn: getSiteConfig,
  staleTime: Infinity,
  retry: 1,
});

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions);
}
