import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@spatia/contract';
import { configureApiBaseUrls, request } from './client';

/** GET /open/siteConfig: public texts of the footer, the API hosts of spec 7.1 and the map picker's base map. */
export async function getSiteConfig(): Promise<SiteConfig> {
  const config = await request<SiteConfig>({ url: '/open/siteConfig', silent: true });
  configureApiBaseUrls(config.apiBaseUrls);
  return config;
}

export const siteConfigQueryOptions = queryOptions({
  queryKey: ['site-config'],
  queryFn: getSiteConfig,
  staleTime: Infinity,
  retry: 1,
});

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions);
}
