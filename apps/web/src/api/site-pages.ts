import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveSitePage, SitePageKind } from '@spatia/contract';
import { api } from './client';
import { queryKeys } from './query-keys';

/**
 * GET /open/sitePages/{kind}: the live version of an editable site page in both languages (docs/site-pages.md).
 * Shared: the site-pages feature renders the pages, the app-download dialog shows the client-download content.
 */
export async function getLiveSitePage<K extends SitePageKind>(kind: K): Promise<LiveSitePage<K>> {
  return (await api.get('/open/sitePages/{kind}', { params: { path: { kind } } })) as LiveSitePage<K>;
}

export function liveSitePageQueryOptions<K extends SitePageKind>(kind: K) {
  return queryOptions({ queryKey: queryKeys.sitePages.live(kind), queryFn: () => getLiveSitePage(kind), staleTime: 60_000 });
}

export function useLiveSitePage<K extends SitePageKind>(kind: K, enabled = true) {
  return useQuery({ ...liveSitePageQueryOptions(kind), enabled });
}
