import { useState } from 'react';
import type { PageParams } from './page-params';

/** The page of a list on show, and how to move to another. */
export interface Paging extends PageParams {
  onPageChange: (pageNum: number) => void;
}

/**
 * A list's filters and the page on show: changing a filter goes back to the first page, since the
 * page the person was on may not exist among the new matches.
 */
export function usePagedFilters<Filters extends object>(initial: Filters, pageSize: number) {
  const [filters, setFilters] = useState(initial);
  return { filters, ...useFilterPaging<Filters>((next) => setFilters((current) => ({ ...current, ...next })), pageSize) };
}

/** The page on show of a list, the first to begin with. */
export function usePaging(pageSize: number): Paging {
  const [pageNum, setPageNum] = useState(1);
  return { pageNum, pageSize, onPageChange: setPageNum };
}

/** The page on show of a list whose filters `mergeFilters` keeps: a changed filter goes back to the first page too. */
export function useFilterPaging<Filters>(mergeFilters: (next: Partial<Filters>) => void, pageSize: number) {
  const paging = usePaging(pageSize);
  const changeFilters = (next: Partial<Filters>) => {
    mergeFilters(next);
    paging.onPageChange(1);
  };
  return { changeFilters, paging };
}
