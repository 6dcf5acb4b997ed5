import { useQuery } from '@tanstack/react-query';
import type { SpaceView } from '@spatia/contract';
import { api } from '../../../api/client';

/** POST /c/space/{uid}/works {workUid}: the finished work goes to the end of the space's list. */
export function addWorkToSpace(spaceUid: string, workUid: string): Promise<SpaceView> {
  return api.post('/c/space/{uid}/works', { params: { path: { uid: spaceUid } }, body: { workUid }, silent: true });
}

/** GET /space/detail?uid=: the space's name for the page's heading (the owner reads a private one without its code). */
export function useSpaceName(spaceUid: string | null) {
  return useQuery({
    queryKey: ['spaces', 'detail', spaceUid ?? ''] as const,
    queryFn: () => api.get('/space/detail', { params: { query: { uid: spaceUid ?? '' } }, silent: true }),
    enabled: spaceUid !== null,
    retry: false,
    select: (space: SpaceView) => space.name,
  });
}
