import { Table, type TableProps } from 'antd';
import type { Page } from '@spatia/contract';

type PageTableProps<Row> = Omit<TableProps<Row>, 'dataSource' | 'pagination' | 'locale'> & {
  /** The page the server answered; undefined while the first one loads. */
  page: Page<Row> | undefined;
  /** The page asked for (the pager moves at once, while the previous page stays on show until it arrives). */
  pageNum: number;
  pageSize: number;
  onPageChange: (pageNum: number) => void;
  emptyText: string;
};

/** A table of one server page (`{list, total, pageNum, pageSize}`) with the pager under it: the back office's lists. */
export function PageTable<Row extends object>({ page, pageNum, pageSize, onPageChange, emptyText, ...table }: PageTableProps<Row>) {
  return (
    <Table<Row>
      {...table}
      dataSource={page?.list ?? []}
      locale={{ emptyText }}
      pagination={{ current: pageNum, pageSize, total: page?.total ?? 0, onChange: onPageChange, showSizeChanger: false }}
    />
  );
}
