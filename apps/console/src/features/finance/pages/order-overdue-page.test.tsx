import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type OverdueCohortRow, reportApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { OrderOverduePage, rate } from './order-overdue-page';

configure({ asyncUtilTimeout: 20_000 });

const cohort: OverdueCohortRow = {
  dueDate: '2026-11-10',
  customerType: 'new',
  dueCount: 40,
  dueAmountPaise: 20_000_000,
  firstDayOverdue: 10,
  overdue1to7: 6,
  overdue8plus: 4,
  recovered: 7,
};

describe('orderOverdue', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('rates are shares of the cohort, none for an empty one', () => {
    expect(rate(10, 40)).toBe('25.0%');
    expect(rate(0, 0)).toBe('—');
  });

  it('shows each due-date cohort with its rates per band and the totals of the range', async () => {
    const call = fakeEndpoints([
      [
        reportApi.orderOverdue,
        () => ({
          list: [cohort],
          total: 1,
          totals: {
            dueCount: 40,
            dueAmountPaise: 20_000_000,
            firstDayOverdue: 10,
            overdue1to7: 6,
            overdue8plus: 4,
            recovered: 7,
          },
        }),
      ],
    ]);
    renderAt(
      <OrderOverduePage />,
      '/report/orderOverdue?customerType=new&dateFrom=2026-11-01&dateTo=2026-11-15',
    );
    const row = within((await screen.findByRole('cell', { name: '2026-11-10' })).closest('tr')!);
    expect(row.getByText('25.0%')).toBeInTheDocument();
    expect(row.getByText('15.0%')).toBeInTheDocument();
    expect(row.getByText('10.0%')).toBeInTheDocument();
    expect(screen.getByText('Totals of the range')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(reportApi.orderOverdue, {
      page: 1,
      pageSize: 50,
      filters: { customerType: 'new', dateFrom: '2026-11-01', dateTo: '2026-11-15' },
    });
  });
});
