import type { walletBalanceListBodySchema } from '@lending/contract';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { paiseToApi } from '../../shared/paise.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import { toIso } from '../../shared/timestamps.js';
import { invitationCount } from './invitations.repository.js';
import { walletConfig } from './wallet-config.js';
import type { WalletDeps } from './wallet.deps.js';
import * as repo from './wallet.repository.js';
import { recentWithdrawals } from './withdrawals.repository.js';

/** A borrower's invite code: stable, short, one per customer. */
export function inviteCodeOf(customerId: number): string {
  return `IV${customerId.toString(36).toUpperCase().padStart(5, '0')}`;
}

/** The customer's wallet, made (with its invite code) on first use. */
export async function ensureWallet(tx: Executor, customerId: number, at: Date) {
  await repo.insertWalletIfMissing(tx, customerId, inviteCodeOf(customerId), at);
  const wallet = await repo.walletOf(tx, customerId);
  return wallet!;
}

/** The borrower's customer: a wallet is a customer's, so the profile (KYC) comes first. */
export async function customerOfBorrower(deps: Pick<WalletDeps, 'db'>, borrowerId: number) {
  const customerId = await repo.customerIdOfBorrower(deps.db, borrowerId);
  if (!customerId) throw new AppError('borrowerStepMissing', { field: 'profile' });
  return customerId;
}

export async function listWalletBalances(
  deps: Pick<WalletDeps, 'db'>,
  body: z.output<typeof walletBalanceListBodySchema>,
) {
  const { list, total } = await repo.listWallets(deps.db, body);
  const rewards = await repo.rewardFigures(
    deps.db,
    list.map(({ wallet }) => wallet.customerId),
  );
  return {
    total,
    list: list.map(({ wallet, customerName, customerPhone }) => ({
      customerId: wallet.customerId,
      customerName: maskName(customerName),
      customerPhone: maskPhone(customerPhone),
      inviteCode: wallet.inviteCode,
      balancePaise: paiseToApi(wallet.balancePaise),
      heldPaise: paiseToApi(wallet.heldPaise),
      ...rewardsToApi(rewards.get(wallet.customerId)!),
      paidOutPaise: paiseToApi(wallet.paidOutPaise),
      updatedAt: toIso(wallet.updatedAt),
    })),
  };
}

function rewardsToApi(figures: repo.RewardFigures) {
  return {
    earnedPaise: paiseToApi(figures.earned),
    clawedBackPaise: paiseToApi(figures.clawedBack),
    unrecoveredPaise: paiseToApi(figures.unrecovered),
  };
}

export async function balanceSummary(deps: Pick<WalletDeps, 'db' | 'clock' | 'gateway'>) {
  let gatewayBalance: bigint | null = null;
  try {
    gatewayBalance = await deps.gateway.balance();
  } catch {
    gatewayBalance = null; // shown as "no answer": the wallets' side still stands
  }
  const totals = await repo.walletTotals(deps.db);
  const rewards = await repo.rewardFigureTotals(deps.db);
  return {
    provider: deps.gateway.provider,
    gatewayBalancePaise: gatewayBalance === null ? null : paiseToApi(gatewayBalance),
    walletLiabilityPaise: paiseToApi(totals.balance + totals.held),
    heldPaise: paiseToApi(totals.held),
    wallets: totals.wallets,
    earnedTotalPaise: paiseToApi(rewards.earned),
    clawedBackTotalPaise: paiseToApi(rewards.clawedBack),
    unrecoveredTotalPaise: paiseToApi(rewards.unrecovered),
    paidOutTotalPaise: paiseToApi(totals.paidOut),
    checkedAt: toIso(deps.clock.now()),
  };
}

// --- the borrower's side --------------------------------------------------------------------

export async function walletOfBorrower(deps: Pick<WalletDeps, 'db' | 'clock'>, customerId: number) {
  const wallet = await ensureWallet(deps.db, customerId, deps.clock.now());
  const config = await walletConfig(deps.db);
  const invitations = await invitationCount(deps.db, customerId);
  const recent = await recentWithdrawals(deps.db, customerId, 20);
  return {
    inviteCode: wallet.inviteCode,
    balancePaise: paiseToApi(wallet.balancePaise),
    heldPaise: paiseToApi(wallet.heldPaise),
    minWithdrawalPaise: config.minWithdrawalPaise,
    rewardPaise: config.rewardPaise,
    invitations,
    withdrawals: recent.map((w) => ({
      id: w.id,
      amountPaise: paiseToApi(w.amountPaise),
      status: w.status,
      requestedAt: toIso(w.requestedAt),
    })),
  };
}
