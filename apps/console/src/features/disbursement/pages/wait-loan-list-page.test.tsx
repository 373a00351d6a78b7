import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type LoanFlowRow,
  type OrderCommandRet,
  type WaitLoanRow,
  disbursementApi,
  loanBookApi,
} from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList, refusal } from '../../../test/fake-endpoints';
import { renderAt, testAdmin } from '../../../test/render';
import { WaitLoanListPage } from './wait-loan-list-page';

configure({ asyncUtilTimeout: 20_000 });

const order: WaitLoanRow = {
  id: 41,
  orderNo: 'LN20250115000041',
  customerName: 'A*** V****',
  phone: '******3210',
  customerType: 'new',
  productKind: 'first',
  bankName: 'State Bank of India',
  bankAccount: '*******8901',
  ifsc: 'SBIN0001234',
  bankAccountVerified: true,
  awaitingAcceptance: false,
  principalPaise: 450_000,
  feesPaise: 37_170,
  netDisbursedPaise: 412_830,
  tenorDays: 14,
  approvedById: 2,
  approvedBy: 'Riya Reviewer',
  approvedAt: '2025-01-15T04:30:00.000Z',
};

const payout = (patch: Partial<LoanFlowRow>): LoanFlowRow => ({
  id: 900,
  orderId: 41,
  orderNo: order.orderNo,
  customerName: order.customerName,
  attempt: 1,
  status: 'processing',
  channel: 'sandbox',
  amountPaise: 412_830,
  failCount: 0,
  errorMessage: null,
  utr: null,
  reference: 'payout-900',
  gatewayPayoutId: null,
  createdBy: 'Admin',
  createdAt: '2025-01-15T05:00:00.000Z',
  updatedAt: '2025-01-15T05:00:00.000Z',
  retryable: false,
  history: [],
  ...patch,
});

async function findRow(orderNo: string) {
  return within((await screen.findByRole('link', { name: orderNo })).closest('tr')!);
}

