import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SmsTemplate, type SystemSetting, opsConfigApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList, refusal } from '../../../test/fake-endpoints';
import { renderAt, testAdmin } from '../../../test/render';
import { AddAppVersionPage } from './add-app-version-page';
import { AppConfigPage } from './app-config-page';
import { SmsConfigPage } from './sms-config-page';
import { SmsTemplatePage } from './sms-template-page';
import { SystemConfig2Page, SystemConfigPage } from './system-config-page';
import { TrxStatisticsPage } from './trx-statistics-page';
import { VerifyCodePage } from './verify-code-page';

// Antd forms render slowly in jsdom when every test file runs at once.
configure({ asyncUtilTimeout: 20_000 });

type User = ReturnType<typeof userEvent.setup>;

async function replace(user: User, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.paste(value);
}

const reapply: SystemSetting = {
  item: 'reapply_after_days',
  value: '7',
  type: 'string',
  group: 'general',
  remarks: 'Days after a rejection before the borrower may apply again',
  known: true,
  readBy: 'Borrower API: loan application',
  updatedAt: '2025-01-15T04:30:00.000Z',
  updatedBy: 'Admin',
};
const regions: SystemSetting = {
  ...reapply,
  item: 'kyc_regions',
  value: 'Delhi,Goa',
  type: 'array',
  remarks: 'Regions served',
  known: false,
  readBy: null,
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.restoreAllMocks());

