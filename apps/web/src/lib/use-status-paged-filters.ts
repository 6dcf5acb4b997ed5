import { usePagedFilters } from './use-paged-filters';

/**
 * A list filtered by one state or by 'all', maybe beside other filters, and the page on show.
 * `query` is what the server is asked for: no state for 'all', then the other filters and the page.
 */
export function useStatusPagedFilters<Filters extends { status: string }>(initial: Filters, pageSize: number) {
  const { filters, changeFilters, paging } = usePagedFilters(initial, pageSize);
  const { status, ...others } = filters;
  const query = {
    status: status === 'all' ? undefined : (status as Exclude<Filters['status'], 'all'>),
    ...others,
    pageNum: paging.pageNum,
    pageSize,
  };
  return { filters, changeFilters, paging, query };
}
