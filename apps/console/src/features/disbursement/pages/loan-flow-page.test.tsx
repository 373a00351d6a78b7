import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LoanFlowRow, disbursementApi, loanBookApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { LoanFlowPage } from './loan-flow-page';

configure({ asyncUtilTimeout: 20_000 });

const base: LoanFlowRow = {
  id: 900,
  orderId: 41,
  orderNo: 'LN20250115000041',
  customerName: 'A*** V****',
  attempt: 1,
  status: 'failed',
  channel: 'sandbox',
  amountPaise: 412_830,
  failCount: 0,
  errorMessage: 'Beneficiary bank rejected the credit',
  utr: null,
  reference: 'payout-900',
  gatewayPayoutId: 'pout_sbx_a00000001',
  createdBy: 'Meera Finance',
  createdAt: '2025-01-15T04:30:00.000Z',
  updatedAt: '2025-01-15T04:31:00.000Z',
  retryable: true,
  history: [],
};
const unknown: LoanFlowRow = {
  ...base,
  id: 901,
  orderId: 42,
  orderNo: 'LN20250115000042',
  status: 'unknown',
  errorMessage: 'gateway call: no answer in 15000 ms',
  gatewayPayoutId: null,
  retryable: false,
};
const reversed: LoanFlowRow = {
  ...base,
  id: 902,
  orderId: 43,
  orderNo: 'LN20250115000043',
  status: 'reversed',
  utr: 'SBXU0002ABCDEFGH',
  errorMessage: 'Credit returned by the beneficiary bank',
  retryable: true,
  history: [
    {
      event: 'created',
      at: '2025-01-15T04:30:00.000Z',
      actor: 'Meera Finance',
      utr: null,
      message: null,
    },
    {
      event: 'processed',
      at: '2025-01-15T04:31:00.000Z',
      actor: null,
      utr: 'SBXU0002ABCDEFGH',
      message: null,
    },
    {
      event: 'reversed',
      at: '2025-01-16T06:00:00.000Z',
      actor: null,
      utr: null,
      message: 'Credit returned by the beneficiary bank',
    },
  ],
};

function rowOf(orderNo: string) {
  return screen.findByRole('link', { name: orderNo }).then((link) => within(link.closest('tr')!));
}

describe('loanFlow page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows each attempt with its disburse status, fail count, error message and gateway reference', async () => {
    fakeEndpoints([fakeList(disbursementApi.loanFlowList, [base, unknown, reversed])]);
    renderAt(<LoanFlowPage />, '/loan/loanFlow');
    const failed = await rowOf(base.orderNo);
    expect(failed.getByText('Failed')).toBeInTheDocument();
    expect(failed.getByText('Beneficiary bank rejected the credit')).toBeInTheDocument();
    expect(failed.getByText('pout_sbx_a00000001')).toBeInTheDocument();
    expect(failed.getByText('2025-01-15 10:00:00')).toBeInTheDocument();

    // An unknown outcome is being confirmed with the gateway: no second payout is offered.
    const pending = await rowOf(unknown.orderNo);
    expect(pending.getByText('Outcome unknown')).toBeInTheDocument();
    expect(pending.getByText('Being confirmed with the gateway')).toBeInTheDocument();
    expect(pending.getByRole('button', { name: `Retry: ${unknown.orderNo} #1` })).toBeDisabled();
  });

  it('retries a failed payout with a new key', async () => {
    const call = fakeEndpoints([
      [
        disbursementApi.loanFlowList,
        ({ filters }) =>
          filters?.payoutId === 905
            ? { list: [{ ...base, id: 905, attempt: 2, status: 'processing' as const }], total: 1 }
            : { list: [base], total: 1 },
      ],
      [
        loanBookApi.createPayout,
        ({ orderId }) => ({
          orderId,
          orderNo: base.orderNo,
          status: 'DISBURSING' as const,
          closureType: null,
          payoutId: 905,
        }),
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<LoanFlowPage />, '/loan/loanFlow');
    await user.click(
      (await rowOf(base.orderNo)).getByRole('button', { name: `Retry: ${base.orderNo} #1` }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Attempt 1: Beneficiary bank rejected the credit')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Pay out ₹4,128.30' }));
    expect(
      await dialog.findByText('Sent to the gateway; waiting for its answer…'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Processing')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(loanBookApi.createPayout, {
      orderId: 41,
      idempotencyKey: expect.stringMatching(/^console-/),
    });
  });

  it('shows the history of a reversed payout', async () => {
    fakeEndpoints([fakeList(disbursementApi.loanFlowList, [reversed])]);
    const user = userEvent.setup({ delay: null });
    renderAt(<LoanFlowPage />, '/loan/loanFlow');
    const row = await rowOf(reversed.orderNo);
    expect(row.getByText('Reversed')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: `History: ${reversed.orderNo} #1` }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('UTR SBXU0002ABCDEFGH')).toBeInTheDocument();
    expect(dialog.getByText('Reversed by the bank')).toBeInTheDocument();
    expect(dialog.getByText('Credit returned by the beneficiary bank')).toBeInTheDocument();
    expect(dialog.getByText('2025-01-16 11:30:00')).toBeInTheDocument();
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeEndpoints([fakeList(disbursementApi.loanFlowList, [unknown])]);
    renderAt(<LoanFlowPage />, '/loan/loanFlow');
    const row = await rowOf(unknown.orderNo);
    expect(row.getByText('结果未知')).toBeInTheDocument();
    expect(row.getByText('正在与支付通道确认')).toBeInTheDocument();
  });
});
