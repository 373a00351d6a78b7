import { configure, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CallHours,
  type CallRow,
  type ImportReport,
  type LeadRow,
  type RateRow,
  telemarketingApi,
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
  calls: 4,
  callsToday: 2,
  callCap: 3,
  optedOut: false,
  lastCallAt: null,
  nextCallDate: null,
  conversion: 'none',
};

/** The call list's answer: the rows and the calling hours in force. */
function leadsWithHours(callHours: CallHours, row: LeadRow = lead) {
  const [, rows] = fakeList(telemarketingApi.listLeads, [row]);
  return [
    telemarketingApi.listLeads,
    (body: Parameters<typeof rows>[0]) => ({ ...rows(body), callHours }),
  ] as const;
}

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

  it('shows the calling hours in force before the call', async () => {
    fakeEndpoints([
      leadsWithHours({ start: '09:00', end: '18:00', withinHours: true }),
      [telemarketingApi.listTelemarketers, () => ({ list: [] })],
    ]);
    renderAt(<UserListPage />, '/telemarketing/userList');
    const row = within((await screen.findByText('******4321')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Record call: ******4321' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Calling hours 09:00–18:00 India time')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Outside the calling hours now/)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/calls today/)).not.toBeInTheDocument();
  });

  it('warns before the call when now is outside the calling hours (en and zh)', async () => {
    fakeEndpoints([
      leadsWithHours({ start: '09:00', end: '18:00', withinHours: false }),
      [telemarketingApi.listTelemarketers, () => ({ list: [] })],
    ]);
    renderAt(<UserListPage />, '/telemarketing/userList');
    const row = within((await screen.findByText('******4321')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Record call: ******4321' }));
    const dialog = await screen.findByRole('dialog');
    const warning = within(dialog).getByRole('alert');
    expect(warning).toHaveClass('ant-alert-warning');
    expect(within(warning).getByText('Calling hours 09:00–18:00 India time')).toBeInTheDocument();
    expect(within(warning).getByText(/Outside the calling hours now/)).toBeInTheDocument();
    await i18n.changeLanguage('zh');
    expect(await within(dialog).findByText('拨打时段：印度时间 09:00–18:00')).toBeInTheDocument();
  });

  it("shows today's calls to the number against the daily cap (en and zh)", async () => {
    fakeEndpoints([
      leadsWithHours(
        { start: '09:00', end: '18:00', withinHours: true },
        { ...lead, callsToday: 3 },
      ),
      [telemarketingApi.listTelemarketers, () => ({ list: [] })],
    ]);
    renderAt(<UserListPage />, '/telemarketing/userList');
    const row = within((await screen.findByText('******4321')).closest('tr')!);
    expect(row.getByText('3/3')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Calls today' })).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Record call: ******4321' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'This number has had 3 of its 3 calls today: the server will refuse another until tomorrow',
      ),
    ).toBeInTheDocument();
    await i18n.changeLanguage('zh');
    expect(await screen.findByRole('columnheader', { name: '今日通话' })).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        '该号码今日已拨打 3 次（每日上限 3 次）：明天之前服务器将拒绝再次拨打',
      ),
    ).toBeInTheDocument();
  });

  it('marks a number that opted out of marketing and offers no call to it (en and zh)', async () => {
    fakeEndpoints([
      leadsWithHours(
        { start: '09:00', end: '18:00', withinHours: true },
        {
          ...lead,
          optedOut: true,
        },
      ),
      [telemarketingApi.listTelemarketers, () => ({ list: [] })],
    ]);
    renderAt(<UserListPage />, '/telemarketing/userList');
    const row = within((await screen.findByText('******4321')).closest('tr')!);
    expect(row.getByText('Opted out')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Opt-out' })).toBeInTheDocument();
    const button = row.getByRole('button', { name: 'Record call: ******4321' });
    expect(button).toBeDisabled();
    await userEvent.setup({ pointerEventsCheck: 0 }).hover(button);
    await screen.findByText(
      'This number opted out of marketing (a STOP reply, the DND registry or a request): it must not be called',
    );
    await i18n.changeLanguage('zh');
    expect(await row.findByText('已退订')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '退订' })).toBeInTheDocument();
  });

  it('shows no opt-out on a number that may be called', async () => {
    fakeEndpoints([
      leadsWithHours({ start: '09:00', end: '18:00', withinHours: true }),
      [telemarketingApi.listTelemarketers, () => ({ list: [] })],
    ]);
    renderAt(<UserListPage />, '/telemarketing/userList');
    const row = within((await screen.findByText('******4321')).closest('tr')!);
    expect(row.queryByText('Opted out')).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Record call: ******4321' })).toBeEnabled();
  });

  it('the lead filters the users nobody holds yet', async () => {
    const call = fakeEndpoints([
      leadsWithHours({ start: '08:00', end: '19:00', withinHours: true }),
      [telemarketingApi.listTelemarketers, () => ({ list: [] })],
    ]);
    renderAt(<UserListPage />, '/telemarketing/userList');
    await screen.findByText('******4321');
    await userEvent.click(screen.getByLabelText('Assignment'));
    await userEvent.click(await screen.findByTitle('Not assigned yet'));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        telemarketingApi.listLeads,
        expect.objectContaining({ filters: { unassigned: true } }),
      ),
    );
  });

  it('the lead imports a call list from .xlsx and reads the row report', async () => {
    const report: ImportReport = {
      fileName: 'diwali.xlsx',
      accepted: 1,
      refused: 1,
      rows: [
        { row: 2, status: 'accepted', reason: null, id: 12 },
        {
          row: 3,
          status: 'refused',
          reason: 'phone: opted out of marketing, never called',
          id: null,
        },
      ],
    };
    const call = fakeEndpoints([
      leadsWithHours(
        { start: '08:00', end: '19:00', withinHours: true },
        { ...lead, source: 'imported' },
      ),
      [telemarketingApi.listTelemarketers, () => ({ list: [] })],
      [telemarketingApi.importLeads, () => report],
    ]);
    const user = userEvent.setup({ delay: null });
    renderAt(<UserListPage />, '/telemarketing/userList');
    expect(await screen.findByText('Imported list')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('toolbar')).getByRole('button', { name: 'Import list' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Import a call list')).toBeInTheDocument();
    expect(
      dialog.getByText(/names the columns: Phone \(a 10-digit Indian mobile number/),
    ).toBeInTheDocument();
    fireEvent.change(document.querySelector('input[type=file]')!, {
      target: { files: [new File([new Uint8Array([80, 75, 3, 4])], 'diwali.xlsx')] },
    });
    await user.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(
      await dialog.findByText('diwali.xlsx: 1 row(s) accepted, 1 refused'),
    ).toBeInTheDocument();
    expect(dialog.getByText('phone: opted out of marketing, never called')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(telemarketingApi.importLeads, {
      fileName: 'diwali.xlsx',
      contentBase64: 'UEsDBA==',
    });
  }, 120_000);

  it('names the imported source and the import in Chinese', async () => {
    await i18n.changeLanguage('zh');
    fakeEndpoints([
      leadsWithHours(
        { start: '08:00', end: '19:00', withinHours: true },
        { ...lead, source: 'imported' },
      ),
      [telemarketingApi.listTelemarketers, () => ({ list: [] })],
    ]);
    renderAt(<UserListPage />, '/telemarketing/userList');
    expect(await screen.findByText('导入名单', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('toolbar')).getByRole('button', { name: '导入名单' }),
    ).toBeInTheDocument();
  });

  it('a call needs an outcome and remarks, then sends them trimmed', async () => {
    const call = fakeEndpoints([
      leadsWithHours({ start: '08:00', end: '19:00', withinHours: true }),
      [telemarketingApi.listTelemarketers, () => ({ list: [] })],
      [telemarketingApi.recordCall, () => ({ callId: 1 })],
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
    expect(call).not.toHaveBeenCalledWith(telemarketingApi.recordCall, expect.anything());

    await userEvent.click(within(dialog).getByLabelText('Outcome'));
    await userEvent.click(await screen.findByTitle('Promise'));
    await userEvent.type(within(dialog).getByLabelText('Remarks'), '  Will apply tonight ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(call).toHaveBeenCalledWith(telemarketingApi.recordCall, {
        leadId: 11,
        outcome: 'promise',
        remarks: 'Will apply tonight',
      }),
    );
  });
});

describe('the call history', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.restoreAllMocks());

  const made: CallRow = {
    id: 1,
    leadId: 11,
    source: 'clearNotLoan',
    customerName: 'A*** V****',
    phone: '******4321',
    telemarketerName: 'Tara Telemarketer',
    outcome: 'promise',
    refused: false,
    refusal: null,
    refusalHours: null,
    remarks: 'Will apply tonight',
    nextCallDate: null,
    calledAt: '2025-01-30T05:00:00.000Z',
  };

  it('shows a refused attempt with the hours then in force beside the calls made', async () => {
    fakeEndpoints([
      fakeList(telemarketingApi.listCalls, [
        made,
        {
          ...made,
          id: 2,
          outcome: null,
          refused: true,
          refusal: 'outsideHours',
          refusalHours: '08:00–19:00',
          remarks: 'Tried early',
          calledAt: '2025-01-30T02:29:00.000Z',
        },
      ]),
      [telemarketingApi.listTelemarketers, () => ({ list: [] })],
      leadsWithHours({ start: '08:00', end: '19:00', withinHours: true }),
    ]);
    // The call history is the second tab of the call list (decision 0078).
    renderAt(<UserListPage />, '/telemarketing/userList?view=calls');
    const refused = within((await screen.findByText('Tried early')).closest('tr')!);
    expect(refused.getByText('Refused: outside hours 08:00–19:00')).toBeInTheDocument();
    const call = within(screen.getByText('Will apply tonight').closest('tr')!);
    expect(call.getByText('Promise')).toBeInTheDocument();
    expect(call.queryByText(/Refused/)).not.toBeInTheDocument();
  });

  it('opens from the call list as its second tab', async () => {
    const call = fakeEndpoints([
      leadsWithHours({ start: '08:00', end: '19:00', withinHours: true }),
      fakeList(telemarketingApi.listCalls, [made]),
      [telemarketingApi.listTelemarketers, () => ({ list: [] })],
    ]);
    renderAt(<UserListPage />, '/telemarketing/userList');
    await screen.findByText('******4321');
    await userEvent.click(screen.getByRole('tab', { name: 'Call history' }));
    await screen.findByText('Will apply tonight');
    expect(call).toHaveBeenCalledWith(
      telemarketingApi.listCalls,
      expect.objectContaining({ page: 1 }),
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
        telemarketingApi.telemarketingRate,
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
