import type { WalletDeps } from './wallet.service.js';
import { creditDueRewards, sweepWithdrawals } from './wallet.service.js';
import { startIntervalJob } from '../../shared/interval-job.js';

/**
 * Every `intervalMs`, one pass at a time: rewards of invitees who repaid are credited, and
 * withdrawals whose payout webhook never came are looked up at the gateway. Returns a stop.
 */
export function startWalletJob(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'gateway'>,
  options: { intervalMs: number; onError: (error: unknown) => void },
): () => void {
  return startIntervalJob({
    intervalMs: options.intervalMs,
    pass: async () => {
      await creditDueRewards(deps);
      await sweepWithdrawals(deps);
    },
    onError: options.onError,
  });
}
