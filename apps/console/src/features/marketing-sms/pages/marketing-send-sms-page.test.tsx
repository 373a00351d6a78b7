import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Campaign, marketingSmsApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { MarketingSendSmsPage } from './marketing-send-sms-page';

configure({ asyncUtilTimeout: 20_000 });

const template = {
  code: 'marketing_offer_v1',
  name: 'Festive offer',
  senderId: '562311',
  language: 'en',
  text: 'Your next loan is ready: up to Rs {#amount#} in minutes. - LENDIN',
  variables: ['amount'],
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.restoreAllMocks());

function fakes(sendHours = { start: '10:00', end: '21:00' }) {
  return fakeEndpoints([
    [marketingSmsApi.listCampaignTemplates, () => ({ list: [template], sendHours })],
    [marketingSmsApi.listAudienceLists, () => ({ list: [] })],
    [
      marketingSmsApi.previewCampaignAudience,
      () => ({ total: 5, optedOut: 2, blacklisted: 1, eligible: 2 }),
    ],
    [marketingSmsApi.createCampaign, () => ({ id: 1 }) as Campaign],
  ]);
}

describe('marketing send SMS page', () => {
  it('fills the template as it will go out, refuses a time outside 10:00–21:00, and asks before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const call = fakes();
    renderAt(<MarketingSendSmsPage />, '/toolMage/marketingSendSMS');

    await user.type(await screen.findByLabelText('Campaign'), 'Come back');
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByText('Festive offer (marketing_offer_v1)'));
    await user.type(await screen.findByLabelText('amount'), '20,000');
    expect(screen.getByTestId('campaign-message')).toHaveTextContent(
      'Your next loan is ready: up to Rs 20,000 in minutes. - LENDIN',
    );

    fireEvent.change(screen.getByLabelText('Date (India)'), { target: { value: '2025-01-16' } });
    fireEvent.change(screen.getByLabelText('Time (India)'), { target: { value: '21:30' } });
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    await screen.findByText('Only between 10:00 and 21:00 India time');
    expect(call).not.toHaveBeenCalledWith(
      marketingSmsApi.previewCampaignAudience,
      expect.anything(),
    );

    fireEvent.change(screen.getByLabelText('Time (India)'), { target: { value: '11:00' } });
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('Send this SMS to 2 people on 2025-01-16 at 11:00 India time.'),
    ).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(marketingSmsApi.createCampaign, expect.anything());

    await user.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(marketingSmsApi.createCampaign, {
        name: 'Come back',
        templateCode: 'marketing_offer_v1',
        params: { amount: '20,000' },
        audience: { source: 'clearNotLoan' },
        sendAt: '2025-01-16T11:00:00+05:30',
        ratePerMinute: 100,
        idempotencyKey: expect.stringMatching(/^console-campaign-/),
      }),
    );
  });

  it('keeps to the sending hours the server holds, narrowed by the quiet hours, and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const call = fakes({ start: '11:00', end: '20:00' });
    renderAt(<MarketingSendSmsPage />, '/toolMage/marketingSendSMS');
    await screen.findByText(
      'Promotional SMS go out only between 11:00 and 20:00 India time (TRAI’s 10:00–21:00 and the SMS quiet hours).',
    );
    await user.type(screen.getByLabelText('Campaign'), 'Come back');
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByText('Festive offer (marketing_offer_v1)'));
    await user.type(await screen.findByLabelText('amount'), '20,000');
    fireEvent.change(screen.getByLabelText('Date (India)'), { target: { value: '2025-01-16' } });
    // 10:30 is inside TRAI's window but inside the quiet hours.
    fireEvent.change(screen.getByLabelText('Time (India)'), { target: { value: '10:30' } });
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    await screen.findByText('Only between 11:00 and 20:00 India time');
    expect(call).not.toHaveBeenCalledWith(
      marketingSmsApi.previewCampaignAudience,
      expect.anything(),
    );
  });

  it('shows who the audience reaches and who is skipped', async () => {
    const user = userEvent.setup({ delay: null });
    fakes();
    renderAt(<MarketingSendSmsPage />, '/toolMage/marketingSendSMS');
    await user.click(await screen.findByRole('button', { name: 'Count audience' }));
    await screen.findByText('Will receive');
    // Numbers, opted out, blacklisted, will receive.
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '5',
      '2',
      '1',
      '2',
    ]);
  });
});
