import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapWork, MapWorks, WorkType } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** GET /open/map/works: every work anyone may see that has a location, of one type or all (docs/map.md). */
export function getMapWorks(type: WorkType | undefined): Promise<MapWorks> {
  return api.get('/open/map/works', { params: { query: { type } } });
}

export function mapWorksQueryOptions(type: WorkType | undefined) {
  return queryOptions({ queryKey: queryKeys.map.works({ type }), queryFn: () => getMapWorks(type), staleTime: 60_000 });
}

export function useMapWorks(type: WorkType | undefined) {
  return useQuery(mapWorksQueryOptions(type));
}

/** A work as the map draws it: its uid is the point's id. */
export type MapWorkPoint = MapWork & { id: string };

export function toPoints(works: readonly MapWork[]): MapWorkPoint[] {
  return works.map((work) => ({ ...work, id: work.uid }));
}
