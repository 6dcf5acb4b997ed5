import { useSearchParams } from 'react-router';
import { useFilterPaging } from './use-paged-filters';

/**
 * A list's filters kept in the address, so that a reload or a shared link keeps them, and the page on
 * show (which the address does not keep). `read` takes the filters from the address, `write` puts back
 * only those that are set.
 */
export function useAddressPagedFilters<Filters extends object>(
  read: (params: URLSearchParams) => Filters,
  write: (filters: Filters) => URLSearchParams,
  pageSize: number,
) {
  const [params, setParams] = useSearchParams();
  const filters = read(params);
  const merge = (next: Partial<Filters>) => setParams(write({ ...filters, ...next }), { replace: true });
  return { filters, ...useFilterPaging<Filters>(merge, pageSize) };
}
