import { Skeleton } from 'antd';
import type { WorkView } from '../lib/view-preference';

/** The shape of the list while its first page loads. */
export function WorksSkeleton({ view, count }: { view: WorkView; count: number }) {
  if (view === 'table') {
    return (
      <div className="works-skeleton-table" aria-busy="true">
        {Array.from({ length: Math.min(count, 6) }, (_, index) => (
          <div key={index} className="works-skeleton-table__row">
            <Skeleton.Node active className="works-skeleton-table__thumb" />
            <Skeleton active title={false} paragraph={{ rows: 1, width: '60%' }} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="works-grid" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="work-card work-card--skeleton">
          <Skeleton.Node active className="work-card__skeleton-cover" />
          <div className="work-card__body">
            <Skeleton active title={{ width: '70%' }} paragraph={{ rows: 2, width: ['50%', '35%'] }} />
          </div>
        </div>
      ))}
    </div>
  );
}
