import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { channelReportApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { RegistrationReportPage } from './registration-report-page';

configure({ asyncUtilTimeout: 20_000 });

describe('registrationReport', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows registrants per day and channel with their KYC and same-day shares', async () => {
    fakeEndpoints([
      [
        channelReportApi.registrationReport,
        () => ({
          list: [
            {
              date: '2026-11-10',
              channel: 'play_store',
              registrations: 8,
              kycCompleted: 6,
              kycRate: 0.75,
              appliedSameDay: 1,
              sameDayApplyRate: 0.125,
            },
          ],
          total: 1,
          totals: {
            registrations: 8,
            kycCompleted: 6,
            kycRate: 0.75,
            appliedSameDay: 1,
            sameDayApplyRate: 0.125,
          },
        }),
      ],
    ]);
    renderAt(<RegistrationReportPage />, '/report/registrationReport');
    expect(await screen.findByRole('heading', { name: 'Registration report' })).toBeInTheDocument();
    const row = within((await screen.findByRole('cell', { name: 'play_store' })).closest('tr')!);
    expect(row.getByText('75.0%')).toBeInTheDocument();
    expect(row.getByText('12.5%')).toBeInTheDocument();
  });
});
