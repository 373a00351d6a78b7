import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RepayPlanRow, loanBookApi, repayApi, waiverApprovalApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { RequestError } from '../../../lib/request';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt, testAdmin } from '../../../test/render';
import {
  activeRow,
  overdueRow,
  queryOrder,
  waitingWaiverRow,
  waitingWriteOffRow,
} from '../testing/repay-rows';
import { RepayPlanPage } from './repay-plan-page';

configure({ asyncUtilTimeout: 20_000 });

async function findRow(orderNo: string) {
  return within((await screen.findByText(orderNo)).closest('tr')!);
}

describe('repayment plan', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists what each order owes, masked, with the clearing amount today, filtered from the URL', async () => {
    const call = fakeEndpoints([fakeList(repayApi.listRepayPlan, [overdueRow, activeRow])]);
    renderAt(<RepayPlanPage />, '/repay/repayPlan?status=OVERDUE');
    const row = await findRow(overdueRow.orderNo);
    expect(call).toHaveBeenCalledWith(repayApi.listRepayPlan, {
      page: 1,
      pageSize: 20,
      filters: { status: 'OVERDUE' },
    });
    expect(row.getByText('A*** V****')).toBeInTheDocument();
    expect(row.getByText('******3210')).toBeInTheDocument();
    expect(row.getByText('₹4,636.50')).toBeInTheDocument();
    expect(row.getByText('₹4,641.00')).toBeInTheDocument();
    expect(row.getByText('Overdue not paid')).toBeInTheDocument();
    expect(row.getByRole('link', { name: overdueRow.orderNo })).toHaveAttribute(
      'href',
      `/loan/loanDetail?orderNo=${overdueRow.orderNo}`,
    );
    expect(screen.queryByText(activeRow.orderNo)).toBeNull();
  });

  it('records a partial repayment: the amount is checked against what clears the loan today', async () => {
    const rows: RepayPlanRow[] = [{ ...activeRow }];
    const call = fakeEndpoints([
      fakeList(repayApi.listRepayPlan, rows),
      [
        loanBookApi.postRepayment,
        (body) => {
          rows[0]!.paidPaise += body.amountPaise;
          return {
            orderId: 42,
            orderNo: activeRow.orderNo,
            status: 'ACTIVE' as const,
            closureType: null,
          };
        },
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepayPlanPage />, '/repay/repayPlan');
    const row = await findRow(activeRow.orderNo);
    await user.click(row.getByRole('button', { name: `Record repayment: ${activeRow.orderNo}` }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/At most ₹3,536.00/)).toBeInTheDocument();
    const amount = dialog.getByLabelText('Amount (₹)');
    await user.type(amount, '0');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('amount cannot be 0')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '3536.01');
    expect(await dialog.findByText('entered amount exceeds maximum amount')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1,500.50');
    await user.click(dialog.getByLabelText('Channel'));
    await user.click(await screen.findByTitle('NEFT'));
    await user.type(dialog.getByLabelText('Reference (UTR or receipt number)'), 'UTR998877');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await screen.findByText('Repayment recorded');
    expect(call).toHaveBeenCalledWith(
      loanBookApi.postRepayment,
      expect.objectContaining({
        orderId: 42,
        amountPaise: 150_050,
        channel: 'neft',
        gatewayPaymentId: 'UTR998877',
        idempotencyKey: expect.stringMatching(/^console-repay-/),
      }),
    );
    await waitFor(async () =>
      expect((await findRow(activeRow.orderNo)).getByText('₹2,500.50')).toBeInTheDocument(),
    );
  });

  it('rolls over for exactly the quote, after the confirmation', async () => {
    const call = fakeEndpoints([
      fakeList(repayApi.listRepayPlan, [overdueRow]),
      [repayApi.repayQuery, () => ({ date: '2025-02-01', orders: [queryOrder] })],
      [
        loanBookApi.rolloverOrder,
        () => ({
          orderId: 41,
          orderNo: overdueRow.orderNo,
          status: 'ACTIVE' as const,
          closureType: null,
        }),
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepayPlanPage />, '/repay/repayPlan');
    const row = await findRow(overdueRow.orderNo);
    await user.click(row.getByRole('button', { name: `Rollover: ${overdueRow.orderNo}` }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('₹402.00')).toBeInTheDocument();
    expect(dialog.getByText('2025-02-05')).toBeInTheDocument();
    await user.click(dialog.getByLabelText('Channel'));
    await user.click(await screen.findByTitle('UPI'));
    await user.type(dialog.getByLabelText('Reference (UTR or receipt number)'), 'UTR42');
    await user.click(dialog.getByRole('button', { name: 'Rollover' }));
    const confirm = await screen.findByText(
      `Roll over order ${overdueRow.orderNo}? The borrower pays ₹402.00 now and the due date moves to 2025-02-05. This cannot be undone here.`,
    );
    expect(call).not.toHaveBeenCalledWith(loanBookApi.rolloverOrder, expect.anything());
    await user.click(
      within(confirm.closest('.ant-modal-confirm') as HTMLElement).getByRole('button', {
        name: 'OK',
      }),
    );
    await screen.findByText('Rollover done');
    expect(call).toHaveBeenCalledWith(
      loanBookApi.rolloverOrder,
      expect.objectContaining({ orderId: 41, amountPaise: 40_200, channel: 'upi' }),
    );
  });

  it('waives part of the overdue fee with a reason, never more than is owed', async () => {
    const call = fakeEndpoints([
      fakeList(repayApi.listRepayPlan, [overdueRow]),
      [
        loanBookApi.waiveOrder,
        () => ({
          orderId: 41,
          orderNo: overdueRow.orderNo,
          status: 'OVERDUE' as const,
          closureType: null,
        }),
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepayPlanPage />, '/repay/repayPlan');
    const row = await findRow(overdueRow.orderNo);
    await user.click(row.getByRole('button', { name: `Waiver: ${overdueRow.orderNo}` }));
    const dialog = within(await screen.findByRole('dialog'));
    const amount = dialog.getByLabelText('Amount (₹)');
    expect(amount).toHaveValue('60.00');
    await user.clear(amount);
    await user.type(amount, '61');
    await user.click(dialog.getByRole('button', { name: 'Waiver' }));
    expect(await dialog.findByText('entered amount exceeds maximum amount')).toBeInTheDocument();
    expect(await dialog.findByText('Enter the reason')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '40');
    await user.type(dialog.getByLabelText('Reason'), 'Hardship');
    await user.click(dialog.getByRole('button', { name: 'Waiver' }));
    await screen.findByText('Waiver done');
    expect(call).toHaveBeenCalledWith(
      loanBookApi.waiveOrder,
      expect.objectContaining({ orderId: 41, reason: 'Hardship', amounts: { penalPaise: 4_000 } }),
    );
  });

  it('tells the maker a settlement above the approval amount waits for a second person', async () => {
    fakeEndpoints([
      fakeList(repayApi.listRepayPlan, [activeRow]),
      [
        loanBookApi.waiveOrder,
        () => ({
          orderId: 42,
          orderNo: activeRow.orderNo,
          status: 'ACTIVE' as const,
          closureType: null,
          amountPaise: 353_600,
          waiverRequestId: 9,
        }),
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepayPlanPage />, '/repay/repayPlan');
    const row = await findRow(activeRow.orderNo);
    await user.click(row.getByRole('button', { name: `Waiver: ${activeRow.orderNo}` }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Reason'), 'Hardship');
    await user.click(dialog.getByRole('button', { name: 'Waiver' }));
    await screen.findByText(
      'Waiting for approval: a waiver of ₹3,536.00 is above the amount one person may waive',
    );
    expect(screen.queryByText('Waiver done')).toBeNull();
  });

  it('a second person approves a waiting waiver, or rejects it only with a reason', async () => {
    const call = fakeEndpoints([
      fakeList(repayApi.listRepayPlan, [waitingWaiverRow]),
      [
        waiverApprovalApi.approveWaiver,
        () => ({
          orderId: 43,
          orderNo: waitingWaiverRow.orderNo,
          status: 'CLEARED' as const,
          closureType: 'SETTLED_WITH_WAIVER' as const,
          amountPaise: 464_100,
          waiverRequestId: 7,
        }),
      ],
      [waiverApprovalApi.rejectWaiver, () => ({ id: 7, status: 'rejected' as const })],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepayPlanPage />, '/repay/repayPlan');
    const row = await findRow(waitingWaiverRow.orderNo);
    expect(row.getByText('Waiver awaiting approval')).toBeInTheDocument();
    // One waits already: no second waiver is asked for on the order.
    expect(row.getByRole('button', { name: `Waiver: ${waitingWaiverRow.orderNo}` })).toBeDisabled();
    await user.click(
      row.getByRole('button', { name: `Approve waiver: ${waitingWaiverRow.orderNo}` }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    // A settlement asked for yesterday: today it waives the day's charges too.
    expect(dialog.getByText('₹4,641.00')).toBeInTheDocument();
    expect(dialog.getByText(/₹4,638.00/)).toBeInTheDocument();
    expect(dialog.getByText('Hardship: job lost')).toBeInTheDocument();
    expect(dialog.getByText('Finance Maker')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Enter the reason')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(waiverApprovalApi.rejectWaiver, expect.anything());
    await user.click(dialog.getByRole('button', { name: 'Approve and waive' }));
    await screen.findByText('Waiver approved and done');
    expect(call).toHaveBeenCalledWith(
      waiverApprovalApi.approveWaiver,
      expect.objectContaining({ id: 7, idempotencyKey: expect.any(String), amountPaise: 464_100 }),
    );
  });

  it('the one who asked cannot decide their own waiver', async () => {
    fakeEndpoints([
      fakeList(repayApi.listRepayPlan, [
        { ...waitingWaiverRow, pendingWaiver: { ...waitingWaiverRow.pendingWaiver!, yours: true } },
      ]),
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepayPlanPage />, '/repay/repayPlan');
    const row = await findRow(waitingWaiverRow.orderNo);
    await user.click(
      row.getByRole('button', { name: `Approve waiver: ${waitingWaiverRow.orderNo}` }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('You asked for this waiver: another person must approve or reject it.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Approve and waive' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Reject' })).toBeDisabled();
  });

  it('tells the maker a write-off waits for a second person; the order stays in the plan', async () => {
    const call = fakeEndpoints([
      fakeList(repayApi.listRepayPlan, [overdueRow]),
      [
        loanBookApi.writeOffOrder,
        () => ({
          orderId: 41,
          orderNo: overdueRow.orderNo,
          status: 'OVERDUE' as const,
          closureType: null,
          amountPaise: 464_100,
          writeOffRequestId: 8,
        }),
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepayPlanPage />, '/repay/repayPlan');
    const row = await findRow(overdueRow.orderNo);
    await user.click(row.getByRole('button', { name: `Write off: ${overdueRow.orderNo}` }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Another person must approve it/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Reason'), 'No payment for 60 days');
    await user.click(dialog.getByRole('button', { name: 'Write off' }));
    await screen.findByText('Write-off sent for approval: another person must approve it');
    expect(call).toHaveBeenCalledWith(
      loanBookApi.writeOffOrder,
      expect.objectContaining({ orderId: 41, reason: 'No payment for 60 days' }),
    );
  });

  it('a second person approves a waiting write-off at what it writes off today, or rejects it with a reason', async () => {
    const call = fakeEndpoints([
      fakeList(repayApi.listRepayPlan, [waitingWriteOffRow]),
      [
        waiverApprovalApi.approveWriteOff,
        () => ({
          orderId: 44,
          orderNo: waitingWriteOffRow.orderNo,
          status: 'WRITTEN_OFF' as const,
          closureType: null,
          amountPaise: 464_100,
          writeOffRequestId: 8,
        }),
      ],
      [waiverApprovalApi.rejectWriteOff, () => ({ id: 8, status: 'rejected' as const })],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepayPlanPage />, '/repay/repayPlan');
    const row = await findRow(waitingWriteOffRow.orderNo);
    expect(row.getByText('Write-off awaiting approval')).toBeInTheDocument();
    expect(row.queryByText('Waiver awaiting approval')).toBeNull();
    // One waits already: neither another write-off nor a waiver is asked for on the order.
    expect(
      row.getByRole('button', { name: `Write off: ${waitingWriteOffRow.orderNo}` }),
    ).toBeDisabled();
    expect(
      row.getByRole('button', { name: `Waiver: ${waitingWriteOffRow.orderNo}` }),
    ).toBeDisabled();
    expect(row.queryByRole('button', { name: /Approve waiver/ })).toBeNull();
    await user.click(
      row.getByRole('button', { name: `Approve write-off: ${waitingWriteOffRow.orderNo}` }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('To write off today')).toBeInTheDocument();
    expect(dialog.getByText('₹4,641.00')).toBeInTheDocument();
    expect(dialog.getByText('Write-off: everything still owed')).toBeInTheDocument();
    expect(dialog.getByText('No payment for 60 days')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Enter the reason')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(waiverApprovalApi.rejectWriteOff, expect.anything());
    await user.click(dialog.getByRole('button', { name: 'Approve and write off' }));
    await screen.findByText('Write-off approved and done');
    expect(call).toHaveBeenCalledWith(
      waiverApprovalApi.approveWriteOff,
      expect.objectContaining({ id: 8, idempotencyKey: expect.any(String), amountPaise: 464_100 }),
    );
    expect(call).not.toHaveBeenCalledWith(waiverApprovalApi.approveWaiver, expect.anything());
  });

  it('the one who asked cannot decide their own write-off', async () => {
    fakeEndpoints([
      fakeList(repayApi.listRepayPlan, [
        {
          ...waitingWriteOffRow,
          pendingWaiver: { ...waitingWriteOffRow.pendingWaiver!, yours: true },
        },
      ]),
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepayPlanPage />, '/repay/repayPlan');
    const row = await findRow(waitingWriteOffRow.orderNo);
    await user.click(
      row.getByRole('button', { name: `Approve write-off: ${waitingWriteOffRow.orderNo}` }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('You asked for this write-off: another person must approve or reject it.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Approve and write off' })).toBeDisabled();
  });

  it('a write-off that lapsed while it waited is shown as lapsed in the dialog, and cannot be decided', async () => {
    const call = fakeEndpoints([
      fakeList(repayApi.listRepayPlan, [waitingWriteOffRow]),
      [
        waiverApprovalApi.approveWriteOff,
        () => {
          throw new RequestError(
            `The request awaiting approval on order ${waitingWriteOffRow.orderNo} has lapsed`,
            'business',
            4192,
            409,
          );
        },
      ],
      [waiverApprovalApi.rejectWriteOff, () => ({ id: 8, status: 'rejected' as const })],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepayPlanPage />, '/repay/repayPlan');
    const row = await findRow(waitingWriteOffRow.orderNo);
    await user.click(
      row.getByRole('button', { name: `Approve write-off: ${waitingWriteOffRow.orderNo}` }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.queryByText(/has lapsed/)).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Approve and write off' }));
    expect(
      await dialog.findByText('This request has lapsed: nobody can approve or reject it now'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Approve and write off' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(call).not.toHaveBeenCalledWith(waiverApprovalApi.rejectWriteOff, expect.anything());
  });

  it('shows only the actions the role holds; write-off only on an overdue loan', async () => {
    fakeEndpoints([fakeList(repayApi.listRepayPlan, [overdueRow, activeRow])]);
    renderAt(<RepayPlanPage />, '/repay/repayPlan', {
      user: {
        ...testAdmin,
        roles: ['repayPlan'],
        interfaces: [repayApi.listRepayPlan.id, loanBookApi.postRepayment.id],
      },
    });
    const row = await findRow(overdueRow.orderNo);
    expect(
      row.getByRole('button', { name: `Record repayment: ${overdueRow.orderNo}` }),
    ).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /Rollover|Waiver|Write off/ })).toBeNull();
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeEndpoints([fakeList(repayApi.listRepayPlan, [overdueRow, waitingWriteOffRow])]);
    renderAt(<RepayPlanPage />, '/repay/repayPlan');
    const row = await findRow(overdueRow.orderNo);
    expect(row.getByText('逾期未还')).toBeInTheDocument();
    expect((await findRow(waitingWriteOffRow.orderNo)).getByText('核销待审批')).toBeInTheDocument();
    expect(
      row.getByRole('button', { name: `登记还款: ${overdueRow.orderNo}` }),
    ).toBeInTheDocument();
  });
});
