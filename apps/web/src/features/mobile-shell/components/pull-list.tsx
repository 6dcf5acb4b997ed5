import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, InfiniteScroll, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { uniqueBy } from '../lib/unique-by';
import { MobileState } from '../../../components/mobile-state';
import { PullRefresh } from './pull-refresh';

export interface ListPage<T> {
  list: T[];
  total: number;
}

interface PullListProps<T> {
  queryKey: readonly unknown[];
  /** One page (from 1) of `pageSize` items and the total. */
  load: (pageNum: number, pageSize: number) => Promise<ListPage<T>>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
  /** What an empty list says (the shell's "nothing here yet" when not given). */
  empty?: ReactNode;
  pageSize?: number;
  /** The class of the element holding the items (a grid or a column). */
  className?: string;
  testId?: string;
}

/**
 * A phone list: pull down to refresh, more pages as the end comes into view, a skeleton while the first page
 * loads, an empty state, and a retry when a page fails (the list keeps what it had).
 */
export function PullList<T>({ queryKey, load, renderItem, itemKey, empty, pageSize = 20, className, testId }: PullListProps<T>) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: [...queryKey, pageSize],
    queryFn: ({ pageParam }) => load(pageParam, pageSize),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((count, page) => count + page.list.length, 0) < last.total && last.list.length > 0 ? pages.length + 1 : undefined,
  });
  const items = uniqueBy(query.data?.pages.flatMap((page) => page.list) ?? [], itemKey);

  if (query.isPending)
    return (
      <div className="m-pull-list__skeleton" aria-busy="true" aria-label={t('mobileShell.list.loading')}>
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (query.isError && items.length === 0)
    return (
      <MobileState kind="failed" title={t('mobileShell.list.failed')} testId={testId && `${testId}-failed`}>
        <Button color="primary" onClick={() => void query.refetch()}>
          {t('mobileShell.list.retry')}
        </Button>
      </MobileState>
    );

  return (
    <PullRefresh onRefresh={() => query.refetch()}>
      {items.length === 0 ? (
        <MobileState kind="empty" title={empty ?? t('mobileShell.list.empty')} testId={testId && `${testId}-empty`} />
      ) : (
        <div className={className} data-testid={testId}>
          {items.map((item) => (
            <div key={itemKey(item)} className="m-pull-list__item">
              {renderItem(item)}
            </div>
          ))}
        </div>
      )}
      {items.length > 0 && (
        <InfiniteScroll
          hasMore={query.hasNextPage}
          loadMore={async () => {
            const result = await query.fetchNextPage();
            // A failed page stops the automatic loading; the retry below asks again.
            if (result.isError) throw result.error;
          }}
        >
          {(hasMore, failed, retry) =>
            failed ? (
              <Button size="small" fill="none" color="primary" onClick={() => void retry()}>
                {t('mobileShell.list.retry')}
              </Button>
            ) : hasMore ? (
              t('mobileShell.list.loading')
            ) : (
              t('mobileShell.list.end')
            )
          }
        </InfiniteScroll>
      )}
    </PullRefresh>
  );
}
