import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type EndpointRet, offlineRepayApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { ExceedingRepaymentPage } from './exceeding-repayment-page';

configure({ asyncUtilTimeout: 20_000 });

type Row = EndpointRet<typeof offlineRepayApi.listExcessRepayments>['list'][number];
const awaiting: Row = {
  id: 7,
  serialNo: 'RP202502150000007',
  orderId: 41,
  orderNo: 'LN20250201000041',
  customerName: 'A*** V****',
  customerPhone: '******4321',
  bankAccount: '••••8901',
  bankAccountVerified: true,
  amountPaise: 500_000,
  excessPaise: 43_700,
  valueDate: '2025-02-14',
  postedAt: '2025-02-15T05:00:00.000Z',
  status: 'awaitingApproval',
  requestedBy: 'Admin',
  requestedByMe: false,
  approvedBy: null,
  utr: null,
  errorMessage: null,
};
const mine: Row = { ...awaiting, id: 8, serialNo: 'RP202502150000008', requestedByMe: true };

describe('overpayment records', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('approves another person’s refund request; one’s own cannot be approved', async () => {
    const call = fakeEndpoints([
      fakeList(offlineRepayApi.listExcessRepayments, [awaiting, mine]),
      [
        offlineRepayApi.approveExcessRefund,
        ({ repaymentId }) => ({ repaymentId, status: 'refunding' as const, payoutId: 3 }),
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<ExceedingRepaymentPage />, '/repay/exceedingRepaymentRecord');
    const own = within((await screen.findByText(mine.serialNo)).closest('tr')!);
    expect(own.getByRole('button', { name: `Approve refund: ${mine.serialNo}` })).toBeDisabled();
    const row = within(screen.getByText(awaiting.serialNo).closest('tr')!);
    expect(row.getByText('₹437.00')).toBeInTheDocument();
    expect(row.getByText('Awaiting approval')).toBeInTheDocument();
    expect(row.getByText('••••8901 (verified)')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: `Approve refund: ${awaiting.serialNo}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await screen.findByText('Refund approved: paying out');
    expect(call).toHaveBeenCalledWith(
      offlineRepayApi.approveExcessRefund,
      expect.objectContaining({ repaymentId: 7 }),
    );
  }, 120_000);
});
