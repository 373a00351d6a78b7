import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { type QueueRow, approvalApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { ReviewFirstWaitPage } from './queue-pages';

configure({ asyncUtilTimeout: 20_000 });

const waiting: QueueRow = {
  taskId: 1,
  orderId: 41,
  orderNo: 'LN20250130000041',
  customerName: 'A*** V****',
  phone: '******4321',
  principalPaise: 500_000,
  customerType: 'new',
  productName: 'Starter',
  channel: 'google',
  machineScore: 640,
  reviewerId: null,
  reviewerName: null,
  queuedAt: '2025-01-30T05:00:00.000Z',
  waitingMinutes: 30,
  decidedAt: null,
  decision: null,
  rejectionCode: null,
  remarks: null,
  checkingStatus: 'failed',
};

describe('the review queues', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it("show each order's checking status from its verification calls (en and zh)", async () => {
    fakeEndpoints([
      fakeList(approvalApi.reviewQueue, [
        waiting,
        {
          ...waiting,
          taskId: 2,
          orderId: 42,
          orderNo: 'LN20250130000042',
          checkingStatus: 'not_checked',
        },
      ]),
      [approvalApi.reviewerOptions, () => ({ reviewers: [], staff: [], groups: [], products: [] })],
    ]);
    renderAt(<ReviewFirstWaitPage />, '/approve/reviewFirst/reviewFirstWait');
    const failed = within((await screen.findByText('LN20250130000041')).closest('tr')!);
    failed.getByText('Failed');
    const notChecked = within(screen.getByText('LN20250130000042').closest('tr')!);
    notChecked.getByText('Not checked');
    await screen.findByRole('columnheader', { name: 'Checking' });
    await i18n.changeLanguage('zh');
    await failed.findByText('核实未通过');
    notChecked.getByText('未核实');
  });
});
