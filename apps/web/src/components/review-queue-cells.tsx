import { Typography, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { formatDate } from '../lib/format';
import { DecisionNote } from './review-decisions';

interface TwoLineCellProps {
  primary: ReactNode;
  /** The quieter line under it (a phone, a name). */
  secondary: ReactNode;
  className?: string;
}

/** A table cell of two lines: what the row is about, over a detail in grey. */
export function TwoLineCell({ primary, secondary, className }: TwoLineCellProps) {
  return (
    <div className={className}>
      <div>{primary}</div>
      <Typography.Text type="secondary">{secondary}</Typography.Text>
    </div>
  );
}

/** The column of when a row was submitted (`createdAt`), as a date. */
export function submittedColumn<Row extends { createdAt: number }>(title: string): TableColumnType<Row> {
  return { title, dataIndex: 'createdAt', render: (time: number) => formatDate(time) };
}

interface Decision {
  reason: string | null;
  decidedBy: string | undefined;
  decidedAt: number | null;
}

/**
 * A review queue's state column: the state's tag, and under it what `decision` tells of a decided row.
 * `keyPrefix` is where `.decidedBy` lives (see DecisionNote).
 */
export function decidedStateColumn<Row>(
  title: string,
  keyPrefix: string,
  stateTag: (row: Row) => ReactNode,
  decision: (row: Row) => Decision,
): TableColumnType<Row> {
  return {
    title,
    key: 'status',
    render: (_, row) => (
      <div>
        {stateTag(row)}
        <DecisionNote keyPrefix={keyPrefix} {...decision(row)} />
      </div>
    ),
  };
}
