import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type ClearNotLoanRow,
  type CollectionOrderRow,
  type RegNotLoanRow,
  remarketingApi,
} from '@lending/contract';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { ClearNotLoanPage } from './clear-not-loan-page';
import { CollectionOrderPage } from './collection-order-page';
import { RegNotLoanPage } from './reg-not-loan-page';

configure({ asyncUtilTimeout: 20_000 });

const clearedRow: ClearNotLoanRow = {
  id: 7,
  customerName: 'A*** V****',
  phone: '******3210',
  lastOrderId: 42,
  lastOrderNo: 'LN20250101000042',
  clearedDate: '2025-01-10',
  daysSinceCleared: 5,
  loansTaken: 3,
  lastAmountPaise: 450_000,
  totalRepaidPaise: 1_523_400,
  clearedOnTime: 2,
  clearedLate: 1,
};

const registered: RegNotLoanRow = {
  id: 9,
  customerName: null,
  phone: '******0001',
  registrationDate: '2025-01-12',
  daysSinceRegistration: 3,
  channel: 'play_store',
  kyc: 'profile',
  bankVerification: 'pending',
  customerId: 11,
};

const inCollection: CollectionOrderRow = {
  id: 42,
  orderNo: 'LN20250101000042',
  customerId: 7,
  customerName: 'A*** V****',
  phone: '******3210',
  status: 'OVERDUE',
  principalPaise: 450_000,
  outstandingPaise: 512_300,
  dueDate: '2025-01-05',
  overdueDays: 10,
  band: '8+',
  rbiClass: 'SMA-0',
  rescheduled: false,
  collectorName: 'Kabir Collector',
  lastContactAt: '2025-01-14T05:00:00.000Z',
};

function rowOf(text: string) {
  return within(screen.getByText(text).closest('tr')!);
}

describe('/order screens', () => {
  it('clearNotLoan: the last loan, days since clearing, loans, amounts in ₹ and the on-time record; filters from the URL', async () => {
    const call = fakeEndpoints([fakeList(remarketingApi.listClearNotLoan, [clearedRow])]);
    renderAt(<ClearNotLoanPage />, '/order/clearNotLoan?minLoans=2');
    await screen.findByText('LN20250101000042');
    const row = rowOf('LN20250101000042');
    expect(row.getByText('******3210')).toBeInTheDocument();
    expect(row.getByText('5 days')).toBeInTheDocument();
    expect(row.getByText('₹4,500.00')).toBeInTheDocument();
    expect(row.getByText('₹15,234.00')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(remarketingApi.listClearNotLoan, {
      page: 1,
      pageSize: 20,
      filters: { minLoans: 2 },
    });
  });

  it('regNotLoan: registration, channel and how far KYC got', async () => {
    fakeEndpoints([fakeList(remarketingApi.listRegNotLoan, [registered])]);
    renderAt(<RegNotLoanPage />, '/order/regNotLoan');
    await screen.findByText('******0001');
    const row = rowOf('******0001');
    expect(row.getByText('play_store')).toBeInTheDocument();
    expect(row.getByText('Profile saved')).toBeInTheDocument();
    expect(row.getByText('Being verified')).toBeInTheDocument();
  });

  it('collectionOrder: overdue days, band, collector and last contact, the order opening its detail; the band filter is sent', async () => {
    const call = fakeEndpoints([fakeList(remarketingApi.listCollectionOrders, [inCollection])]);
    renderAt(<CollectionOrderPage />, '/order/collectionOrder?band=8%2B');
    expect(await screen.findByRole('link', { name: 'LN20250101000042' })).toBeInTheDocument();
    const row = rowOf('LN20250101000042');
    expect(row.getByText('8+ days')).toBeInTheDocument();
    expect(row.getByText('10 days')).toBeInTheDocument();
    expect(row.getByText('₹5,123.00')).toBeInTheDocument();
    expect(row.getByText('Kabir Collector')).toBeInTheDocument();
    expect(row.getByText(/14 Jan 2025|2025-01-14/)).toBeInTheDocument();
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(remarketingApi.listCollectionOrders, {
        page: 1,
        pageSize: 20,
        filters: { band: '8+' },
      }),
    );
  });
});
