import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type OrderListRow, loanBookApi, orderApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt, testAdmin } from '../../../test/render';
import { OrderListPage } from './order-list-page';

configure({ asyncUtilTimeout: 20_000 });

const overdue: OrderListRow = {
  id: 42,
  orderNo: 'LN20250101000042',
  customerId: 7,
  customerName: 'A*** V****',
  phone: '******3210',
  customerKind: 'first',
  productId: 1,
  productName: 'First loan 14 days',
  principalPaise: 450_000,
  tenorDays: 14,
  feesPaise: 37_170,
  status: 'OVERDUE',
  closureType: null,
  appliedAt: '2025-01-01T04:30:00.000Z',
  disbursalDate: '2025-01-01',
  dueDate: '2025-01-15',
  overdueDays: 3,
  rbiClass: 'SMA-0',
  rescheduled: false,
};
const cleared: OrderListRow = {
  ...overdue,
  id: 43,
  orderNo: 'LN20250102000043',
  customerKind: 'reloan',
  status: 'CLEARED',
  overdueDays: 0,
  rbiClass: null,
};
/** Rolled over while past due, and an NPA. */
const npa: OrderListRow = {
  ...overdue,
  id: 44,
  orderNo: 'LN20250103000044',
  overdueDays: 95,
  rbiClass: 'NPA',
  rescheduled: true,
};

describe('order list page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists orders filtered from the URL, masked, in rupees; the number opens the detail', async () => {
    const call = fakeEndpoints([
      fakeList(orderApi.listOrders, [overdue, cleared]),
      fakeList(loanBookApi.listLoanConfig, []),
    ]);
    renderAt(<OrderListPage />, '/order/orderList?status=OVERDUE');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Order list');
    const link = await screen.findByRole('link', { name: 'LN20250101000042' });
    expect(link).toHaveAttribute('href', '/loan/loanDetail?orderNo=LN20250101000042');
    const row = within(link.closest('tr')!);
    expect(row.getByText('A*** V****')).toBeInTheDocument();
    expect(row.getByText('******3210')).toBeInTheDocument();
    expect(row.getByText('New (first loan)')).toBeInTheDocument();
    expect(row.getByText('₹4,500.00')).toBeInTheDocument();
    expect(row.getByText('₹371.70')).toBeInTheDocument();
    expect(row.getByText('Overdue')).toBeInTheDocument();
    expect(row.getByText('3 days')).toBeInTheDocument();
    expect(row.getByText('SMA-0')).toBeInTheDocument();
    expect(row.getByText('2025-01-01 10:00:00')).toBeInTheDocument();
    expect(screen.queryByText('LN20250102000043')).toBeNull();
    expect(call).toHaveBeenCalledWith(orderApi.listOrders, {
      page: 1,
      pageSize: 20,
      filters: { status: 'OVERDUE' },
    });
  });

  it('shows in Chinese, without the product list when the user may not read it', async () => {
    await i18n.changeLanguage('zh');
    const call = fakeEndpoints([fakeList(orderApi.listOrders, [cleared])]);
    renderAt(<OrderListPage />, '/order/orderList', {
      user: { ...testAdmin, roles: ['orderList'], interfaces: [orderApi.listOrders.id] },
    });
    const link = await screen.findByRole('link', { name: 'LN20250102000043' });
    const row = within(link.closest('tr')!);
    expect(row.getByText('已结清')).toBeInTheDocument();
    expect(row.getByText('老客户（复贷）')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(loanBookApi.listLoanConfig, expect.anything());
  });

  it('filters by RBI class from the URL and by rescheduled from its select, and shows the class', async () => {
    const call = fakeEndpoints([
      fakeList(orderApi.listOrders, [overdue, cleared, npa]),
      fakeList(loanBookApi.listLoanConfig, []),
    ]);
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    const { router } = renderAt(<OrderListPage />, '/order/orderList?rbiClass=NPA');
    const link = await screen.findByRole('link', { name: 'LN20250103000044' });
    expect(within(link.closest('tr')!).getByText('NPA')).toBeInTheDocument();
    expect(screen.queryByText('LN20250101000042')).toBeNull();
    expect(call).toHaveBeenCalledWith(orderApi.listOrders, {
      page: 1,
      pageSize: 20,
      filters: { rbiClass: 'NPA' },
    });
    const form = within(document.querySelector('form')!);
    expect(form.getByText('RBI class')).toBeInTheDocument();

    await user.click(form.getByRole('combobox', { name: 'Rescheduled' }));
    await user.click(await screen.findByTitle('No'));
    await user.click(form.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?rbiClass=NPA&rescheduled=false'),
    );
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(orderApi.listOrders, {
        page: 1,
        pageSize: 20,
        filters: { rbiClass: 'NPA', rescheduled: false },
      }),
    );
    await waitFor(() => expect(screen.queryByText('LN20250103000044')).toBeNull());
  });
});
