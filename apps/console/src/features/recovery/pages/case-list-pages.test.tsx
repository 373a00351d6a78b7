import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CaseRow, recoveryApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { MyOrderListPage } from './case-list-pages';

configure({ asyncUtilTimeout: 20_000 });

const base: CaseRow = {
  id: 7,
  kind: 'collection',
  orderId: 70,
  orderNo: 'LN0000070',
  customerName: 'A*** V****',
  customerPhone: '******4321',
  status: 'open',
  outcome: null,
  stage: 'S1',
  dueDate: '2025-01-29',
  overdueDays: 3,
  rbiClass: 'SMA-0',
  rescheduled: false,
  owedAtAssignmentPaise: 463_650,
  outstandingPaise: 463_650,
  recoveredPaise: 0,
  collectorId: 5,
  collectorName: 'Kabir Collector',
  groupId: 1,
  groupName: 'Early stage',
  undispatchedReason: null,
  followStatus: 'promise',
  promiseDate: '2025-02-01',
  promisePaise: 100_000,
  promiseBroken: false,
  promiseToday: true,
  lastContactAt: '2025-01-31T06:00:00.000Z',
  attemptsToday: 1,
  assignedAt: '2025-01-30T19:00:00.000Z',
  openedAt: '2025-01-30T19:00:00.000Z',
  closedAt: null,
};

describe('my case list', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for the signed-in collector’s open cases and flags a promise due today', async () => {
    const call = fakeEndpoints([fakeList(recoveryApi.listCases, [base])]);
    renderAt(<MyOrderListPage />, '/precollection/myPreCollectionManage/myOrderList');
    const row = within((await screen.findByText('LN0000070')).closest('tr')!);
    expect(call).toHaveBeenCalledWith(recoveryApi.listCases, {
      page: 1,
      pageSize: 20,
      filters: { mine: true, state: 'open' },
    });
    expect(row.getByText('Promised today')).toBeInTheDocument();
    expect(row.getByText('₹4,636.50', { exact: false })).toBeInTheDocument();
    expect(row.getByText('******4321')).toBeInTheDocument();
  });

  it('a follow-up needs a status and remarks (the product messages) before it is sent', async () => {
    const call = fakeEndpoints([
      fakeList(recoveryApi.listCases, [base]),
      [recoveryApi.logFollowUp, () => ({ followUpId: 1 })],
    ]);
    renderAt(<MyOrderListPage />, '/precollection/myPreCollectionManage/myOrderList');
    const row = within((await screen.findByText('LN0000070')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: /Follow up/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('select a follow-up status')).toBeInTheDocument();
    expect(within(dialog).getByText('fill remarks')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(recoveryApi.logFollowUp, expect.anything());
  });
});
