import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Invitation, type Recharge, type Withdrawal, walletApi } from '@lending/contract';
import { i18n } from '../../../lib/i18n';
import { fakeEndpoints, fakeList } from '../../../test/fake-endpoints';
import { renderAt } from '../../../test/render';
import { BalanceQueryPage } from './balance-query-page';
import { InvitationRecordPage } from './invitation-record-page';
import { RechargePage } from './recharge-page';
import { WalletConfigPage } from './wallet-config-page';
import { WithdrawalPage } from './withdrawal-page';

configure({ asyncUtilTimeout: 20_000 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.restoreAllMocks());

type User = ReturnType<typeof userEvent.setup>;
async function replace(user: User, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.paste(value);
}

describe('wallet configuration page', () => {
  const config = {
    rewardsEnabled: true,
    rewardPaise: 100_00,
    minWithdrawalPaise: 100_00,
    dailyCapPaise: 5_000_00,
    updatedBy: 'Meera Finance',
    updatedAt: '2025-01-15T04:30:00.000Z',
  };

  it('refuses a daily limit below the least withdrawal, then sends rupees as paise', async () => {
    const user = userEvent.setup({ delay: null });
    const call = fakeEndpoints([
      [walletApi.getWalletConfig, () => config],
      [walletApi.saveWalletConfig, (body) => ({ ...config, ...(body as object) })],
    ]);
    renderAt(<WalletConfigPage />, '/toolMage/walletConfig');
    expect(await screen.findByDisplayValue('5000.00')).toBeInTheDocument();
    await replace(user, 'Daily withdrawal limit', '50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The daily limit cannot be below the least withdrawal');
    expect(call).not.toHaveBeenCalledWith(walletApi.saveWalletConfig, expect.anything());

    await replace(user, 'Daily withdrawal limit', '2,500.50');
    await replace(user, 'Reward per invitee', '75');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(call).toHaveBeenCalledWith(walletApi.saveWalletConfig, {
        rewardsEnabled: true,
        rewardPaise: 75_00,
        minWithdrawalPaise: 100_00,
        dailyCapPaise: 2_500_50,
      }),
    );
  });
});

const withdrawal: Withdrawal = {
  id: 7,
  customerName: 'A*** V****',
  customerPhone: '98******10',
  amountPaise: 250_00,
  bankAccount: '*******8901 · SBIN0001234',
  status: 'pending',
  requestedAt: '2025-01-15T04:30:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
  reviewReason: null,
  utr: null,
  failureReason: null,
  settledAt: null,
};

describe('withdrawal page', () => {
  it('offers approve and refuse only on a pending request', async () => {
    fakeEndpoints([
      fakeList(walletApi.listWithdrawals, [
        withdrawal,
        { ...withdrawal, id: 8, status: 'paid', utr: 'SBXU0001' },
      ]),
    ]);
    renderAt(<WithdrawalPage />, '/invite/withdrawal');
    const paid = within((await screen.findByText('SBXU0001')).closest('tr')!);
    expect(paid.getByText('Paid')).toBeInTheDocument();
    expect(paid.queryByRole('button', { name: /^Approve and pay/ })).toBeNull();
    const pending = within(screen.getByText('Pending review').closest('tr')!);
    expect(pending.getByRole('button', { name: /^Approve and pay/ })).toBeInTheDocument();
    expect(pending.getByRole('button', { name: /^Refuse/ })).toBeInTheDocument();
  });
});

describe('recharge page', () => {
  const recharge: Recharge = {
    id: 3,
    amountPaise: 10_00_000_00,
    bankReference: 'UTR12345',
    remark: null,
    status: 'pending',
    requestedBy: 'Meera Finance',
    requestedByMe: true,
    requestedAt: '2025-01-15T04:30:00.000Z',
    reviewedBy: null,
    reviewedAt: null,
    gatewayBalanceBeforePaise: null,
    gatewayBalanceAfterPaise: null,
  };

  it('does not let the person who recorded a top-up confirm it', async () => {
    const call = fakeEndpoints([fakeList(walletApi.listRecharges, [recharge])]);
    renderAt(<RechargePage />, '/toolMage/recharge');
    const row = within((await screen.findByText('UTR12345')).closest('tr')!);
    expect(row.getByRole('button', { name: /^Confirm/ })).toBeDisabled();
    expect(call).not.toHaveBeenCalledWith(walletApi.reviewRecharge, expect.anything());
  });
});

