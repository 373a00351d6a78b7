import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  listLeads,
  listTelemarketers,
  recordCall,
  telemarketingRate,
  type LeadRow,
  type RateRow,
} from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { TelemarketingRatePage } from './telemarketing-rate-page';
import { UserListPage } from './user-list-page';

configure({ asyncUtilTimeout: 20_000 });

const lead: LeadRow = {
  id: 11,
  source: 'clearNotLoan',
  customerName: 'A*** V****',
  phone: '******4321',
  sinceDate: '2025-01-20',
  telemarketerId: 5,
  telemarketerName: 'Tara Telemarketer',
  assignedAt: '2025-01-30T05:00:00.000Z',
  followStatus: 'new',
  calls: 0,
  lastCallAt: null,
  nextCallDate: null,
  conversion: 'none',
};

function rate(overrides: Partial<RateRow>): RateRow {
  return {
    key: '2025-01-30:5',
    date: '2025-01-30',
    telemarketerId: 5,
    telemarketerName: 'Tara Telemarketer',
    assigned: 3,
    called: 3,
    connected: 2,
    applied: 2,
    disbursed: 1,
    calledRatePpm: 1_000_000,
    connectedRatePpm: 666_667,
    appliedRatePpm: 666_667,
    disbursedRatePpm: 333_333,
    ...overrides,
  };
}

describe('the call list', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('a call needs an outcome and remarks, then sends them trimmed', async () => {
    const call = fakeEndpoints([
      fakeList(listLeads, [lead]),
      [listTelemarketers, () => ({ list: [] })],
      [recordCall, () => ({ callId: 1 })],
    ]);
    renderAt(<UserListPage />, '/telemarketing/userList');
    const row = within((await screen.findByText('******4321')).closest('tr')!);
    expect(row.getByText('Cleared, not borrowing again')).toBeInTheDocument();
    expect(row.getByText('Not called yet')).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Record call: ******4321' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Call to ******4321')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please select a follow-up status')).toBeInTheDocument();
    expect(within(dialog).getByText('Please fill in the remarks')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(recordCall, expect.anything());

    await userEvent.click(within(dialog).getByLabelText('Outcome'));
    await userEvent.click(await screen.findByTitle('Promise'));
    await userEvent.type(within(dialog).getByLabelText('Remarks'), '  Will apply tonight ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(call).toHaveBeenCalledWith(recordCall, {
        leadId: 11,
        outcome: 'promise',
        remarks: 'Will apply tonight',
      }),
    );
  });
});

describe('the rate report', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows each count with its rate as a share of its own cohort, and the total', async () => {
    fakeEndpoints([
      [
        telemarketingRate,
        () => ({
          dateFrom: '2025-01-24',
          dateTo: '2025-01-30',
          list: [
            rate({}),
            rate({
              key: '2025-01-30:6',
              telemarketerId: 6,
              telemarketerName: 'Sunil Telemarketer',
              assigned: 1,
              called: 0,
              connected: 0,
              applied: 0,
              disbursed: 0,
              calledRatePpm: 0,
              connectedRatePpm: null,
              appliedRatePpm: 0,
              disbursedRatePpm: 0,
            }),
          ],
          total: rate({
            key: 'total',
            date: null,
            telemarketerId: null,
            telemarketerName: null,
            assigned: 4,
            calledRatePpm: 750_000,
            connectedRatePpm: 666_667,
            appliedRatePpm: 500_000,
            disbursedRatePpm: 250_000,
          }),
        }),
      ],
    ]);
    renderAt(<TelemarketingRatePage />, '/telemarketing/telemarketingRate');
    const tara = within((await screen.findByText('Tara Telemarketer')).closest('tr')!);
    expect(tara.getAllByText('2 (66.67 %)')).toHaveLength(2);
    expect(tara.getByText('1 (33.33 %)')).toBeInTheDocument();
    const sunil = within(screen.getByText('Sunil Telemarketer').closest('tr')!);
    // Nobody called: no connection rate to show, not a 0 %.
    expect(sunil.getAllByText('0')).toHaveLength(1);
    expect(sunil.getAllByText('0 (0.00 %)')).toHaveLength(3);
    const total = within(screen.getByText('Total').closest('tr')!);
    expect(total.getByText('3 (75.00 %)')).toBeInTheDocument();
    expect(total.getByText('2 (50.00 %)')).toBeInTheDocument();
  });
});
