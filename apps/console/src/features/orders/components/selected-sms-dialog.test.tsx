import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Campaign,
  type ClearNotLoanRow,
  type RegNotLoanRow,
  marketingSmsApi,
  remarketingApi,
} from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt, testAdmin } from '../../../test/render';
import { ClearNotLoanPage } from '../pages/clear-not-loan-page';
import { RegNotLoanPage } from '../pages/reg-not-loan-page';

configure({ asyncUtilTimeout: 20_000 });

const template = {
  code: 'marketing_offer_v1',
  name: 'Festive offer',
  senderId: '562311',
  language: 'en',
  text: 'Your next loan is ready: up to Rs {#amount#} in minutes. - LENDIN',
  variables: ['amount'],
};

function clearedRow(id: number, phone: string): ClearNotLoanRow {
  return {
    id,
    customerName: 'A*** V****',
    phone,
    lastOrderId: 40 + id,
    lastOrderNo: `LN2025010100004${id}`,
    clearedDate: '2025-01-10',
    daysSinceCleared: 5,
    loansTaken: 1,
    lastAmountPaise: 450_000,
    totalRepaidPaise: 523_400,
    clearedOnTime: 1,
    clearedLate: 0,
  };
}

const registered: RegNotLoanRow = {
  id: 9,
  customerName: null,
  phone: '******0001',
  registrationDate: '2025-01-12',
  daysSinceRegistration: 3,
  channel: 'google',
  kyc: 'registered',
  bankVerification: 'none',
  customerId: null,
};

