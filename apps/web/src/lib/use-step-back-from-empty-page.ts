import { useEffect } from 'react';
import type { Paging } from './use-paged-filters';

interface PageQuery {
  data: { list: readonly unknown[]; total: number } | undefined;
  isPlaceholderData: boolean;
}

/**
 * When a change empties the page on show (its last rows answered, read or decided), moves to the page
 * that is now the last. A placeholder page (the previous one, kept while the next loads) does not count.
 */
export function useStepBackFromEmptyPage(query: PageQuery, { pageNum, pageSize, onPageChange }: Paging) {
  const { data, isPlaceholderData } = query;
  useEffect(() => {
    if (data && !isPlaceholderData && data.list.length === 0 && pageNum > 1) {
      onPageChange(Math.max(1, Math.ceil(data.total / pageSize)));
    }
  }, [data, isPlaceholderData, pageNum, pageSize, onPageChange]);
}
