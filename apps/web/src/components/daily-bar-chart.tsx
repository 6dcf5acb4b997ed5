import { niceCeiling } from '../lib/daily-series';
import './daily-bar-chart.css';

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 56;
const GAP = 2;

export interface DailyTableColumn<Row> {
  title: string;
  cell: (row: Row) => string;
}

interface DailyBarChartProps<Row extends { day: string }> {
  /** Every day of the window, oldest first (see `fillDays`). */
  rows: readonly Row[];
  /** The bar of a day. */
  value: (row: Row) => number;
  format: (value: number) => string;
  /** The chart's accessible name, which should say what is measured and the total. */
  label: string;
  /** The same numbers as a table for screen readers: its caption, the day column's title and the others. */
  caption: string;
  dayTitle: string;
  columns: readonly DailyTableColumn<Row>[];
  /** Days the table lists (by default those with a bar). */
  listed?: (row: Row) => boolean;
  /** Said over the empty axes when no day has a bar. */
  emptyText?: string;
}

/** One bar per day on a round scale, with the first and last day under the axis. Hover shows a day's value. */
export function DailyBarChart<Row extends { day: string }>({
  rows,
  value,
  format,
  label,
  caption,
  dayTitle,
  columns,
  listed = (row) => value(row) > 0,
  emptyText,
}: DailyBarChartProps<Row>) {
  const top = niceCeiling(Math.max(0, ...rows.map(value)));
  const barWidth = (WIDTH - AXIS) / Math.max(1, rows.length);

  return (
    <figure className="daily-chart">
      <svg className="daily-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT + 18}`} role="img" aria-label={label}>
        <line x1={AXIS} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="daily-chart__axis" />
        <line x1={AXIS} x2={WIDTH} y1={0.5} y2={0.5} className="daily-chart__grid" />
        <text x={AXIS - 4} y={10} textAnchor="end" className="daily-chart__tick">
          {format(top)}
        </text>
        {rows.map((row, index) => {
          const height = (value(row) / top) * (HEIGHT - 4);
          return (
            <rect
              key={row.day}
              x={AXIS + index * barWidth + GAP / 2}
              y={HEIGHT - height}
              width={Math.max(1, barWidth - GAP)}
              height={height}
              rx={2}
              className="daily-chart__bar"
            >
              <title>{`${row.day}: ${format(value(row))}`}</title>
            </rect>
          );
        })}
        {rows.length > 0 && (
          <>
            <text x={AXIS} y={HEIGHT + 15} className="daily-chart__tick">
              {rows[0]!.day.slice(5)}
            </text>
            <text x={WIDTH} y={HEIGHT + 15} textAnchor="end" className="daily-chart__tick">
              {rows.at(-1)!.day.slice(5)}
            </text>
          </>
        )}
      </svg>
      {emptyText && !rows.some((row) => value(row) > 0) && (
        <figcaption className="daily-chart__empty" data-testid="daily-chart-empty">
          {emptyText}
        </figcaption>
      )}
      <table className="visually-hidden">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{dayTitle}</th>
            {columns.map((column) => (
              <th key={column.title} scope="col">
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.filter(listed).map((row) => (
            <tr key={row.day}>
              <th scope="row">{row.day}</th>
              {columns.map((column) => (
                <td key={column.title}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
