import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LoanRecordRow, disbursementApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { LoanRecordPage } from './loan-record-page';

configure({ asyncUtilTimeout: 20_000 });

const paid: LoanRecordRow = {
  id: 900,
  orderId: 41,
  orderNo: 'LN20250115000041',
  customerName: 'A*** V****',
  phone: '******3210',
  bankAccount: '*******8901',
  lendStatus: 'success',
  payoutStatus: 'processed',
  channel: 'sandbox',
  utr: 'SBXU0001ABCDEFGH',
  principalPaise: 450_000,
  amountPaise: 412_830,
  failCount: 0,
  errorMessage: null,
  disbursedDate: '2025-01-15',
  requestedAt: '2025-01-15T04:30:00.000Z',
  updatedAt: '2025-01-15T04:31:00.000Z',
};
const failed: LoanRecordRow = {
  ...paid,
  id: 901,
  orderId: 42,
  orderNo: 'LN20250115000042',
  lendStatus: 'fail',
  payoutStatus: 'failed',
  utr: null,
  errorMessage: 'Beneficiary bank rejected the credit',
  disbursedDate: null,
};
const lending: LoanRecordRow = {
  ...paid,
  id: 902,
  orderId: 43,
  orderNo: 'LN20250115000043',
  lendStatus: 'lending',
  payoutStatus: 'processing',
  utr: null,
  disbursedDate: null,
};

async function findRow(orderNo: string) {
  return within((await screen.findByRole('link', { name: orderNo })).closest('tr')!);
}

describe('loanRecord page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows each loan as lend success, lend fail or lending, with UTR, amounts and the day it was paid', async () => {
    fakeEndpoints([fakeList(disbursementApi.loanRecordList, [paid, failed, lending])]);
    renderAt(<LoanRecordPage />, '/loan/loanRecord');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Disbursement records',
    );
    const success = await findRow(paid.orderNo);
    expect(success.getByText('lend success')).toBeInTheDocument();
    expect(success.getByText('SBXU0001ABCDEFGH')).toBeInTheDocument();
    expect(success.getByText('₹4,500.00')).toBeInTheDocument();
    expect(success.getByText('₹4,128.30')).toBeInTheDocument();
    expect(success.getByText('2025-01-15')).toBeInTheDocument();
    expect(success.getByText('*******8901')).toBeInTheDocument();
    const fail = await findRow(failed.orderNo);
    expect(fail.getByText('lend fail')).toBeInTheDocument();
    expect(fail.getByText('Beneficiary bank rejected the credit')).toBeInTheDocument();
    expect((await findRow(lending.orderNo)).getByText('lending')).toBeInTheDocument();
  });

  it('filters by loan status from the URL, and says it in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const call = fakeEndpoints([fakeList(disbursementApi.loanRecordList, [paid, failed, lending])]);
    renderAt(<LoanRecordPage />, '/loan/loanRecord?lendStatus=fail');
    const row = await findRow(failed.orderNo);
    expect(row.getByText('放款失败')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: paid.orderNo })).toBeNull();
    expect(call).toHaveBeenCalledWith(disbursementApi.loanRecordList, {
      page: 1,
      pageSize: 20,
      filters: { lendStatus: 'fail' },
    });
  });
});
