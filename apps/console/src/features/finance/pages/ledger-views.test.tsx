import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CashFlowDay, type GstMonth, exportApi, financeApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt, testAdmin } from '../../../test/render';
import { FinancialListPage } from './financial-list-page';

configure({ asyncUtilTimeout: 20_000 });

const PATH = '/financialManagement/FinancialList';

const balanced = {
  date: '2026-11-20',
  accounts: [
    { account: 'loans_receivable:principal', debitPaise: 10_000_000, creditPaise: 0 },
    { account: 'cash:payout_clearing', debitPaise: 0, creditPaise: 8_820_000 },
    { account: 'income:processing_fee', debitPaise: 0, creditPaise: 1_000_000 },
    { account: 'liability:gst_payable', debitPaise: 0, creditPaise: 180_000 },
  ],
  totalDebitPaise: 10_000_000,
  totalCreditPaise: 10_000_000,
};

const january: GstMonth = {
  month: '2026-01',
  processingFeePaise: 1_000_000,
  rolloverFeePaise: 250_000,
  feeBasePaise: 1_250_000,
  gstChargedPaise: 243_000,
  gstReversedPaise: 18_000,
  gstNetPaise: 225_000,
};
const february: GstMonth = {
  month: '2026-02',
  processingFeePaise: 500_000,
  rolloverFeePaise: 0,
  feeBasePaise: 500_000,
  gstChargedPaise: 90_000,
  gstReversedPaise: 0,
  gstNetPaise: 90_000,
};

const day: CashFlowDay = {
  date: '2026-11-19',
  disbursedPaise: 8_820_000,
  payoutReturnedPaise: 0,
  collectedPaise: 12_345_600,
  refundedPaise: 100_000,
  walletPaidPaise: 0,
  netPaise: 3_425_600,
};

/** The tab panel the user sees. */
const panel = () => within(screen.getByRole('tabpanel'));

