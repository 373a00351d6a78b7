import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type AdjustmentRow, type PeriodLockRow, financeApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints } from '../../../test/fake-endpoints';
import { renderAt, testAdmin } from '../../../test/render';
import { FinancialListPage } from './financial-list-page';

configure({ asyncUtilTimeout: 20_000 });

const PATH = '/financialManagement/FinancialList';

const zero = {
  receivablePaise: 0,
  incomePaise: 0,
  suspensePaise: 0,
  cashPaise: 0,
  liabilityPaise: 0,
  expensePaise: 0,
};
/** A payment valued on 14 November, posted on the 17th. */
const payment: AdjustmentRow = {
  id: 901,
  postedDate: '2026-11-17',
  valueDate: '2026-11-14',
  orderId: 42,
  orderNo: 'LN2026110100042',
  event: 'repayment',
  reverses: null,
  reason: 'value date 2026-11-14, posted 2026-11-17',
  ...zero,
  receivablePaise: -456_300,
  cashPaise: 456_300,
};
/** The penal accrual of the 15th, undone by it. */
const undone: AdjustmentRow = {
  ...payment,
  id: 899,
  valueDate: '2026-11-15',
  event: 'valueDateReversal',
  reverses: 'penalAccrual',
  ...zero,
  receivablePaise: -2_000,
  incomePaise: 2_000,
};
const totals = {
  count: 2,
  ...zero,
  receivablePaise: -458_300,
  incomePaise: 2_000,
  cashPaise: 456_300,
};

const october: PeriodLockRow = {
  id: 3,
  month: '2026-10',
  lockedThrough: '2026-10-31',
  reason: 'October closed and reported',
  lockedBy: 'Meera Finance',
  lockedAt: '2026-11-05T06:30:00.000Z',
};
const lockState = {
  closedThrough: '2026-11-30',
  lockedThrough: '2026-10-31',
  lockableMonth: '2026-11',
  postingMode: 'refuse' as const,
};

describe('FinancialList: adjustments and month locks', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('adjustments: each journal with the day it corrects, its event in words, the net per kind and the totals', async () => {
    const call = fakeEndpoints([
      [financeApi.adjustmentList, () => ({ list: [payment, undone], total: 2, totals })],
    ]);
    renderAt(
      <FinancialListPage />,
      `${PATH}?view=adjustments&dateFrom=2026-11-17&dateTo=2026-11-17`,
    );
    const row = within(
      (await screen.findByText('Value-date reversal of Penal accrual')).closest('tr')!,
    );
    expect(row.getByText('2026-11-15')).toBeInTheDocument();
    expect(row.getByText('2026-11-17')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'LN2026110100042' })).toHaveAttribute(
      'href',
      '/loan/loanDetail?orderNo=LN2026110100042',
    );
    expect(row.getByText('-₹20.00')).toBeInTheDocument();
    const paid = within(screen.getByText('Repayment').closest('tr')!);
    expect(paid.getByText('value date 2026-11-14, posted 2026-11-17')).toBeInTheDocument();
    expect(paid.getAllByText('₹4,563.00')).toHaveLength(1);
    // The totals bar: what the range's postings moved in days already past, per kind.
    expect(screen.getByText('-₹4,583.00')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(financeApi.adjustmentList, {
      page: 1,
      pageSize: 20,
      filters: { dateFrom: '2026-11-17', dateTo: '2026-11-17' },
    });
  });

  it('adjustments: events in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeEndpoints([
      [financeApi.adjustmentList, () => ({ list: [payment, undone], total: 2, totals })],
    ]);
    renderAt(<FinancialListPage />, `${PATH}?view=adjustments`);
    expect(await screen.findByText('起息日冲销（冲销罚息计提）')).toBeInTheDocument();
    expect(screen.getByText('还款')).toBeInTheDocument();
  });

  it('month locks: lists them with the days closed and locked and the setting, and locks the month offered with a reason', async () => {
    const locked: unknown[] = [];
    const call = fakeEndpoints([
      [financeApi.periodLockList, () => ({ list: [october], total: 1, ...lockState })],
      [
        financeApi.lockMonth,
        (body) => {
          locked.push(body);
          return {
            lock: { ...october, id: 4, month: body.month, lockedThrough: '2026-11-30' },
            lockedThrough: '2026-11-30',
          };
        },
      ],
    ]);
    renderAt(<FinancialListPage />, `${PATH}?view=periodLocks`);
    const row = within((await screen.findByText('October closed and reported')).closest('tr')!);
    expect(row.getByText('2026-10')).toBeInTheDocument();
    expect(row.getByText('Meera Finance')).toBeInTheDocument();
    expect(screen.getByText('2026-11-30')).toBeInTheDocument();
    expect(screen.getByText('Refuse: the value date is refused')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Lock a month' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      await dialog.findByText('The latest month that can be locked now: 2026-11'),
    ).toBeInTheDocument();
    expect(
      dialog.getByText(/A lock is permanent: no journal may belong to a locked day again/),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Lock for good' }));
    expect(await dialog.findByText('Please give a reason')).toBeInTheDocument();
    expect(locked).toEqual([]);
    await userEvent.type(dialog.getByLabelText('Reason'), 'November reported');
    await userEvent.click(dialog.getByRole('button', { name: 'Lock for good' }));
    await waitFor(() =>
      expect(locked).toEqual([{ month: '2026-11', reason: 'November reported' }]),
    );
    expect(call).toHaveBeenCalledWith(financeApi.lockMonth, {
      month: '2026-11',
      reason: 'November reported',
    });
  });

  it('month locks: no lock button without the grant to lock', async () => {
    fakeEndpoints([
      [financeApi.periodLockList, () => ({ list: [october], total: 1, ...lockState })],
    ]);
    renderAt(<FinancialListPage />, `${PATH}?view=periodLocks`, {
      user: { ...testAdmin, interfaces: [financeApi.periodLockList.id] },
    });
    await screen.findByText('October closed and reported');
    expect(screen.queryByRole('button', { name: 'Lock a month' })).not.toBeInTheDocument();
  });
});
