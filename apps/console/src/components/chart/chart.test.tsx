import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Chart, withLegendOnTop } from './chart';
import { renderAt } from '../../test/render';

describe('Chart', () => {
  it('loads ECharts on first use and draws into an SVG', async () => {
    const { container } = renderAt(
      <Chart
        label="Disbursed per day"
        option={{
          xAxis: { type: 'category', data: ['21 Nov', '22 Nov'] },
          yAxis: { type: 'value' },
          series: [{ type: 'bar', data: [12, 30] }],
        }}
      />,
    );
    expect(screen.getByRole('img', { name: 'Disbursed per day' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    expect(screen.queryByText(/could not be drawn/)).not.toBeInTheDocument();
  });

  it('puts a legend above the plot with room for it, keeping what the chart set itself', () => {
    const option = withLegendOnTop({
      legend: {},
      grid: { left: 48, bottom: 32 },
      xAxis: { type: 'category' },
      yAxis: { type: 'value' },
    });
    expect(option.legend).toEqual({ top: 0, type: 'scroll' });
    expect(option.grid).toEqual({ top: 40, left: 48, bottom: 32 });
    expect(withLegendOnTop({ legend: { top: 'bottom' } }).legend).toMatchObject({ top: 'bottom' });
    // No legend: nothing changes.
    const bare = { xAxis: {}, yAxis: {}, grid: { bottom: 32 } };
    expect(withLegendOnTop(bare)).toBe(bare);
    // A pie has no grid to make room in.
    expect(withLegendOnTop({ legend: {}, series: [{ type: 'pie' }] })).not.toHaveProperty('grid');
  });
});
