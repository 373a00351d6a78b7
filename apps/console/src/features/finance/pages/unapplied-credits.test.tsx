import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type EndpointBody,
  type ReconciliationBreakRow,
  type ReconciliationDayRow,
  type UnappliedCreditRow,
  financeApi,
} from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { FinancialListPage } from './financial-list-page';

configure({ asyncUtilTimeout: 20_000 });

const credit: UnappliedCreditRow = {
  id: 41,
  paymentId: 'pay_sbx_0500',
  creditedAt: '2026-10-20T05:30:00.000Z',
  amountPaise: 50_000,
  status: 'unmatched',
  note: 'no open loan',
  ageDays: 40,
  aged: true,
  customerName: 'A*** V****',
  phone: '98******21',
  virtualAccount: '*******0041',
  payerReference: 'NEFT UTIB0001',
  borrowerAccountVerified: true,
  refund: null,
};
const requested: UnappliedCreditRow = {
  ...credit,
  id: 42,
  paymentId: 'pay_sbx_0600',
  amountPaise: 60_000,
  status: 'refunding',
  refund: {
    id: 7,
    creditId: 42,
    amountPaise: 60_000,
    status: 'requested',
    destination: 'borrower_account',
    accountNumber: '*******8901',
    ifsc: 'SBIN0001234',
    reason: 'no loan',
    requestedBy: 'Meera',
    requestedAt: '2026-11-28T05:30:00.000Z',
    reviewedBy: null,
    reviewedAt: null,
    reviewReason: null,
    utr: null,
    failureReason: null,
  },
};
const creditsPath = '/financialManagement/FinancialList?view=unappliedCredits';

function fakeCredits(
  calls: { endpoint: string; body: unknown }[],
  rows: UnappliedCreditRow[] = [credit, requested],
) {
  const record =
    (endpoint: string) =>
    <B,>(body: B) => {
      calls.push({ endpoint, body });
      return body;
    };
  return fakeEndpoints([
    [financeApi.unappliedCreditList, () => ({ list: rows, total: rows.length, agedAfterDays: 30 })],
    [
      financeApi.requestCreditRefund,
      (body: EndpointBody<typeof financeApi.requestCreditRefund>) => {
        record('request')(body);
        return { ...requested.refund!, creditId: body.creditId };
      },
    ],
    [
      financeApi.reviewCreditRefund,
      (body: EndpointBody<typeof financeApi.reviewCreditRefund>) => {
        record('review')(body);
        return { ...requested.refund!, status: 'approved' as const };
      },
    ],
    [
      financeApi.applyCredit,
      (body: EndpointBody<typeof financeApi.applyCredit>) => {
        record('apply')(body);
        return { creditId: body.creditId, orderNo: body.orderNo, repaymentId: 9 };
      },
    ],
  ]);
}