/** Types a date into an antd picker's input (jsdom has no calendar to click) and confirms it. */
async function typeDate(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

describe('FinancialList ledger tabs', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('trial balance: each account’s debit or credit, equal totals, and the date asked for', async () => {
    const call = fakeEndpoints([
      [financeApi.trialBalance, (body) => ({ ...balanced, date: body.date })],
    ]);
    renderAt(<FinancialListPage />, `${PATH}?view=trialBalance&date=2026-11-20`);
    const row = within((await screen.findByText('Cash: payout clearing')).closest('tr')!);
    expect(row.getByText('cash:payout_clearing')).toBeInTheDocument();
    expect(row.getByText('₹88,200.00')).toBeInTheDocument();
    expect(screen.getByText('Debits equal credits')).toBeInTheDocument();
    // Totals bar and the table's total row both show ₹1,00,000.00 for debit and credit.
    expect(screen.getAllByText('₹1,00,000.00').length).toBeGreaterThanOrEqual(4);
    expect(call).toHaveBeenCalledWith(financeApi.trialBalance, { date: '2026-11-20' });

    await typeDate(screen.getByLabelText('As of the end of (India date)'), '2026-10-31');
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(financeApi.trialBalance, { date: '2026-10-31' }),
    );
  });

  it('trial balance: says so plainly when debits and credits differ', async () => {
    fakeEndpoints([
      [financeApi.trialBalance, () => ({ ...balanced, totalCreditPaise: 9_999_900 })],
    ]);
    renderAt(<FinancialListPage />, `${PATH}?view=trialBalance&date=2026-11-20`);
    await screen.findByText('Debits and credits differ by ₹1.00: the ledger does not balance');
    expect(screen.queryByText('Debits equal credits')).not.toBeInTheDocument();
  });

  it('GST by month: per month fee base, GST charged, reversed and net, with totals', async () => {
    const call = fakeEndpoints([
      [
        financeApi.gstByMonth,
        () => ({
          list: [january, february],
          total: 2,
          totals: {
            processingFeePaise: 1_500_000,
            rolloverFeePaise: 250_000,
            feeBasePaise: 1_750_000,
            gstChargedPaise: 333_000,
            gstReversedPaise: 18_000,
            gstNetPaise: 315_000,
          },
        }),
      ],
    ]);
    renderAt(<FinancialListPage />, `${PATH}?view=gstByMonth&monthFrom=2026-01&monthTo=2026-02`);
    const row = within((await screen.findByText('2026-01')).closest('tr')!);
    expect(row.getByText('₹12,500.00')).toBeInTheDocument();
    expect(row.getByText('₹2,430.00')).toBeInTheDocument();
    expect(row.getByText('₹180.00')).toBeInTheDocument();
    expect(row.getByText('₹2,250.00')).toBeInTheDocument();
    // The totals bar: the GST net of both months.
    expect(screen.getByText('₹3,150.00')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(financeApi.gstByMonth, {
      page: 1,
      pageSize: 100,
      filters: { monthFrom: '2026-01', monthTo: '2026-02' },
    });
  });

  it('cash flow: a day’s disbursed, collected, refunded and net; the range asked for', async () => {
    const call = fakeEndpoints([
      [
        financeApi.cashFlow,
        () => ({ list: [day], total: 1, totals: { ...day, date: undefined } as never }),
      ],
    ]);
    renderAt(<FinancialListPage />, `${PATH}?view=cashFlow&dateFrom=2026-11-01&dateTo=2026-11-20`);
    const row = within((await screen.findByText('2026-11-19')).closest('tr')!);
    expect(row.getByText('₹88,200.00')).toBeInTheDocument();
    expect(row.getByText('₹1,23,456.00')).toBeInTheDocument();
    expect(row.getByText('₹1,000.00')).toBeInTheDocument();
    expect(row.getByText('₹34,256.00')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(financeApi.cashFlow, {
      page: 1,
      pageSize: 100,
      filters: { dateFrom: '2026-11-01', dateTo: '2026-11-20' },
    });
    expect(await screen.findByLabelText('Cash in and out per day')).toBeInTheDocument();

    const [from] = panel().getAllByRole('textbox');
    await typeDate(from!, '2026-10-01');
    await typeDate(panel().getAllByRole('textbox')[1]!, '2026-10-31');
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(financeApi.cashFlow, {
        page: 1,
        pageSize: 100,
        filters: { dateFrom: '2026-10-01', dateTo: '2026-10-31' },
      }),
    );
  });

  it('exports the view as the list kit does: its range, its columns in the user’s language', async () => {
    await i18n.changeLanguage('zh');
    const call = fakeEndpoints([
      [
        financeApi.cashFlow,
        () => ({ list: [day], total: 1, totals: { ...day, date: undefined } as never }),
      ],
      [exportApi.startExport, () => ({ id: 7, status: 'queued' as const })],
    ]);
    renderAt(<FinancialListPage />, `${PATH}?view=cashFlow&dateFrom=2026-11-01&dateTo=2026-11-20`);
    await screen.findByText('2026-11-19');
    await userEvent.click(panel().getByRole('button', { name: /导出/ }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        exportApi.startExport,
        expect.objectContaining({
          endpoint: financeApi.cashFlow.id,
          route: 'FinancialList',
          title: i18n.t('finance.ledger.tabs.cashFlow'),
          filters: { dateFrom: '2026-11-01', dateTo: '2026-11-20' },
        }),
      ),
    );
    const body = call.mock.calls.find(([endpoint]) => endpoint === exportApi.startExport)![1] as {
      columns: { field: string; header: string; kind: string }[];
    };
    expect(body.columns[0]).toEqual({
      field: 'date',
      header: i18n.t('finance.ledger.date'),
      kind: 'date',
    });
    expect(body.columns.find((column) => column.field === 'netPaise')).toEqual({
      field: 'netPaise',
      header: i18n.t('finance.ledger.net'),
      kind: 'money',
    });
  });

  it('shows only the tabs the user is granted, starting with the first', async () => {
    fakeEndpoints([
      fakeList(financeApi.reconciliationDayList, []),
      [financeApi.trialBalance, () => balanced],
    ]);
    renderAt(<FinancialListPage />, PATH, {
      user: { ...testAdmin, interfaces: [financeApi.trialBalance.id, financeApi.gstByMonth.id] },
    });
    expect(await screen.findByRole('tab', { name: 'Trial balance' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'GST by month' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Reconciliation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Cash flow' })).not.toBeInTheDocument();
    await screen.findByText('Debits equal credits');
    await userEvent.click(screen.getByRole('tab', { name: 'GST by month' }));
    expect(await screen.findByRole('tab', { name: 'GST by month', selected: true })).toBeVisible();
  });
});
