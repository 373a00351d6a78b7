import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type ReconciliationBreakRow,
  type ReconciliationDayRow,
  financeApi,
} from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { FinancialListPage } from './financial-list-page';

configure({ asyncUtilTimeout: 20_000 });

const day: ReconciliationDayRow = {
  id: 7,
  date: '2026-11-20',
  side: 'collection',
  channel: 'sandbox',
  systemAmountPaise: 1_234_500,
  systemCount: 12,
  thirdPartyAmountPaise: 1_244_500,
  thirdPartyCount: 12,
  status: 'failed',
  openBreaks: 1,
  breaks: 1,
  checkedAt: '2026-11-21T19:00:00.000Z',
  checkedBy: 'scheduled',
  checkedByName: null,
};
const payoutDay: ReconciliationDayRow = {
  ...day,
  id: 8,
  side: 'payout',
  systemAmountPaise: 5_000_000,
  thirdPartyAmountPaise: null,
  thirdPartyCount: null,
  status: 'not_checked',
  openBreaks: 0,
  breaks: 0,
  checkedBy: 'staff',
  checkedByName: 'Meera Iyer',
};
const open: ReconciliationBreakRow = {
  id: 31,
  dayId: 7,
  date: '2026-11-20',
  side: 'collection',
  kind: 'amount_mismatch',
  reference: 'pay_sbx_0001',
  orderNo: 'LN2026112000001',
  oursPaise: 100_000,
  gatewayPaise: 101_000,
  status: 'open',
  note: null,
  resolvedBy: null,
  resolvedAt: null,
  creditId: null,
  refundId: null,
  refundStatus: null,
};

describe('FinancialList', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows system and third-party figures per day and resolves a break with a reason', async () => {
    const resolved: unknown[] = [];
    const call = fakeEndpoints([
      fakeList(financeApi.reconciliationDayList, [day, payoutDay]),
      [financeApi.reconciliationBreakList, () => ({ list: [open], total: 1 })],
      [
        financeApi.resolveBreak,
        (body) => {
          resolved.push(body);
          return {
            break: { ...open, status: 'ignored' as const, note: 'bank error', resolvedBy: 'Meera' },
            dayStatus: 'passed' as const,
          };
        },
      ],
    ]);
    renderAt(<FinancialListPage />, '/financialManagement/FinancialList');
    const row = within((await screen.findByText('₹12,345.00')).closest('tr')!);
    expect(row.getByText('₹12,445.00 / 12')).toBeInTheDocument();
    expect(row.getByText('Failed')).toBeInTheDocument();
    expect(row.getByText('1 open of 1')).toBeInTheDocument();
    expect(screen.getByText('No statement from the gateway')).toBeInTheDocument();
    expect(screen.getByText('Not checked')).toBeInTheDocument();
    // Who ran each day: the server's schedule, or the staff member who ran it again.
    expect(row.getByText('Scheduled')).toBeInTheDocument();
    const payoutRow = within(screen.getByText('₹50,000.00').closest('tr')!);
    expect(payoutRow.getByText('Meera Iyer')).toBeInTheDocument();

    await userEvent.click(row.getByRole('button', { name: /^Breaks/ }));
    // jsdom gives every antd id the same value, so the dialog is found by role and its title read.
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Breaks of 2026-11-20 (Collections)')).toBeInTheDocument();
    expect(await dialog.findByText('Amount mismatch')).toBeInTheDocument();
    expect(dialog.getByText('₹1,010.00')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Resolve pay_sbx_0001' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Resolve' }));
    expect(await dialog.findByText('Please fill remarks')).toBeInTheDocument();
    expect(resolved).toEqual([]);
    await userEvent.type(dialog.getByLabelText('Reason'), 'bank error');
    await userEvent.click(dialog.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(resolved).toHaveLength(1));
    expect(resolved[0]).toMatchObject({ breakId: 31, action: 'ignore', reason: 'bank error' });
    expect(call).toHaveBeenCalledWith(financeApi.reconciliationBreakList, {
      page: 1,
      pageSize: 100,
      filters: { dayId: 7 },
    });
  });

  it('says in Chinese who ran a day', async () => {
    await i18n.changeLanguage('zh');
    fakeEndpoints([fakeList(financeApi.reconciliationDayList, [day, payoutDay])]);
    renderAt(<FinancialListPage />, '/financialManagement/FinancialList');
    await screen.findByText('定时任务');
    expect(screen.getByRole('columnheader', { name: '核对人' })).toBeInTheDocument();
  });
});
