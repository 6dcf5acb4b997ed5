import type { QueryClient } from '@tanstack/react-query';
import { publicTourQueryOptions, publicWorkQueryOptions } from '../api/public-work-queries';
import { i18n } from '../i18n';

/**
 * A tour's page opened from a link: its work, its tour and the viewer's code are asked for at once, while
 * the first render and the page's own code are still on the way (they would otherwise wait for both).
 * Loaded by the entry only on such a page, so other pages' first script does not carry it.
 */
export function startServerFirstView(queryClient: QueryClient, uid: string): void {
  void queryClient.prefetchQuery(publicWorkQueryOptions(uid, i18n.language));
  void queryClient.prefetchQuery(publicTourQueryOptions(uid));
  // The same specifier as the page's viewer: one module, fetched once. A failure shows when the page mounts it.
  import('@spatia/viewers/tour').catch(() => undefined);
}