describe('system configuration page', () => {
  it('lists items with their type and reader; a known item cannot be deleted', async () => {
    fakeEndpoints([fakeList(opsConfigApi.listSettings, [reapply, regions])]);
    renderAt(<SystemConfigPage />, '/systemConfig/systemConfig');
    const known = within(
      (await screen.findByText('reapply_after_days', { selector: 'td' })).closest('tr')!,
    );
    expect(known.getByText('Borrower API: loan application')).toBeInTheDocument();
    expect(known.queryByRole('button', { name: /Delete/ })).toBeNull();
    const free = within(screen.getByText('kyc_regions', { selector: 'td' }).closest('tr')!);
    expect(free.getByText('Delhi · Goa')).toBeInTheDocument();
    expect(free.getByText('Not read by the server yet')).toBeInTheDocument();
    expect(free.getByRole('button', { name: /Delete/ })).toBeInTheDocument();
  });

  it("refuses an empty value with the product's message and sends nothing; a change is sent as typed", async () => {
    const user = userEvent.setup({ delay: null });
    const call = fakeEndpoints([
      fakeList(opsConfigApi.listSettings, [reapply]),
      [
        opsConfigApi.saveSetting,
        (body) => ({ ...reapply, ...body, value: body.value.trim() }) as SystemSetting,
      ],
    ]);
    renderAt(<SystemConfigPage />, '/systemConfig/systemConfig');
    const row = within(
      (await screen.findByText('reapply_after_days', { selector: 'td' })).closest('tr')!,
    );
    await user.click(row.getByRole('button', { name: /Edit/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText('Configuration item')).toBeDisabled();
    await replace(user, 'Value', '   ');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('configuration item, value and remarks cannot be empty'),
    ).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(opsConfigApi.saveSetting, expect.anything());

    await replace(user, 'Value', '3');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(opsConfigApi.saveSetting, {
        item: 'reapply_after_days',
        value: '3',
        type: 'string',
        remarks: reapply.remarks,
        group: 'general',
        create: false,
      }),
    );
  });

  it('operations settings: asks for its group, offers no new item, shows the server naming the setting', async () => {
    const user = userEvent.setup({ delay: null });
    const cap: SystemSetting = {
      ...reapply,
      item: 'recovery_attempt_cap',
      value: '5',
      group: 'operations',
      readBy: 'Collection conduct guard: an attempt over the cap is refused',
    };
    const call = fakeEndpoints([
      fakeList(opsConfigApi.listSettings, [cap]),
      [
        opsConfigApi.saveSetting,
        () => {
          throw refusal('recovery_attempt_cap must be a whole number from 1 to 20', 4000, 'value');
        },
      ],
    ]);
    renderAt(<SystemConfig2Page />, '/toolMage/systemConfig2');
    const row = within(
      (await screen.findByText('recovery_attempt_cap', { selector: 'td' })).closest('tr')!,
    );
    expect(call).toHaveBeenCalledWith(
      opsConfigApi.listSettings,
      expect.objectContaining({ filters: { group: 'operations' } }),
    );
    expect(screen.queryByRole('button', { name: /New configuration item/ })).toBeNull();
    expect(row.queryByRole('button', { name: /Delete/ })).toBeNull();
    await user.click(row.getByRole('button', { name: /Edit/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await replace(user, 'Value', '0');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('recovery_attempt_cap must be a whole number from 1 to 20'),
    ).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(
      opsConfigApi.saveSetting,
      expect.objectContaining({ group: 'operations' }),
    );
  });
});

describe('app configuration page', () => {
  const config = {
    telephone: '1800 102 4455',
    helpUrl: 'https://example.in/help',
    privacyUrl: 'https://example.in/privacy',
    termsUrl: 'https://example.in/terms',
    loanAgreementUrl: 'https://example.in/agreement',
    updatedAt: '2025-01-15T04:30:00.000Z',
  };

  it('refuses an http address before sending, and shows the server naming a field', async () => {
    const user = userEvent.setup({ delay: null });
    const call = fakeEndpoints([
      [opsConfigApi.getAppConfig, () => config],
      [
        opsConfigApi.saveAppConfig,
        () => {
          throw refusal('must be a telephone number', 4000, 'telephone');
        },
      ],
    ]);
    renderAt(<AppConfigPage />, '/systemConfig/appConfig');
    expect(await screen.findByDisplayValue('https://example.in/privacy')).toBeInTheDocument();
    await replace(user, 'Privacy policy URL', 'http://example.in/privacy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter an https:// address');
    expect(call).not.toHaveBeenCalledWith(opsConfigApi.saveAppConfig, expect.anything());

    await replace(user, 'Privacy policy URL', 'https://example.in/privacy-v2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('must be a telephone number');
    expect(call).toHaveBeenCalledWith(opsConfigApi.saveAppConfig, {
      ...config,
      updatedAt: undefined,
      privacyUrl: 'https://example.in/privacy-v2',
    });
  });

  it('is read-only without the save grant', async () => {
    fakeEndpoints([[opsConfigApi.getAppConfig, () => config]]);
    renderAt(<AppConfigPage />, '/systemConfig/appConfig', {
      user: { ...testAdmin, roles: ['reader'], interfaces: [opsConfigApi.getAppConfig.id] },
    });
    expect(await screen.findByDisplayValue('1800 102 4455')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('SMS gateway settings page', () => {
  it('never shows the key; sends a new key only when one is typed', async () => {
    const user = userEvent.setup({ delay: null });
    const view = {
      provider: 'msg91',
      providerInForce: 'msg91',
      liveProvidersAllowed: true,
      senderIds: ['LENDIN'],
      ratePerMinute: 600,
      quietStart: '21:00',
      quietEnd: '10:00',
      apiKeySet: true,
      apiKeyHint: '••••4321',
      updatedAt: null,
    };
    const call = fakeEndpoints([
      [opsConfigApi.getSmsConfig, () => view],
      [opsConfigApi.saveSmsConfig, () => view],
    ]);
    renderAt(<SmsConfigPage />, '/toolMage/smsConfig');
    await screen.findByText(/A key is set \(••••4321\)/);
    expect(screen.getByLabelText('API key')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(opsConfigApi.saveSmsConfig, {
        provider: 'msg91',
        senderIds: ['LENDIN'],
        ratePerMinute: 600,
        quietStart: '21:00',
        quietEnd: '10:00',
      }),
    );
    await replace(user, 'API key', 'new-secret-key-9999');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        opsConfigApi.saveSmsConfig,
        expect.objectContaining({ apiKey: 'new-secret-key-9999' }),
      ),
    );
  });
});

describe('SMS gateway provider in force (decision 0079)', () => {
  const view = {
    provider: 'sandbox',
    providerInForce: 'sandbox',
    liveProvidersAllowed: true,
    senderIds: ['LENDIN', '562311'],
    ratePerMinute: 600,
    quietStart: '21:00',
    quietEnd: '10:00',
    apiKeySet: false,
    apiKeyHint: null,
    updatedAt: null,
  };

  it('shows the provider in force and offers no provider that is not built', async () => {
    const user = userEvent.setup({ delay: null });
    fakeEndpoints([[opsConfigApi.getSmsConfig, () => view]]);
    renderAt(<SmsConfigPage />, '/toolMage/smsConfig');
    await screen.findByText('SMS go out through: sandbox');
    await user.click(screen.getByLabelText('Provider'));
    const gupshup = await screen.findByTitle('gupshup (not built)');
    expect(gupshup).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTitle('msg91')).toHaveAttribute('aria-disabled', 'false');
  });

  it('on a sandbox-only server says so and offers no live provider', async () => {
    const user = userEvent.setup({ delay: null });
    fakeEndpoints([[opsConfigApi.getSmsConfig, () => ({ ...view, liveProvidersAllowed: false })]]);
    renderAt(<SmsConfigPage />, '/toolMage/smsConfig');
    await screen.findByText(/This server sends every SMS through the sandbox/);
    await user.click(screen.getByLabelText('Provider'));
    const msg91 = await screen.findByTitle('msg91 (sandbox-only server)');
    expect(msg91).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows a refused sender id removal at the sender ids', async () => {
    const user = userEvent.setup({ delay: null });
    const message =
      'Sender id 562311 is still used by the enabled template(s) marketing_offer_v1: change or disable them first';
    fakeEndpoints([
      [opsConfigApi.getSmsConfig, () => view],
      [
        opsConfigApi.saveSmsConfig,
        () => {
          throw refusal(message, 4179, 'senderIds');
        },
      ],
    ]);
    renderAt(<SmsConfigPage />, '/toolMage/smsConfig');
    await screen.findByDisplayValue('21:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(message);
  });

  it('is in Chinese', async () => {
    fakeEndpoints([[opsConfigApi.getSmsConfig, () => view]]);
    await i18n.changeLanguage('zh');
    try {
      renderAt(<SmsConfigPage />, '/toolMage/smsConfig');
      await screen.findByText('短信当前发送通道：sandbox');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('SMS gateway quiet hours', () => {
  it('refuses quiet hours that would widen TRAI’s 10:00–21:00, naming the field', async () => {
    const user = userEvent.setup({ delay: null });
    const view = {
      provider: 'sandbox',
      providerInForce: 'sandbox',
      liveProvidersAllowed: false,
      senderIds: ['LENDIN'],
      ratePerMinute: 600,
      quietStart: '21:00',
      quietEnd: '10:00',
      apiKeySet: false,
      apiKeyHint: null,
      updatedAt: null,
    };
    const call = fakeEndpoints([
      [opsConfigApi.getSmsConfig, () => view],
      [opsConfigApi.saveSmsConfig, () => view],
    ]);
    renderAt(<SmsConfigPage />, '/toolMage/smsConfig');
    await screen.findByDisplayValue('21:00');
    await replace(user, 'Quiet hours until (India time)', '09:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(
      'Quiet hours end at 10:00 or later: an earlier end would send before 10:00 (TRAI)',
    );
    await replace(user, 'Quiet hours until (India time)', '11:00');
    await replace(user, 'Quiet hours from (India time)', '22:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(
      'Quiet hours start at 21:00 or earlier, and after they end: a later start would send after 21:00',
    );
    expect(call).not.toHaveBeenCalledWith(opsConfigApi.saveSmsConfig, expect.anything());
    // Narrower than TRAI's window: saved.
    await replace(user, 'Quiet hours from (India time)', '20:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        opsConfigApi.saveSmsConfig,
        expect.objectContaining({ quietStart: '20:00', quietEnd: '11:00' }),
      ),
    );
  });
});

describe('SMS templates page', () => {
  it('shows the DLT fields and variables; disabling asks first', async () => {
    const user = userEvent.setup({ delay: null });
    const template: SmsTemplate = {
      code: 'otp_login_v1',
      name: 'Sign-in code',
      dltTemplateId: '1107161234567890101',
      senderId: 'LENDIN',
      category: 'service',
      language: 'en',
      text: '{#code#} is your sign-in code.',
      variables: ['code'],
      enabled: true,
      updatedAt: '2025-01-15T04:30:00.000Z',
    };
    const call = fakeEndpoints([
      fakeList(opsConfigApi.listSmsTemplates, [template]),
      [opsConfigApi.setSmsTemplateEnabled, (body) => ({ ...template, enabled: body.enabled })],
    ]);
    renderAt(<SmsTemplatePage />, '/toolMage/SMSManagement');
    const row = within(
      (await screen.findByText('otp_login_v1', { selector: 'td' })).closest('tr')!,
    );
    expect(row.getByText('1107161234567890101')).toBeInTheDocument();
    expect(row.getByText('Service')).toBeInTheDocument();
    await user.click(row.getByRole('switch'));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText(/Disable the template Sign-in code\?/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: /OK|Confirm|Yes/ }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(opsConfigApi.setSmsTemplateEnabled, {
        code: 'otp_login_v1',
        enabled: false,
      }),
    );
  });
});

describe('new version release page', () => {
  it('refuses a version that is not x.y.z, then releases one', async () => {
    const user = userEvent.setup({ delay: null });
    const call = fakeEndpoints([
      fakeList(opsConfigApi.listVersions, []),
      [
        opsConfigApi.saveVersion,
        (body) => ({
          version: body.version,
          content: body.content,
          forceUpdate: body.forceUpdate,
          packageUrl: body.packageUrl,
          releasedAt: '2025-01-15T04:30:00.000Z',
          releasedBy: 'Admin',
        }),
      ],
    ]);
    renderAt(<AddAppVersionPage />, '/systemConfig/addCCFOnly');
    await screen.findByLabelText('Version number');
    await replace(user, 'Version number', '2.0');
    await replace(user, 'Update content', 'Hindi screens');
    await replace(user, 'Package address', 'https://dl.example.in/app-2.0.0.apk');
    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByRole('button', { name: 'Release' }));
    await screen.findByText('Enter a version like 1.4.2');
    expect(call).not.toHaveBeenCalledWith(opsConfigApi.saveVersion, expect.anything());
    await replace(user, 'Version number', '2.0.0');
    await user.click(screen.getByRole('button', { name: 'Release' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(opsConfigApi.saveVersion, {
        version: '2.0.0',
        content: 'Hindi screens',
        forceUpdate: true,
        packageUrl: 'https://dl.example.in/app-2.0.0.apk',
        create: true,
      }),
    );
  });
});

describe('customer verification code page', () => {
  const live = {
    id: 9,
    phone: '******0555',
    purpose: 'login' as const,
    status: 'live' as const,
    attempts: 0,
    sentAt: '2025-01-15T04:30:00.000Z',
    expiresAt: '2025-01-15T04:35:00.000Z',
    delivery: 'delivered' as const,
  };
  const used = { ...live, id: 8, phone: '******0444', status: 'used' as const };

  it('shows a live code only after asking, with the success message; never a used one', async () => {
    const user = userEvent.setup({ delay: null });
    const call = fakeEndpoints([
      fakeList(opsConfigApi.listVerifyCodes, [live, used]),
      [opsConfigApi.revealVerifyCode, () => ({ code: '482913' })],
    ]);
    renderAt(<VerifyCodePage />, '/telemarketing/customerVerifyCode');
    const row = within((await screen.findByText('******0555', { selector: 'td' })).closest('tr')!);
    expect(row.getByText('Delivered')).toBeInTheDocument();
    const other = within(screen.getByText('******0444', { selector: 'td' }).closest('tr')!);
    expect(other.queryByRole('button', { name: /Show the code/ })).toBeNull();
    await user.click(row.getByRole('button', { name: 'Show the code sent to ******0555' }));
    const confirm = within(await screen.findByRole('dialog'));
    await user.click(confirm.getByRole('button', { name: 'OK' }));
    expect(await row.findByText('482913')).toBeInTheDocument();
    await screen.findByText('verification code obtained successfully');
    expect(call).toHaveBeenCalledWith(opsConfigApi.revealVerifyCode, { id: 9 });
  });

  it('does not offer the code without the reveal permission', async () => {
    fakeEndpoints([fakeList(opsConfigApi.listVerifyCodes, [live])]);
    renderAt(<VerifyCodePage />, '/telemarketing/customerVerifyCode', {
      user: { ...testAdmin, roles: ['caller'], interfaces: [opsConfigApi.listVerifyCodes.id] },
    });
    const row = within((await screen.findByText('******0555', { selector: 'td' })).closest('tr')!);
    expect(row.queryByRole('button', { name: /Show the code/ })).toBeNull();
    expect(row.getByText('••••••')).toBeInTheDocument();
  });
});

describe('payment channel statistics page', () => {
  it('asks for the days in the URL and shows every figure in the table', async () => {
    const call = fakeEndpoints([
      [
        opsConfigApi.trxStatistics,
        () => ({
          list: [
            {
              day: '2025-01-15',
              direction: 'payout' as const,
              channel: 'razorpayx',
              count: 4,
              successCount: 3,
              amountPaise: 4_000_000,
              successAmountPaise: 3_000_000,
              successPpm: 750_000,
              averageSettleSeconds: 150,
            },
          ],
        }),
      ],
    ]);
    renderAt(<TrxStatisticsPage />, '/toolMage/trxStatistcs?dateFrom=2025-01-10&dateTo=2025-01-15');
    const row = within((await screen.findByText('razorpayx', { selector: 'td' })).closest('tr')!);
    expect(row.getByText('₹40,000.00')).toBeInTheDocument();
    expect(row.getByText('75% (3)')).toBeInTheDocument();
    expect(row.getByText('3 min')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(opsConfigApi.trxStatistics, {
      dateFrom: '2025-01-10',
      dateTo: '2025-01-15',
    });
  });
});
