import { useQuery } from '@tanstack/react-query';
import type { SpaceShop } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** GET /space/shop?id=: the space, its works on the market and the shoots its owner takes bookings for. */
export function getSpaceShop(id: number): Promise<SpaceShop> {
  // Silent: the page says what went wrong itself (the not-found page for an unknown shop).
  return api.get('/space/shop', { params: { query: { id } }, silent: true });
}

/** The shop of space `id`; none asked for while `id` is null. */
export function useSpaceShop(id: number | null) {
  return useQuery({
    queryKey: queryKeys.spaceShop(id ?? 0),
    queryFn: () => getSpaceShop(id!),
    enabled: id !== null,
    retry: false,
  });
}
