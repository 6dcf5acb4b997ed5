import { Pagination, type PaginationProps } from 'antd';
import type { Paging } from '../lib/use-paged-filters';

type ListPagerProps = Omit<PaginationProps, 'current' | 'pageSize' | 'total' | 'onChange'> & {
  paging: Paging;
  total: number;
};

/** The pager under a list of cards, shown only while the list has more than one page. */
export function ListPager({ paging: { pageNum, pageSize, onPageChange }, total, ...pagination }: ListPagerProps) {
  if (total <= pageSize) return null;
  return <Pagination {...pagination} current={pageNum} pageSize={pageSize} total={total} onChange={onPageChange} />;
}
