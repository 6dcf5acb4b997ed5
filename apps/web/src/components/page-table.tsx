import { Table, type TableProps } from 'antd';
import type { Page } from '@spatia/contract';
import type { Paging } from '../lib/use-paged-filters';

type PageTableProps<Row> = Omit<TableProps<Row>, 'dataSource' | 'pagination' | 'locale'> & {
  /** The page the server answered; undefined while the first one loads. */
  page: Page<Row> | undefined;
  /** The page asked for (the pager moves at once, while the previous page stays on show until it arrives). */
  paging: Paging;
  emptyText: string;
};

/** A table of one server page (`{list, total, pageNum, pageSize}`) with the pager under it: the back office's lists. */
export function PageTable<Row extends object>({ page, paging, emptyText, ...table }: PageTableProps<Row>) {
  const { pageNum, pageSize, onPageChange } = paging;
  return (
    <Table<Row>
      {...table}
      dataSource={page?.list ?? []}
      locale={{ emptyText }}
      pagination={{ current: pageNum, pageSize, total: page?.total ?? 0, onChange: onPageChange, showSizeChanger: false }}
    />
  );
}
