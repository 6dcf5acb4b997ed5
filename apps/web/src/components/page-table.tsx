import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import type { Page } from '@spatia/contract';
import type { Paging } from '../lib/use-paged-filters';

type PageTableProps<Row> = Omit<TableProps<Row>, 'dataSource' | 'pagination' | 'locale'> & {
  /** The page the server answered; undefined while the first one loads. */
  page: Page<Row> | undefined;
  /** The page asked for (the pager moves at once, while the previous page stays on show until it arrives). */
  paging: Paging;
  emptyText: string;
};

/** The pager of a table of server pages: the page asked for, no size changer (each list has its own page size), and `extras`. */
export function tablePagination(
  { pageNum, pageSize, onPageChange }: Paging,
  total: number,
  extras: TablePaginationConfig = {},
): TablePaginationConfig {
  return { current: pageNum, pageSize, total, onChange: onPageChange, showSizeChanger: false, ...extras };
}

/** A table of one server page (`{list, total, pageNum, pageSize}`) with the pager under it: the back office's lists. */
export function PageTable<Row extends object>({ page, paging, emptyText, ...table }: PageTableProps<Row>) {
  return (
    <Table<Row> {...table} dataSource={page?.list ?? []} locale={{ emptyText }} pagination={tablePagination(paging, page?.total ?? 0)} />
  );
}
