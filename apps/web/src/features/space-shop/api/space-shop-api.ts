import { useQuery } from '@tanstack/react-query';
import type { SpaceShop } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** GET /space/shop?id=: the space, its works on the market and the shoots its owner takes bookings for. */
export function getSpaceShop(id: number, code?: string): Promise<SpaceShop> {
  // Silent: the page says what went wrong itself (the not-found page for an unknown shop, the code's form).
  return api.get('/space/shop', { params: { query: code ? { id, code } : { id } }, silent: true });
}

/** The shop of space `id` (a private one with its access `code`); none asked for while `id` is null. */
export function useSpaceShop(id: number | null, code?: string) {
  return useQuery({
    queryKey: queryKeys.spaceShop(id ?? 0, code ?? ''),
    queryFn: () => getSpaceShop(id!, code),
    enabled: id !== null,
    retry: false,
  });
}
