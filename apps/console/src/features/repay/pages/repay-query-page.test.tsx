import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repayApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { queryOrder } from '../testing/repay-rows';
import { RepayQueryPage } from './repay-query-page';

configure({ asyncUtilTimeout: 20_000 });

describe('repayment query', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('refuses an empty order number, then shows what clears it, the rollover quote and where to pay', async () => {
    const call = fakeEndpoints([
      [repayApi.repayQuery, () => ({ date: '2025-02-03', orders: [queryOrder] })],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<RepayQueryPage />, '/repay/repayQuery');
    const search = await screen.findByRole('button', { name: 'Search' });
    await user.click(search);
    await screen.findByText('order number cannot be empty');
    expect(call).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Order number' }), queryOrder.orderNo);
    await user.click(search);
    const answer = within(await screen.findByLabelText(queryOrder.orderNo));
    expect(call).toHaveBeenCalledWith(repayApi.repayQuery, { orderNo: queryOrder.orderNo });
    expect(answer.getByText('What clears it on 2025-02-03')).toBeInTheDocument();
    expect(answer.getByText('₹4,685.50')).toBeInTheDocument();
    expect(answer.getByText('₹100.00')).toBeInTheDocument();
    expect(answer.getByText(/₹402\.00/)).toBeInTheDocument();
    expect(answer.getByText('2025-02-05')).toBeInTheDocument();
    expect(answer.getByText('2223330041')).toBeInTheDocument();
    expect(answer.getByText('lc.41@sandbox')).toBeInTheDocument();
    expect(answer.getByText('******3210')).toBeInTheDocument();
  });

  it('searches a phone number and a later date from the URL; says when nothing matches', async () => {
    const call = fakeEndpoints([[repayApi.repayQuery, () => ({ date: '2030-01-01', orders: [] })]]);
    renderAt(<RepayQueryPage />, '/repay/repayQuery?phone=9876543210&date=2030-01-01');
    await screen.findByText('No order matches.');
    expect(call).toHaveBeenCalledWith(repayApi.repayQuery, {
      phone: '9876543210',
      date: '2030-01-01',
    });
  });

  it('says when an order has nothing to repay, and when the borrower has no payment account yet', async () => {
    fakeEndpoints([
      [
        repayApi.repayQuery,
        () => ({
          date: '2025-02-03',
          orders: [
            {
              ...queryOrder,
              id: 1,
              orderNo: 'LN1',
              status: 'CLEARED',
              clearing: null,
              instructions: null,
            },
            {
              ...queryOrder,
              id: 2,
              orderNo: 'LN2',
              instructions: null,
              instructionsMissing: 'noPaymentAccountYet' as const,
            },
          ],
        }),
      ],
    ]);
    renderAt(<RepayQueryPage />, '/repay/repayQuery?orderNo=LN');
    const cleared = within(await screen.findByLabelText('LN1'));
    expect(cleared.getByText('Nothing to repay: the order is CLEARED.')).toBeInTheDocument();
    expect(cleared.queryByText(/No payment account yet/)).not.toBeInTheDocument();
    const noAccount = within(await screen.findByLabelText('LN2'));
    expect(
      noAccount.getByText(
        'No payment account yet: the borrower’s app opens one on first repayment.',
      ),
    ).toBeInTheDocument();
    // What clears it is still quoted; only where to pay is missing.
    expect(noAccount.getByText('What clears it on 2025-02-03')).toBeInTheDocument();
    expect(noAccount.queryByText('Where the borrower pays')).not.toBeInTheDocument();
  });

  it('says there is no payment account yet in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeEndpoints([
      [
        repayApi.repayQuery,
        () => ({
          date: '2025-02-03',
          orders: [
            {
              ...queryOrder,
              instructions: null,
              instructionsMissing: 'noPaymentAccountYet' as const,
            },
          ],
        }),
      ],
    ]);
    renderAt(<RepayQueryPage />, `/repay/repayQuery?orderNo=${queryOrder.orderNo}`);
    await screen.findByText('尚无还款账户：借款人首次在 App 中还款时开通。');
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeEndpoints([[repayApi.repayQuery, () => ({ date: '2025-02-03', orders: [queryOrder] })]]);
    renderAt(<RepayQueryPage />, `/repay/repayQuery?orderNo=${queryOrder.orderNo}`);
    await screen.findByText('2025-02-03 结清金额');
    expect(screen.getByText('还款方式')).toBeInTheDocument();
  });
});
