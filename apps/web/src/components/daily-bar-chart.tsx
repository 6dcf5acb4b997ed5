import { niceCeiling } from '../lib/daily-series';
import './daily-bar-chart.css';

/** The plot's own units: the SVG stretches them to the box, whose height the stylesheet fixes. */
const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

export interface DailyTableColumn<Row> {
  title: string;
  cell: (row: Row) => string;
}

interface DailyBarChartProps<Row extends { day: string }> {
  /** Every day of the window, oldest first, as the server reports them (business days). */
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
  emptyText: string;
  /** The first and last bar's label under the axis (by default the day without its year; a chart of months names them whole). */
  tick?: (day: string) => string;
}

/**
 * One bar per day on a round scale, with the scale's top and zero beside it and the first and last day
 * under it. Hover shows a day's value. The labels are text of the page, not of the drawing, so they keep
 * their size whatever the chart's width; with no bar there is no scale to show, only zero and `emptyText`.
 */
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
  tick = (day) => day.slice(5),
}: DailyBarChartProps<Row>) {
  const highest = Math.max(0, ...rows.map(value));
  const top = niceCeiling(highest);
  const barWidth = WIDTH / Math.max(1, rows.length);

  return (
    <figure className="daily-chart">
      <div className="daily-chart__scale" aria-hidden="true">
        <span className="daily-chart__tick" data-testid="daily-chart-top">
          {highest > 0 ? format(top) : ''}
        </span>
        <span className="daily-chart__tick">{format(0)}</span>
      </div>
      <div className="daily-chart__plot">
        <svg className="daily-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label}>
          <line x1={0} x2={WIDTH} y1={0.5} y2={0.5} className="daily-chart__grid" vectorEffect="non-scaling-stroke" />
          <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="daily-chart__axis" vectorEffect="non-scaling-stroke" />
          {rows.map((row, index) => {
            const height = (value(row) / top) * (HEIGHT - 4);
            return (
              <rect
                key={row.day}
                x={index * barWidth + GAP / 2}
                y={HEIGHT - height}
                width={Math.max(1, barWidth - GAP)}
                height={height}
                className="daily-chart__bar"
              >
                <title>{`${row.day}: ${format(value(row))}`}</title>
              </rect>
            );
          })}
        </svg>
        {highest === 0 && (
          <p className="daily-chart__empty" data-testid="daily-chart-empty">
            {emptyText}
          </p>
        )}
      </div>
      {rows.length > 0 && (
        <div className="daily-chart__days" aria-hidden="true">
          <span className="daily-chart__tick">{tick(rows[0]!.day)}</span>
          <span className="daily-chart__tick">{tick(rows.at(-1)!.day)}</span>
        </div>
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
