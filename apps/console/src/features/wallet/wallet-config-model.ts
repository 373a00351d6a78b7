import type { WalletConfig } from '@lending/contract';
import { paiseToRupeesText, rupeesTextToPaise } from '../../lib/units';

/** The walletConfig form: amounts typed in rupees. */
export interface WalletConfigForm {
  rewardsEnabled: boolean;
  reward: string;
  minWithdrawal: string;
  dailyCap: string;
}

export type WalletConfigProblem = 'amountFormat' | 'amountZero' | 'capBelowMinimum';

export function formOfConfig(config: WalletConfig): WalletConfigForm {
  return {
    rewardsEnabled: config.rewardsEnabled,
    reward: paiseToRupeesText(config.rewardPaise),
    minWithdrawal: paiseToRupeesText(config.minWithdrawalPaise),
    dailyCap: paiseToRupeesText(config.dailyCapPaise),
  };
}

/**
 * The rules as the server takes them, or the first problem per field: rupees with at most two
 * decimals; the reward may be 0 (rewards paused by amount), the least withdrawal and the
 * daily cap may not; the cap may not be below the least withdrawal (no withdrawal could pass).
 */
export function configOfForm(
  form: WalletConfigForm,
):
  | { ok: true; config: WalletConfig }
  | { ok: false; problems: Partial<Record<keyof WalletConfigForm, WalletConfigProblem>> } {
  const reward = rupeesTextToPaise(form.reward);
  const min = rupeesTextToPaise(form.minWithdrawal);
  const cap = rupeesTextToPaise(form.dailyCap);
  const problems: Partial<Record<keyof WalletConfigForm, WalletConfigProblem>> = {};
  if (reward === null) problems.reward = 'amountFormat';
  if (min === null) problems.minWithdrawal = 'amountFormat';
  else if (min === 0) problems.minWithdrawal = 'amountZero';
  if (cap === null) problems.dailyCap = 'amountFormat';
  else if (cap === 0) problems.dailyCap = 'amountZero';
  else if (min !== null && min > 0 && cap < min) problems.dailyCap = 'capBelowMinimum';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: {
      rewardsEnabled: form.rewardsEnabled,
      rewardPaise: reward!,
      minWithdrawalPaise: min!,
      dailyCapPaise: cap!,
    },
  };
}
