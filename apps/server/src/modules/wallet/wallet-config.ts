import type { WalletConfig } from '@lending/contract';
import type { Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { paiseToApi } from '../../shared/paise.js';
import { toIso } from '../../shared/timestamps.js';
import { staffNames, type WalletDeps } from './wallet.deps.js';
import * as repo from './wallet.repository.js';

/** Until finance saves its own: ₹100 per invitee, ₹100 least withdrawal, ₹5,000 a day. */
export const DEFAULT_WALLET_CONFIG: WalletConfig = {
  rewardsEnabled: true,
  rewardPaise: 100_00,
  minWithdrawalPaise: 100_00,
  dailyCapPaise: 5_000_00,
};

export async function walletConfig(db: Executor): Promise<WalletConfig> {
  const row = await repo.walletSettingsRow(db);
  if (!row) return DEFAULT_WALLET_CONFIG;
  return {
    rewardsEnabled: row.rewardsEnabled,
    rewardPaise: paiseToApi(row.rewardPaise),
    minWithdrawalPaise: paiseToApi(row.minWithdrawalPaise),
    dailyCapPaise: paiseToApi(row.dailyCapPaise),
  };
}

export async function walletConfigView(deps: Pick<WalletDeps, 'db' | 'staffOf'>) {
  const row = await repo.walletSettingsRow(deps.db);
  const names = await staffNames(deps, [row?.updatedBy ?? null]);
  return {
    ...(await walletConfig(deps.db)),
    updatedBy: row?.updatedBy ? (names.get(row.updatedBy) ?? null) : null,
    updatedAt: row ? toIso(row.updatedAt) : null,
  };
}

export async function saveWalletConfig(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'staffOf'>,
  body: WalletConfig,
  userId: number,
) {
  if (body.dailyCapPaise < body.minWithdrawalPaise) {
    throw AppError.invalid('dailyCapPaise', 'must not be below the least withdrawal');
  }
  await repo.saveWalletSettings(deps.db, {
    rewardsEnabled: body.rewardsEnabled,
    rewardPaise: BigInt(body.rewardPaise),
    minWithdrawalPaise: BigInt(body.minWithdrawalPaise),
    dailyCapPaise: BigInt(body.dailyCapPaise),
    updatedBy: userId,
    updatedAt: deps.clock.now(),
  });
  return walletConfigView(deps);
}
