import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapSettings } from '@spatia/contract';
import { api } from './client';
import { queryKeys } from './query-keys';

/** GET /open/map/settings: the operator's base map (empty source: the basemap bundled in the build). */
export function getMapSettings(): Promise<MapSettings> {
  return api.get('/open/map/settings', { silent: true });
}

export const mapSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.map.settings,
  queryFn: getMapSettings,
  staleTime: 5 * 60_000,
  retry: 1,
});

export function useMapSettings() {
  return useQuery(mapSettingsQueryOptions);
}
