import { configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loanBookApi } from '@lending/contract';
import { overdueOrderDetail } from '../../../components/order-detail/testing/order-detail-fixture';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { LoanDetailPage, OverdueRepaymentDetailPage } from './order-detail-page';

configure({ asyncUtilTimeout: 20_000 });

describe('order detail pages', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('show the order of ?orderNo= under the route title with its number', async () => {
    const call = fakeEndpoints([[loanBookApi.orderDetail, () => overdueOrderDetail()]]);
    renderAt(<LoanDetailPage />, '/loan/loanDetail?orderNo=LN20250101000042');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Disbursement detail LN20250101000042',
    );
    await screen.findByText('Amounts');
    expect(call).toHaveBeenCalledWith(loanBookApi.orderDetail, { orderNo: 'LN20250101000042' });
  });

  it('the overdue repayment detail is the same detail under its own title', async () => {
    fakeEndpoints([[loanBookApi.orderDetail, () => overdueOrderDetail()]]);
    renderAt(
      <OverdueRepaymentDetailPage />,
      '/repay/overdueRepaymentDetail?orderNo=LN20250101000042',
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Overdue repayment detail LN20250101000042',
    );
  });
});
