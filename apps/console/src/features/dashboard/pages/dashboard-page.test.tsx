import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type DashboardFigures,
  type DashboardRangeKey,
  type DashboardSummary,
  dashboardApi,
} from '@lending/contract';
import { api } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';
import { RequestError } from '../../../lib/request';
import { renderAt } from '../../../test/render';
import { DashboardPage } from './dashboard-page';

function figures(scale: number): DashboardFigures {
  return {
    registrations: 12 * scale,
    applications: 9 * scale,
    approvals: 5 * scale,
    disbursals: { count: 4 * scale, amountPaise: 1_234_567_89 * scale },
    repayments: { count: 3 * scale, amountPaise: 456_300 * scale },
    due: { count: 2 * scale, amountPaise: 912_600 * scale },
    overdue: { count: 1 * scale, amountPaise: 463_650 * scale },
  };
}

function summaryFor(range: DashboardRangeKey): DashboardSummary {
  const days = { last3days: 3, lastWeek: 7, lastMonth: 30 }[range];
  const scale = { last3days: 1, lastWeek: 2, lastMonth: 10 }[range];
  const daily = Array.from({ length: days }, (_, index) => ({
    date: `2025-01-${String(16 - days + index).padStart(2, '0')}`.replace('-0-', '-'),
    ...figures(index === days - 1 ? scale : 0),
  }));
  return {
    range,
    from: range === 'last3days' ? '2025-01-13' : range === 'lastWeek' ? '2025-01-09' : '2024-12-17',
    to: '2025-01-15',
    asOf: '2025-01-15 23:59:59',
    indiaNow: '2025-01-15 10:00:00',
    totals: figures(scale),
    daily,
    assetClasses: [
      { assetClass: 'STANDARD', count: 20, outstandingPaise: 90_00_000, suspensePaise: 0 },
      { assetClass: 'SMA-0', count: 2, outstandingPaise: 9_27_300, suspensePaise: 0 },
      { assetClass: 'SMA-1', count: 0, outstandingPaise: 0, suspensePaise: 0 },
      { assetClass: 'SMA-2', count: 0, outstandingPaise: 0, suspensePaise: 0 },
      { assetClass: 'NPA', count: 1, outstandingPaise: 5_61_200, suspensePaise: 42_750 },
    ],
  };
}

function figure(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('dashboard page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the figures the API answered, ₹ in Indian grouping, and the daily chart', async () => {
    const call = vi
      .spyOn(api, 'call')
      .mockImplementation(async (endpoint, body) =>
        endpoint === dashboardApi.dashboardSummary
          ? summaryFor((body as { range: DashboardRangeKey }).range)
          : Promise.reject(new Error('unexpected call')),
      );
    renderAt(<DashboardPage />, '/dashboard');
    expect(await screen.findByRole('region', { name: 'Registrations' })).toHaveTextContent('12');
    expect(call).toHaveBeenCalledWith(
      dashboardApi.dashboardSummary,
      { range: 'last3days' },
      expect.anything(),
    );
    expect(figure('Applications').getByText('9')).toBeInTheDocument();
    expect(figure('Approvals').getByText('5')).toBeInTheDocument();
    expect(figure('Disbursals').getByText('4')).toBeInTheDocument();
    expect(figure('Disbursals').getByText('₹12,34,567.89')).toBeInTheDocument();
    expect(figure('Repayments').getByText('₹4,563.00')).toBeInTheDocument();
    expect(figure('Due').getByText('₹9,126.00')).toBeInTheDocument();
    expect(figure('Overdue').getByText('₹4,636.50')).toBeInTheDocument();
    expect(screen.getByText(/as of 2025-01-15 23:59:59/)).toBeInTheDocument();
    expect(screen.getByText(/2025-01-13 to 2025-01-15/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Daily figures' })).toBeInTheDocument();
    // The book by asset class, as the server counted it.
    const classes = figure('Loans by asset class');
    const npa = classes.getByText('NPA', { selector: '.ant-tag' }).closest('tr')!;
    expect(
      within(npa)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['NPA', '1', '₹5,612.00', '₹427.50']);
  });

  it('asks again when the range changes, and shows the new figures', async () => {
    const call = vi
      .spyOn(api, 'call')
      .mockImplementation(async (_endpoint, body) =>
        summaryFor((body as { range: DashboardRangeKey }).range),
      );
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('region', { name: 'Registrations' });
    await userEvent.setup({ delay: null }).click(screen.getByText('Last month'));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        dashboardApi.dashboardSummary,
        { range: 'lastMonth' },
        expect.anything(),
      ),
    );
    await waitFor(() => expect(figure('Registrations').getByText('120')).toBeInTheDocument());
    expect(screen.getByText(/2024-12-17 to 2025-01-15/)).toBeInTheDocument();
  });

  it('says so in place when the figures are refused', async () => {
    vi.spyOn(api, 'call').mockRejectedValue(
      new RequestError('You do not have permission for this operation', 'business', 4003, 403),
    );
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByText(
      'The figures could not be loaded: You do not have permission for this operation',
    );
  });
});