describe('invitation record', () => {
  const clawedBack: Invitation = {
    id: 7,
    inviterName: 'R*** K****',
    inviterPhone: '******1234',
    inviteCode: 'IV0000A',
    inviteeName: 'S*** M****',
    inviteePhone: '******5678',
    invitedAt: '2026-11-01T05:00:00.000Z',
    stage: 'borrowed',
    rewardPaise: 100_00,
    rewardedAt: null,
    rewardStatus: 'clawedBack',
    clawedBackAt: '2026-11-20T06:30:00.000Z',
    unrecoveredPaise: 60_00,
  };

  it('shows a reward clawed back and the part written off (en and zh)', async () => {
    fakeEndpoints([fakeList(walletApi.listInvitations, [clawedBack])]);
    renderAt(<InvitationRecordPage />, '/invite/invitationRecord');
    const row = within((await screen.findByText('******1234')).closest('tr')!);
    expect(row.getByText('Clawed back')).toBeInTheDocument();
    expect(row.getByText('₹60.00')).toBeInTheDocument();
    expect(
      screen.getByRole('columnheader', { name: 'Not recovered (written off)' }),
    ).toBeInTheDocument();
    await i18n.changeLanguage('zh');
    expect(await row.findByText('已追回')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '未追回（已核销）' })).toBeInTheDocument();
  });
});

describe('balance query', () => {
  // ₹200 earned; one ₹100 reward clawed back, of which ₹50 had already been withdrawn.
  const wallet = {
    customerId: 4,
    customerName: 'A*** V****',
    customerPhone: '******4321',
    inviteCode: 'IV00004',
    balancePaise: 0,
    heldPaise: 150_00,
    earnedPaise: 200_00,
    clawedBackPaise: 100_00,
    unrecoveredPaise: 50_00,
    paidOutPaise: 0,
    updatedAt: '2026-11-20T06:30:00.000Z',
  };
  const summary = {
    provider: 'sandbox',
    gatewayBalancePaise: 10_000_00,
    walletLiabilityPaise: 150_00,
    heldPaise: 150_00,
    wallets: 1,
    earnedTotalPaise: 200_00,
    clawedBackTotalPaise: 100_00,
    unrecoveredTotalPaise: 50_00,
    paidOutTotalPaise: 0,
    checkedAt: '2026-11-20T06:30:00.000Z',
  };

  it('shows rewards earned, clawed back and not recovered apart, per wallet and in total (en and zh)', async () => {
    fakeEndpoints([
      fakeList(walletApi.listWalletBalances, [wallet]),
      [walletApi.walletBalanceSummary, () => summary],
    ]);
    renderAt(<BalanceQueryPage />, '/toolMage/balanceQuery');
    const row = within((await screen.findByText('IV00004')).closest('tr')!);
    const header = (name: string) => screen.getByRole('columnheader', { name });
    const cell = (name: string) =>
      row.getAllByRole('cell')[screen.getAllByRole('columnheader').indexOf(header(name))]!;
    expect(cell('Rewards earned')).toHaveTextContent('₹200.00');
    expect(cell('Rewards clawed back')).toHaveTextContent('₹100.00');
    expect(cell('Not recovered (written off)')).toHaveTextContent('₹50.00');
    expect(screen.queryByRole('columnheader', { name: /rewarded/i })).toBeNull();

    const card = within(
      (await screen.findByText('Payout account and wallets')).closest('.ant-card')!,
    );
    const statistic = (title: string) => card.getByText(title).closest('.ant-statistic')!;
    expect(statistic('Rewards earned')).toHaveTextContent('₹200.00');
    expect(statistic('Rewards clawed back')).toHaveTextContent('₹100.00');
    expect(statistic('Not recovered (written off)')).toHaveTextContent('₹50.00');
    // Kept is earned − clawed back: the ₹50 written off is not in it.
    expect(statistic('Rewards kept')).toHaveTextContent('₹100.00');

    await i18n.changeLanguage('zh');
    expect(await screen.findByRole('columnheader', { name: '已撤回奖励' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '累计获得奖励' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '未追回（已核销）' })).toBeInTheDocument();
    expect(card.getByText('保留的奖励')).toBeInTheDocument();
  });
});
