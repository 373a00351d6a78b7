import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loanBookApi } from '@lending/contract';
import { i18n } from '../../lib/i18n';
import { RequestError } from '../../lib/request';
import { fakeEndpoints } from '../../test/fake-endpoints';
import { renderAt } from '../../test/render';
import { OrderDetailPanel } from './order-detail';
import { overdueOrderDetail } from './testing/order-detail-fixture';

configure({ asyncUtilTimeout: 20_000 });

function rowOf(text: string) {
  return within(screen.getByText(text).closest('tr')!);
}

describe('order detail', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the order, its amounts per component and what clears it today', async () => {
    const call = fakeEndpoints([[loanBookApi.orderDetail, () => overdueOrderDetail()]]);
    renderAt(<OrderDetailPanel orderNo=" LN20250101000042 " />, '/loan/loanDetail');
    await screen.findByText('Amounts');
    expect(call).toHaveBeenCalledWith(loanBookApi.orderDetail, { orderNo: 'LN20250101000042' });

    expect(rowOf('Due').getByText('₹4,500.00')).toBeInTheDocument();
    expect(rowOf('Paid').getByText('₹1,063.00')).toBeInTheDocument();
    // Penal ₹20 waived: the part and the total.
    expect(rowOf('Waived').getAllByText('₹20.00')).toHaveLength(2);
    const outstanding = rowOf('Outstanding');
    expect(outstanding.getByText('₹3,500.00')).toBeInTheDocument();
    expect(outstanding.getByText('₹3,550.00')).toBeInTheDocument();
    expect(rowOf('Clearing amount today (2025-01-18)').getByText('₹3,573.50')).toBeInTheDocument();
    expect(screen.getByText('3 days overdue on that day')).toBeInTheDocument();

    // Personal data as the server masked it; status and product.
    expect(screen.getByText('A*** V****')).toBeInTheDocument();
    expect(screen.getByText('*******8901')).toBeInTheDocument();
    expect(screen.getAllByText('Overdue').length).toBeGreaterThan(0);
    expect(screen.getByText('First loan 14 days (New (first loan), v2)')).toBeInTheDocument();
  });

  it('lists payouts with every attempt, repayments with their reversal, waivers and the audit trail', async () => {
    fakeEndpoints([[loanBookApi.orderDetail, () => overdueOrderDetail()]]);
    renderAt(<OrderDetailPanel orderNo="LN20250101000042" />, '/loan/loanDetail');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Payouts (2)' }));
    expect(rowOf('Beneficiary bank offline').getByText('Lend fail')).toBeInTheDocument();
    expect(rowOf('UTR0042').getByText('Lend success')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Repayments (2)' }));
    expect(
      rowOf('RP2025011200000006').getByText('Reversed 2025-01-13 11:30:00: bounced'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Waivers and write-offs (1)' }));
    expect(rowOf('hardship').getByText('Meera Finance')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Audit trail (1)' }));
    expect(rowOf('repay.waiver').getByText('Waive part of what is owed')).toBeInTheDocument();
  });

  it('shows a write-off waiting for a second person, read-only: who asked, when, how much, why', async () => {
    fakeEndpoints([
      [
        loanBookApi.orderDetail,
        () =>
          overdueOrderDetail({
            pendingApproval: {
              kind: 'writeOff',
              amountPaise: 357_350,
              whole: true,
              reason: 'No payment for 60 days',
              requestedBy: 'Meera Finance',
              requestedAt: '2025-01-18T06:30:00.000Z',
            },
          }),
      ],
    ]);
    renderAt(<OrderDetailPanel orderNo="LN20250101000042" />, '/loan/loanDetail');
    const notice = within(
      (await screen.findByText('A write-off is awaiting approval by a second person')).closest(
        '[role="alert"]',
      )! as HTMLElement,
    );
    expect(notice.getByText('₹3,573.50')).toBeInTheDocument();
    expect(notice.getByText('No payment for 60 days')).toBeInTheDocument();
    expect(notice.getByText('Meera Finance')).toBeInTheDocument();
    expect(notice.getByText('2025-01-18 12:00:00')).toBeInTheDocument();
    expect(notice.queryByRole('button')).toBeNull();
  });

  it('shows a request that lapsed as lapsed, never as waiting: when, and what the order did (English and Chinese)', async () => {
    fakeEndpoints([
      [
        loanBookApi.orderDetail,
        () =>
          overdueOrderDetail({
            approvalRequests: [
              {
                id: 9,
                kind: 'writeOff',
                status: 'lapsed',
                amountPaise: 357_350,
                whole: true,
                reason: 'No payment for 60 days',
                requestedBy: 'Meera Finance',
                requestedAt: '2025-01-18T06:30:00.000Z',
                decidedBy: null,
                decidedAt: '2025-01-19T06:30:00.000Z',
                decisionReason: 'Lapsed: LN20250101000042 became CLEARED (repayFull)',
                lapseEvent: 'repayFull',
              },
              {
                id: 10,
                kind: 'waiver',
                status: 'rejected',
                amountPaise: 2_000,
                whole: false,
                reason: 'Goodwill',
                requestedBy: 'Meera Finance',
                requestedAt: '2025-01-20T06:30:00.000Z',
                decidedBy: 'Ravi Checker',
                decidedAt: '2025-01-20T07:30:00.000Z',
                decisionReason: 'Not agreed',
                lapseEvent: null,
              },
            ],
          }),
      ],
    ]);
    renderAt(<OrderDetailPanel orderNo="LN20250101000042" />, '/loan/loanDetail');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Amounts');
    expect(screen.queryByText(/awaiting approval by a second person/)).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Approval requests (2)' }));
    const lapsed = rowOf('No payment for 60 days');
    expect(lapsed.getByText('Write-off')).toBeInTheDocument();
    expect(lapsed.getByText('Lapsed')).toBeInTheDocument();
    expect(lapsed.queryByText('Awaiting approval')).toBeNull();
    expect(
      lapsed.getByText(
        'Lapsed 2025-01-19 12:00:00: the order was repaid in full; nobody decided it',
      ),
    ).toBeInTheDocument();
    const rejected = rowOf('Goodwill');
    expect(rejected.getByText('Rejected')).toBeInTheDocument();
    expect(
      rejected.getByText(/Ravi Checker · 2025-01-20 13:00:00 · Not agreed/),
    ).toBeInTheDocument();

    await i18n.changeLanguage('zh');
    await user.click(await screen.findByRole('tab', { name: '审批申请 (2)' }));
    const zh = rowOf('No payment for 60 days');
    expect(zh.getByText('已失效')).toBeInTheDocument();
    expect(zh.getByText('2025-01-19 12:00:00 失效：订单已全额还款；无人审批')).toBeInTheDocument();
  });

  it('shows no waiting notice when nothing waits', async () => {
    fakeEndpoints([[loanBookApi.orderDetail, () => overdueOrderDetail()]]);
    renderAt(<OrderDetailPanel orderNo="LN20250101000042" />, '/loan/loanDetail');
    await screen.findByText('Amounts');
    expect(screen.queryByText(/awaiting approval by a second person/)).toBeNull();
  });

  it('says when the number is empty or names no order', async () => {
    const call = fakeEndpoints([
      [
        loanBookApi.orderDetail,
        () => {
          throw new RequestError('Not found', 'business', 4004, 404);
        },
      ],
    ]);
    const empty = renderAt(<OrderDetailPanel orderNo="" />, '/loan/loanDetail');
    expect(screen.getByText('order number cannot be empty')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
    empty.unmount();

    renderAt(<OrderDetailPanel orderNo="LN1" />, '/loan/loanDetail');
    await screen.findByText('No order numbered LN1 was found.');
  });

  it('shows in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeEndpoints([[loanBookApi.orderDetail, () => overdueOrderDetail()]]);
    renderAt(<OrderDetailPanel orderNo="LN20250101000042" />, '/loan/loanDetail');
    await screen.findByText('金额');
    expect(rowOf('未还').getByText('₹3,550.00')).toBeInTheDocument();
    expect(screen.getByText('今日结清金额（2025-01-18）')).toBeInTheDocument();
  });
  it('the ledger names the day a later-booked journal belongs to, and why', async () => {
    const detail = overdueOrderDetail();
    fakeEndpoints([
      [
        loanBookApi.orderDetail,
        () => ({
          ...detail,
          journals: [
            ...detail.journals,
            {
              id: 99,
              eventType: 'interestAccrual',
              reversesEventType: null,
              businessDate: '2025-01-22',
              valueDate: '2025-01-15',
              reason:
                'reversal: bounced; repayment RP1 valued 2025-01-15, replayed from 2025-01-15',
              at: '2025-01-22T06:00:00.000Z',
              lines: [
                { account: 'loans_receivable:interest', component: 'interest', amountPaise: 450 },
                { account: 'income:interest', component: null, amountPaise: -450 },
              ],
            },
          ],
        }),
      ],
    ]);
    renderAt(<OrderDetailPanel orderNo="LN20250101000042" />, '/loan/loanDetail');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Amounts');
    await user.click(screen.getByRole('tab', { name: /^Ledger/ }));
    expect(
      screen.getByRole('columnheader', { name: 'Belongs to (value date)' }),
    ).toBeInTheDocument();
    // Both lines of the journal name its day, with the reason on hover; the others name none.
    const belongs = screen.getAllByTitle(/^reversal: bounced/);
    expect(belongs.map((cell) => cell.textContent)).toEqual(['2025-01-15', '2025-01-15']);
  });
});
