import { configure, screen, within } from '@testing-library/react';
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
};
const cleared: OrderListRow = {
  ...overdue,
  id: 43,
  orderNo: 'LN20250102000043',
  customerKind: 'reloan',
  status: 'CLEARED',
  overdueDays: 0,
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
});
