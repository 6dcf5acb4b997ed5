import type { ComponentProps, HTMLAttributes, ReactNode } from 'react';
import { PageTable } from './page-table';

type FilteredPageTableProps<Row extends { id: number }> = Omit<ComponentProps<typeof PageTable<Row>>, 'rowKey' | 'onRow'> & {
  /** What goes above the table: the filters, maybe an action. */
  toolbar: ReactNode;
  toolbarClassName: string;
  /** The test id every row carries, where the tests count rows. */
  rowTestId?: string;
};

/** A page of a server list (rows keyed by their id) under its toolbar of filters. */
export function FilteredPageTable<Row extends { id: number }>({
  toolbar,
  toolbarClassName,
  rowTestId,
  ...table
}: FilteredPageTableProps<Row>) {
  return (
    <>
      <div className={toolbarClassName}>{toolbar}</div>
      <PageTable<Row>
        rowKey="id"
        onRow={rowTestId === undefined ? undefined : () => ({ 'data-testid': rowTestId }) as HTMLAttributes<HTMLElement>}
        {...table}
      />
    </>
  );
}
