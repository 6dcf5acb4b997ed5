import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DailyBarChart } from './daily-bar-chart';

afterEach(() => cleanup());

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

const chart = (amounts: number[]) => (
  <DailyBarChart
    rows={amounts.map((amountFen, index) => ({ day: `2026-11-${String(index + 1).padStart(2, '0')}`, amountFen }))}
    value={(row) => row.amountFen}
    format={yuan}
    label="income"
    caption="income per day"
    dayTitle="day"
    columns={[{ title: 'amount', cell: (row) => yuan(row.amountFen) }]}
    emptyText="No income in the last 3 days"
  />
);

function ticks(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.daily-chart__tick')].map((tick) => tick.textContent);
}

describe('DailyBarChart', () => {
  it('says so over the axes when no day has a bar, and puts no made-up top on the scale', () => {
    const { container } = render(chart([0, 0, 0]));
    expect(screen.getByTestId('daily-chart-empty').textContent).toBe('No income in the last 3 days');
    // The scale of an empty chart is zero alone, never its rounding's "1" (here one fen).
    expect(ticks(container)).toEqual(['', '¥0.00', '11-01', '11-03']);
    expect(container.textContent).not.toContain('¥0.01');
  });

  it('draws the bars on a round scale and says nothing more when one day has one', () => {
    const { container } = render(chart([0, 1700, 0]));
    expect(screen.queryByTestId('daily-chart-empty')).toBeNull();
    expect(container.querySelectorAll('.daily-chart__bar')).toHaveLength(3);
    expect(screen.getByTestId('daily-chart-top').textContent).toBe('¥20.00');
    expect(ticks(container)).toEqual(['¥20.00', '¥0.00', '11-01', '11-03']);
  });

  it('writes its labels as text of the page, outside the drawing that stretches with the width', () => {
    const { container } = render(chart([300, 500, 100]));
    const svg = container.querySelector('svg')!;
    expect(svg.querySelector('text')).toBeNull();
    expect(svg.getAttribute('preserveAspectRatio')).toBe('none');
    for (const tick of container.querySelectorAll('.daily-chart__tick')) expect(svg.contains(tick)).toBe(false);
  });
});