describe('waitLoanList page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists approved orders with the masked customer, account, net disbursement and approver', async () => {
    const call = fakeEndpoints([fakeList(disbursementApi.waitLoanList, [order])]);
    renderAt(<WaitLoanListPage />, '/loan/waitLoanList?productKind=first');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Pending disbursement',
    );
    const row = await findRow(order.orderNo);
    expect(row.getByRole('link', { name: order.orderNo })).toHaveAttribute(
      'href',
      `/loan/loanDetail?orderNo=${order.orderNo}`,
    );
    expect(row.getByText('A*** V****')).toBeInTheDocument();
    expect(row.getByText('*******8901')).toBeInTheDocument();
    expect(row.getByText('Verified')).toBeInTheDocument();
    expect(row.getByText('₹4,128.30')).toBeInTheDocument();
    expect(row.getByText('Riya Reviewer')).toBeInTheDocument();
    expect(row.getByText('2025-01-15 10:00:00')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(disbursementApi.waitLoanList, {
      page: 1,
      pageSize: 20,
      filters: { productKind: 'first' },
    });
  });

  it('disburses once with a fresh key, says it is paying out, and shows the gateway refusal with its reason', async () => {
    let answer: (value: OrderCommandRet) => void = () => {};
    const call = fakeEndpoints([
      fakeList(disbursementApi.waitLoanList, [order]),
      [
        loanBookApi.createPayout,
        () =>
          new Promise<OrderCommandRet>((resolve) => {
            answer = resolve;
          }),
      ],
      fakeList(disbursementApi.loanFlowList, [
        payout({ status: 'failed', errorMessage: 'Beneficiary bank rejected the credit' }),
      ]),
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<WaitLoanListPage />, '/loan/waitLoanList');
    const row = await findRow(order.orderNo);
    await user.click(row.getByRole('button', { name: `Disburse: ${order.orderNo}` }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Do not click repeatedly after approval!')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Pay out ₹4,128.30' }));

    const paying = await dialog.findByRole('button', { name: /Paying out, please wait\.\.\./ });
    expect(paying).toBeDisabled();
    await user.click(paying);
    expect(
      call.mock.calls.filter(([endpoint]) => endpoint === loanBookApi.createPayout),
    ).toHaveLength(1);
    const [, body] = call.mock.calls.find(([endpoint]) => endpoint === loanBookApi.createPayout)!;
    expect(body).toMatchObject({ orderId: 41, idempotencyKey: expect.stringMatching(/^console-/) });

    answer({
      orderId: 41,
      orderNo: order.orderNo,
      status: 'DISBURSING' as const,
      closureType: null,
      payoutId: 900,
    });
    expect(
      await dialog.findByText('Refused by the gateway: Beneficiary bank rejected the credit'),
    ).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(
      disbursementApi.loanFlowList,
      { page: 1, pageSize: 1, filters: { payoutId: 900 } },
      { silent: true },
    );
  });

  it('shows a refusal by the book (another person paid first) and never reuses a key', async () => {
    const call = fakeEndpoints([
      fakeList(disbursementApi.waitLoanList, [order]),
      [
        loanBookApi.createPayout,
        () => {
          throw refusal('Order LN20250115000041 is DISBURSING', 4092);
        },
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<WaitLoanListPage />, '/loan/waitLoanList');
    const row = await findRow(order.orderNo);
    for (let press = 0; press < 2; press += 1) {
      await user.click(row.getByRole('button', { name: `Disburse: ${order.orderNo}` }));
      const dialog = within(await screen.findByRole('dialog'));
      await user.click(dialog.getByRole('button', { name: 'Pay out ₹4,128.30' }));
      expect(
        await dialog.findByText('Not paid out: Order LN20250115000041 is DISBURSING'),
      ).toBeInTheDocument();
      // The footer's Close (the corner's × is named Close too).
      await user.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    const keys = call.mock.calls
      .filter(([endpoint]) => endpoint === loanBookApi.createPayout)
      .map(([, body]) => (body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('does not offer to pay an unverified account or a lowered amount not yet accepted, and leaves them out of a bulk disbursement', async () => {
    const unverified = {
      ...order,
      id: 42,
      orderNo: 'LN20250115000042',
      bankAccountVerified: false,
    };
    const second = { ...order, id: 43, orderNo: 'LN20250115000043' };
    const lowered = { ...order, id: 44, orderNo: 'LN20250115000044', awaitingAcceptance: true };
    const call = fakeEndpoints([
      fakeList(disbursementApi.waitLoanList, [order, unverified, second, lowered]),
      [
        loanBookApi.createPayout,
        ({ orderId }) => ({
          orderId,
          orderNo: `LN${orderId}`,
          status: 'DISBURSING' as const,
          closureType: null,
          payoutId: orderId * 10,
        }),
      ],
      [
        disbursementApi.loanFlowList,
        ({ filters }) => ({
          list: [
            payout({ id: filters!.payoutId!, status: 'processed', utr: `UTR${filters!.payoutId}` }),
          ],
          total: 1,
        }),
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<WaitLoanListPage />, '/loan/waitLoanList');
    const unverifiedRow = await findRow(unverified.orderNo);
    expect(unverifiedRow.getByText('Not verified')).toBeInTheDocument();
    expect(
      unverifiedRow.getByRole('button', { name: `Disburse: ${unverified.orderNo}` }),
    ).toBeDisabled();
    const loweredRow = await findRow(lowered.orderNo);
    expect(loweredRow.getByText('Awaiting acceptance')).toBeInTheDocument();
    expect(loweredRow.getByRole('button', { name: `Disburse: ${lowered.orderNo}` })).toBeDisabled();
    expect((await findRow(order.orderNo)).getByText('Accepted')).toBeInTheDocument();

    for (const selected of [order, unverified, second, lowered]) {
      await user.click(
        (await findRow(selected.orderNo)).getByRole('checkbox', {
          name: `Select ${selected.orderNo}`,
        }),
      );
    }
    await user.click(
      within(screen.getByRole('toolbar')).getByRole('button', { name: 'Disburse selected' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText(
        '2 selected orders are left out: their bank account is not verified yet, or the borrower has not accepted the approved amount.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Pay out 2 orders (₹8,256.60)' }));
    expect(await dialog.findByText('Paid: UTR UTR410')).toBeInTheDocument();
    expect(await dialog.findByText('Paid: UTR UTR430')).toBeInTheDocument();
    const paid = call.mock.calls
      .filter(([endpoint]) => endpoint === loanBookApi.createPayout)
      .map(([, body]) => body as { orderId: number; idempotencyKey: string });
    expect(paid.map((body) => body.orderId)).toEqual([41, 43]);
    expect(new Set(paid.map((body) => body.idempotencyKey)).size).toBe(2);
  });

  it('cancels an order with a reason, which it asks for', async () => {
    const call = fakeEndpoints([
      fakeList(disbursementApi.waitLoanList, [order]),
      [
        loanBookApi.cancelOrder,
        ({ orderId }) => ({
          orderId,
          orderNo: order.orderNo,
          status: 'CANCELLED' as const,
          closureType: null,
        }),
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<WaitLoanListPage />, '/loan/waitLoanList');
    await user.click(
      (await findRow(order.orderNo)).getByRole('button', {
        name: `Cancel order: ${order.orderNo}`,
      }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Cancel the order' }));
    expect(await dialog.findByText('fill remarks')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Reason'), 'Borrower withdrew');
    await user.click(dialog.getByRole('button', { name: 'Cancel the order' }));
    await screen.findByText('Operation Success');
    expect(call).toHaveBeenCalledWith(loanBookApi.cancelOrder, {
      orderId: 41,
      reason: 'Borrower withdrew',
    });
  });

  it('offers a viewer without the payout grant no action, and speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeEndpoints([fakeList(disbursementApi.waitLoanList, [order])]);
    renderAt(<WaitLoanListPage />, '/loan/waitLoanList', {
      user: {
        ...testAdmin,
        roles: ['waitLoanList'],
        interfaces: [disbursementApi.waitLoanList.id],
      },
    });
    const row = await findRow(order.orderNo);
    expect(row.getByText('已验证')).toBeInTheDocument();
    expect(row.queryByRole('button')).toBeNull();
    expect(row.queryByRole('checkbox')).toBeNull();
  });
});
