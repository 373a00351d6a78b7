import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ChannelFunnelRow, channelReportApi, opsConfigApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { formatShare } from '../../../lib/format';
import { ChannelConversionRatePage } from './channel-conversion-rate-page';

configure({ asyncUtilTimeout: 20_000 });

const funnel = (channel: string, registrations: number, disbursed: number): ChannelFunnelRow => ({
  channel,
  registrations,
  kycCompleted: registrations - 1,
  applied: 2,
  machinePassed: 2,
  approved: 1,
  disbursed,
  kycRate: (registrations - 1) / registrations,
  applyRate: 2 / (registrations - 1),
  machinePassRate: 1,
  approveRate: 0.5,
  disburseRate: disbursed,
  conversionRate: disbursed / registrations,
});

describe('channelConversionRate', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows shares as true fractions with one decimal, and none for an empty whole', () => {
    expect(formatShare(1 / 3)).toBe('33.3%');
    expect(formatShare(0.005)).toBe('0.5%');
    expect(formatShare(1)).toBe('100.0%');
    expect(formatShare(null)).toBe('—');
  });

  it('shows each channel’s funnel with its step rates, the direct registrations named, and the filters sent', async () => {
    const call = fakeEndpoints([
      [
        opsConfigApi.listChannels,
        () => ({
          list: [
            {
              code: 'google',
              name: 'Google Ads',
              partner: 'Google',
              link: 'https://example.com/g',
              status: 'available' as const,
              registrations: 3,
              updatedAt: '2026-11-01T00:00:00.000Z',
            },
          ],
          total: 1,
        }),
      ],
      [
        channelReportApi.channelConversionRate,
        () => ({
          list: [funnel('google', 3, 1), funnel('', 7, 0)],
          total: 2,
          totals: { ...funnel('', 10, 1), applied: 4, machinePassed: 4, approved: 2 },
        }),
      ],
    ]);
    renderAt(
      <ChannelConversionRatePage />,
      '/report/channelConversionRate?dateFrom=2026-11-01&dateTo=2026-11-15&channel=google',
    );
    // The channel filter names the channel chosen in the URL.
    expect(await screen.findByTitle('Google Ads (google)')).toBeInTheDocument();
    const google = within((await screen.findByRole('cell', { name: 'google' })).closest('tr')!);
    expect(google.getByText('66.7%')).toBeInTheDocument(); // KYC 2 of 3
    expect(google.getByText('33.3%')).toBeInTheDocument(); // 1 payout of 3 registrants
    expect(google.getByText('50.0%')).toBeInTheDocument(); // 1 approved of 2 passed
    const direct = within(screen.getByText('Direct (no channel)').closest('tr')!);
    // Nothing disbursed: the disbursal rate and the whole funnel are 0 %, not an error.
    expect(direct.getAllByText('0.0%')).toHaveLength(2);
    expect(screen.getByText('Totals of the range')).toBeInTheDocument();
    expect(screen.getByText('10.0%')).toBeInTheDocument(); // the range: 1 payout of 10
    expect(call).toHaveBeenCalledWith(channelReportApi.channelConversionRate, {
      page: 1,
      pageSize: 50,
      filters: { dateFrom: '2026-11-01', dateTo: '2026-11-15', channel: 'google' },
    });
  });
});
