import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DailyBarChart } from './daily-bar-chart';

afterEach(() => cleanup());

const chart = (counts: number[]) => (
  <DailyBarChart
    rows={counts.map((count, index) => ({ day: `2026-11-${String(index + 1).padStart(2, '0')}`, count }))}
    value={(row) => row.count}
    format={String}
    label="new works"
    caption="new works per day"
    dayTitle="day"
    columns={[{ title: 'works', cell: (row) => String(row.count) }]}
    emptyText="No new works in the last 3 days"
  />
);

describe('DailyBarChart', () => {
  it('says so over the axes when no day has a bar', () => {
    render(chart([0, 0, 0]));
    expect(screen.getByTestId('daily-chart-empty').textContent).toBe('No new works in the last 3 days');
  });

  it('draws the bars and says nothing more when one day has one', () => {
    const { container } = render(chart([0, 2, 0]));
    expect(screen.queryByTestId('daily-chart-empty')).toBeNull();
    expect(container.querySelectorAll('.daily-chart__bar')).toHaveLength(3);
  });
});