function campaignOf(body: { name: string }): Campaign {
  return {
    id: 31,
    name: body.name,
    templateCode: template.code,
    templateName: template.name,
    text: 'Your next loan is ready: up to Rs 20,000 in minutes. - LENDIN',
    audienceSource: 'clearNotLoan',
    selectedRows: 2,
    audienceSize: 2,
    sent: 0,
    delivered: 0,
    failed: 0,
    optedOut: 1,
    blacklisted: 0,
    pending: 1,
    ratePerMinute: 100,
    status: 'scheduled',
    sendAt: '2025-01-15T05:00:00.000Z',
    createdBy: 'Admin',
    createdAt: '2025-01-15T05:00:00.000Z',
    completedAt: null,
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.restoreAllMocks());

/** The open dialog with this title (the modals' labels are not unique under test). */
async function dialogTitled(title: string) {
  return within((await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]')!);
}

function rowOf(text: string) {
  return within(screen.getByText(text).closest('tr')!);
}

describe('Send SMS on the re-marketing lists', () => {
  it('clearNotLoan: a campaign to the selected customers, after a confirmation naming the template and how many receive it; then points at the campaign', async () => {
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    const call = fakeEndpoints([
      fakeList(remarketingApi.listClearNotLoan, [
        clearedRow(7, '******3210'),
        clearedRow(8, '******4321'),
        clearedRow(9, '******5432'),
      ]),
      [
        marketingSmsApi.listCampaignTemplates,
        () => ({ list: [template], sendHours: { start: '10:00', end: '21:00' } }),
      ],
      [
        marketingSmsApi.previewCampaignAudience,
        () => ({ total: 2, optedOut: 1, blacklisted: 0, eligible: 1 }),
      ],
      [marketingSmsApi.createCampaign, (body) => campaignOf(body)],
    ]);
    renderAt(<ClearNotLoanPage />, '/order/clearNotLoan');
    await screen.findByText('******5432');
    const send = screen.getByRole('button', { name: 'Send SMS' });
    expect(send).toBeDisabled();
    await user.click(rowOf('******3210').getByRole('checkbox', { name: 'Select ******3210' }));
    await user.click(rowOf('******5432').getByRole('checkbox', { name: 'Select ******5432' }));
    await user.click(send);

    const dialog = await dialogTitled('Marketing SMS to 2 selected users');
    // Named after the list, the selection and the India time, until staff rename it.
    expect((dialog.getByLabelText('Campaign') as HTMLInputElement).value).toMatch(
      /^Cleared, not re-borrowed: 2 selected, \d{4}-\d\d-\d\d \d\d:\d\d$/,
    );
    await user.clear(dialog.getByLabelText('Campaign'));
    await user.type(dialog.getByLabelText('Campaign'), 'Come back, January');
    await user.click(dialog.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByText('Festive offer (marketing_offer_v1)'));
    await user.type(await dialog.findByLabelText('amount'), '20,000');
    expect(dialog.getByTestId('selected-sms-message')).toHaveTextContent(
      'Your next loan is ready: up to Rs 20,000 in minutes. - LENDIN',
    );
    await user.click(dialog.getByRole('button', { name: 'Review and send' }));

    const audience = { source: 'selected', list: 'clearNotLoan', ids: [7, 9] };
    const confirmation = await dialogTitled('Send marketing SMS?');
    expect(call).toHaveBeenCalledWith(marketingSmsApi.previewCampaignAudience, { audience });
    expect(
      confirmation.getByText(
        'Send template Festive offer (marketing_offer_v1) to 1 of the 2 selected now.',
      ),
    ).toBeInTheDocument();
    expect(
      confirmation.getByText('Left out: 1 opted out (DND, STOP), 0 blacklisted.'),
    ).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(marketingSmsApi.createCampaign, expect.anything());

    await user.click(confirmation.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(marketingSmsApi.createCampaign, {
        name: 'Come back, January',
        templateCode: 'marketing_offer_v1',
        params: { amount: '20,000' },
        audience,
        idempotencyKey: expect.stringMatching(/^console-campaign-/),
      }),
    );
    expect(await dialog.findByText('Campaign Come back, January scheduled')).toBeInTheDocument();
    expect(
      dialog.getByText(
        '1 to send, 1 left out. Its progress and delivery figures are on Marketing SMS.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'See the campaign' })).toHaveAttribute(
      'href',
      '/toolMage/marketingSMS?name=Come+back%2C+January',
    );
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByText('0 selected')).toBeInTheDocument());
  });

  it('regNotLoan: the selected app accounts, within the sending hours in force; a selection no one can receive is not sent', async () => {
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    const call = fakeEndpoints([
      fakeList(remarketingApi.listRegNotLoan, [registered]),
      [
        marketingSmsApi.listCampaignTemplates,
        () => ({ list: [template], sendHours: { start: '11:00', end: '20:00' } }),
      ],
      [
        marketingSmsApi.previewCampaignAudience,
        () => ({ total: 1, optedOut: 0, blacklisted: 1, eligible: 0 }),
      ],
      [marketingSmsApi.createCampaign, (body) => campaignOf(body)],
    ]);
    renderAt(<RegNotLoanPage />, '/order/regNotLoan');
    await user.click(
      (await screen.findByRole('checkbox', { name: 'Select ******0001' })) as HTMLElement,
    );
    await user.click(screen.getByRole('button', { name: 'Send SMS' }));
    const dialog = await dialogTitled('Marketing SMS to 1 selected user');
    // The sending hours in force, as the server holds them.
    expect(
      dialog.getByText(
        'Promotional SMS go out only between 11:00 and 20:00 India time (TRAI’s 10:00–21:00 and the SMS quiet hours).',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByText('Festive offer (marketing_offer_v1)'));
    await user.type(await dialog.findByLabelText('amount'), '5,000');
    await user.click(dialog.getByRole('button', { name: 'Review and send' }));
    const confirmation = await dialogTitled('Send marketing SMS?');
    expect(call).toHaveBeenCalledWith(marketingSmsApi.previewCampaignAudience, {
      audience: { source: 'selected', list: 'regNotLoan', ids: [9] },
    });
    // Everyone selected is blacklisted: nothing can be sent.
    expect(
      confirmation.getByText(
        'No one selected can receive it: every number opted out or is blacklisted.',
      ),
    ).toBeInTheDocument();
    expect(confirmation.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(confirmation.getByRole('button', { name: 'Cancel' }));
    expect(call).not.toHaveBeenCalledWith(marketingSmsApi.createCampaign, expect.anything());
  });

  it('is offered only with the grant to create campaigns; export stays', async () => {
    fakeEndpoints([fakeList(remarketingApi.listRegNotLoan, [registered])]);
    renderAt(<RegNotLoanPage />, '/order/regNotLoan', {
      user: {
        ...testAdmin,
        roles: ['Orders'],
        interfaces: ['order.reg_not_loan', 'export.start', 'marketingSms.templates'],
      },
    });
    await screen.findByText('******0001');
    expect(screen.queryByRole('button', { name: 'Send SMS' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select ******0001' })).toBeNull();
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
  });
});
