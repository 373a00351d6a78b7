import { configure, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ImportReport, type OfflineRepayment, offlineRepayApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { RepaymentReviewPage } from './repayment-review-page';

configure({ asyncUtilTimeout: 20_000 });

const base: OfflineRepayment = {
  id: 1,
  orderId: 41,
  orderNo: 'LN20250201000041',
  customerName: 'A*** V****',
  customerPhone: '******4321',
  channel: 'bankTransfer',
  amountPaise: 456_300,
  valueDate: '2025-02-14',
  bankReference: 'UTR-OTHER',
  remark: null,
  hasReceipt: false,
  status: 'pending',
  recordedBy: 'Meera Finance',
  recordedByMe: false,
  recordedAt: '2025-02-15T05:00:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
  reviewReason: null,
  repaymentSerialNo: null,
  valueDateNote: null,
  batch: null,
};
const mine: OfflineRepayment = { ...base, id: 2, bankReference: 'UTR-MINE', recordedByMe: true };

async function findRow(text: string) {
  return within((await screen.findByText(text)).closest('tr')!);
}

describe('repayment review', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('passes another person’s record after a confirmation; one’s own cannot be reviewed', async () => {
    const rows = [{ ...base }, { ...mine }];
    const call = fakeEndpoints([
      fakeList(offlineRepayApi.listOfflineRepayments, rows),
      [
        offlineRepayApi.reviewOfflineRepayment,
        ({ id }) => {
          Object.assign(
            rows.find((r) => r.id === id)!,
            { status: 'pass', reviewedBy: 'Admin' },
          );
          return {
            id,
            status: 'pass' as const,
            orderStatus: 'CLEARED',
            repaymentId: 9,
            valueDate: '2025-02-14',
            valueDateNote: null,
          };
        },
      ],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepaymentReviewPage />, '/repay/repaymentReview?status=pending');
    const own = await findRow('UTR-MINE');
    expect(own.getByRole('button', { name: 'Pass: UTR-MINE' })).toBeDisabled();
    expect(own.getByRole('button', { name: 'Refuse: UTR-MINE' })).toBeDisabled();
    const other = await findRow('UTR-OTHER');
    expect(other.getByText('pending review')).toBeInTheDocument();
    expect(other.getByText('₹4,563.00')).toBeInTheDocument();
    expect(other.getByText('Bank transfer')).toBeInTheDocument();
    await user.click(other.getByRole('button', { name: 'Pass: UTR-OTHER' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Pass UTR-OTHER? The money is posted to order LN20250201000041 as of 2025-02-14; interest and overdue fee after that day are recalculated.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await screen.findByText('Passed and posted');
    expect(call).toHaveBeenCalledWith(offlineRepayApi.reviewOfflineRepayment, {
      id: 1,
      decision: 'pass',
    });
  });

  it('imports a batch: refuses a file that is not .xlsx, then shows the row report', async () => {
    const report: ImportReport = {
      fileName: 'batch.xlsx',
      accepted: 1,
      refused: 1,
      rows: [
        { row: 2, status: 'accepted', reason: null, id: 5 },
        { row: 3, status: 'refused', reason: 'amount: amount cannot be 0', id: null },
      ],
    };
    const call = fakeEndpoints([
      fakeList(offlineRepayApi.listOfflineRepayments, []),
      [offlineRepayApi.importOfflineRepayments, () => report],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepaymentReviewPage />, '/repay/repaymentReview');
    await user.click(
      await within(screen.getByRole('toolbar')).findByRole('button', { name: 'Import from .xlsx' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await dialog.findByText('select a file')).toBeInTheDocument();
    // The upload re-creates its input after each choice: find it each time.
    const input = () => document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input(), {
      target: { files: [new File(['a,b'], 'list.csv', { type: 'text/csv' })] },
    });
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await dialog.findByText('only .xlsx files may be uploaded')).toBeInTheDocument();
    fireEvent.change(input(), {
      target: { files: [new File([new Uint8Array([80, 75, 3, 4])], 'batch.xlsx')] },
    });
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    await screen.findByText('Upload file success');
    expect(call).toHaveBeenCalledWith(offlineRepayApi.importOfflineRepayments, {
      fileName: 'batch.xlsx',
      contentBase64: 'UEsDBA==',
    });
    expect(await dialog.findByText('batch.xlsx: 1 row(s) accepted, 1 refused')).toBeInTheDocument();
    expect(dialog.getByText('amount: amount cannot be 0')).toBeInTheDocument();
  }, 180_000);

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeEndpoints([fakeList(offlineRepayApi.listOfflineRepayments, [base])]);
    renderAt(<RepaymentReviewPage />, '/repay/repaymentReview');
    const row = await findRow('UTR-OTHER');
    expect(row.getByText('待审核')).toBeInTheDocument();
    expect(row.getByText('银行转账')).toBeInTheDocument();
  });
});