describe('Unapplied credits (FinancialList)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists aged credits and requests, approves and applies them', async () => {
    const calls: { endpoint: string; body: unknown }[] = [];
    fakeCredits(calls);
    renderAt(<FinancialListPage />, creditsPath);
    const row = within((await screen.findByText('pay_sbx_0500')).closest('tr')!);
    expect(row.getByText('40 days')).toBeInTheDocument();
    expect(row.getByText('₹500.00')).toBeInTheDocument();
    expect(row.getByText('A*** V****')).toBeInTheDocument();
    expect(
      screen.getByText('Aged after 30 days (setting unapplied_credit_days)'),
    ).toBeInTheDocument();

    // Request a refund: the reason is required; the borrower's verified account by default.
    await userEvent.click(row.getByRole('button', { name: /^Request refund/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Request refund' }));
    expect(await dialog.findByText('Please fill remarks')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.type(dialog.getByLabelText('Reason'), 'no loan to take it');
    await userEvent.click(dialog.getByRole('button', { name: 'Request refund' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      endpoint: 'request',
      body: { creditId: 41, destination: 'borrower_account', reason: 'no loan to take it' },
    });
    // A requested refund is approved by another person from its row (confirmed first).
    const waiting = within(screen.getByText('pay_sbx_0600').closest('tr')!);
    expect(waiting.getByText('Requested')).toBeInTheDocument();
    expect(waiting.queryByRole('button', { name: /^Request refund/ })).toBeNull();
    await userEvent.click(waiting.getByRole('button', { name: /^Approve refund/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({
      endpoint: 'review',
      body: { refundId: 7, decision: 'approve' },
    });
  });

  it('applies a credit to a later loan with the agreement recorded', async () => {
    const calls: { endpoint: string; body: unknown }[] = [];
    fakeCredits(calls, [credit]);
    renderAt(<FinancialListPage />, creditsPath);
    const row = within((await screen.findByText('pay_sbx_0500')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: /^Apply to a loan/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Apply to a loan' }));
    expect(await dialog.findByText('Please enter the order number')).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('Loan (order number)'), 'LN2026112900001');
    await userEvent.click(dialog.getByLabelText("Borrower's agreement by"));
    await userEvent.click(await screen.findByTitle('Phone'));
    await userEvent.type(dialog.getByLabelText('Agreement reference'), 'call 42');
    await userEvent.click(dialog.getByRole('button', { name: 'Apply to a loan' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      endpoint: 'apply',
      body: {
        creditId: 41,
        orderNo: 'LN2026112900001',
        agreementChannel: 'phone',
        agreementReference: 'call 42',
      },
    });
  });

  it('starts the refund of an unapplied credit from its break, with a reason', async () => {
    const resolved: unknown[] = [];
    const day: ReconciliationDayRow = {
      id: 7,
      date: '2026-11-20',
      side: 'collection',
      channel: 'sandbox',
      systemAmountPaise: 50_000,
      systemCount: 1,
      thirdPartyAmountPaise: 50_000,
      thirdPartyCount: 1,
      status: 'failed',
      openBreaks: 1,
      breaks: 1,
      checkedAt: '2026-11-21T19:00:00.000Z',
      checkedBy: 'scheduled',
      checkedByName: null,
    };
    const unapplied: ReconciliationBreakRow = {
      id: 51,
      dayId: 7,
      date: '2026-11-20',
      side: 'collection',
      kind: 'gateway_only',
      reference: 'pay_sbx_0500',
      orderNo: null,
      oursPaise: null,
      gatewayPaise: 50_000,
      status: 'open',
      note: 'recorded, not applied: no open loan',
      resolvedBy: null,
      resolvedAt: null,
      creditId: 41,
      refundId: null,
      refundStatus: null,
    };
    fakeEndpoints([
      fakeList(financeApi.reconciliationDayList, [day]),
      [financeApi.reconciliationBreakList, () => ({ list: [unapplied], total: 1 })],
      [
        financeApi.resolveBreak,
        (body) => {
          resolved.push(body);
          return {
            break: {
              ...unapplied,
              status: 'refunding' as const,
              refundId: 7,
              refundStatus: 'requested' as const,
            },
            dayStatus: 'passed' as const,
          };
        },
      ],
    ]);
    renderAt(<FinancialListPage />, '/financialManagement/FinancialList');
    const row = within((await screen.findByText('1 open of 1')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: /^Breaks/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(await dialog.findByRole('button', { name: 'Resolve pay_sbx_0500' }));
    await userEvent.click(dialog.getByLabelText('Refund'));
    expect(dialog.getByLabelText("Borrower's verified bank account")).toBeChecked();
    expect(dialog.getByLabelText('Apply to a loan')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Resolve' }));
    expect(await dialog.findByText('Please fill remarks')).toBeInTheDocument();
    expect(resolved).toEqual([]);
    await userEvent.type(dialog.getByLabelText('Reason'), 'no loan');
    await userEvent.click(dialog.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(resolved).toHaveLength(1));
    expect(resolved[0]).toMatchObject({
      breakId: 51,
      action: 'refund',
      refundTo: 'borrower_account',
      reason: 'no loan',
    });
  });
});
