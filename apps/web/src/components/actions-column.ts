import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';

/**
 * A table's column of row actions (edit, remove, approve...), pinned to the right edge: a table that
 * scrolls sideways inside its box on a phone keeps them in reach.
 */
export function actionsColumn<Row>(title: string, render: (row: Row) => ReactNode, width?: number): TableColumnType<Row> {
  return { key: 'actions', title, fixed: 'right', width, render: (_, row) => render(row) };
}
