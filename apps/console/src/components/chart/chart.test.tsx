import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Chart } from './chart';
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
});
