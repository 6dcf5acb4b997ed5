import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { RENTAL_PAGE_SIZE_DEFAULT, type RentalContact, type RentalPage } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { orderedRange, type RentalQuery } from '../lib/rental-query';

export const RENTAL_PAGE_SIZE = RENTAL_PAGE_SIZE_DEFAULT;

/** GET /open/rentals: one page of listings as the address filters them (rent in fen on the wire). */
export function searchRentals(query: RentalQuery): Promise<RentalPage> {
  const [minRent, maxRent] = orderedRange(query.minRentYuan, query.maxRentYuan);
  const [minArea, maxArea] = orderedRange(query.minArea, query.maxArea);
  return api.get('/open/rentals', {
    params: {
      query: {
        ...(query.keyword ? { keyword: query.keyword } : {}),
        ...(minRent !== undefined ? { minRent: minRent * 100 } : {}),
        ...(maxRent !== undefined ? { maxRent: maxRent * 100 } : {}),
        ...(minArea !== undefined ? { minArea } : {}),
        ...(maxArea !== undefined ? { maxArea } : {}),
        ...(query.bedrooms !== undefined ? { bedrooms: query.bedrooms } : {}),
        ...(query.bbox ? { bbox: query.bbox.join(',') } : {}),
        sort: query.sort,
        pageNum: query.page,
        pageSize: RENTAL_PAGE_SIZE,
      },
    },
  });
}

/** The view (list or map on a phone) is not part of what is searched. */
export function useRentalSearch(query: RentalQuery) {
  const { view: _view, ...searched } = query;
  return useQuery({
    queryKey: queryKeys.rentals.search(searched),
    queryFn: () => searchRentals(query),
    placeholderData: keepPreviousData,
    // Coming back from a listing shows the page as it was, without a wait.
    staleTime: 60_000,
    retry: false,
  });
}

/** POST /rentals/{uid}/contact: a listing's full phone (signed in; a limited number an hour). */
export function useRevealContact() {
  return useMutation({
    mutationFn: (uid: string): Promise<RentalContact> => api.post('/rentals/{uid}/contact', { params: { path: { uid } } }),
  });
}
