import { creditDueRewards } from './invitations.service.js';
import type { WalletDeps } from './wallet.deps.js';
import { sweepWithdrawals } from './withdrawal-payouts.service.js';
import type { Job } from '../../shared/jobs.js';

/**
 * The job that, every `intervalMs`, credits the rewards of invitees who repaid and looks up at
 * the gateway the withdrawals whose payout webhook never came (server.ts's job list).
 */
export function walletJob(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'gateway'>,
  options: { intervalMs: number },
): Job {
  return {
    name: 'wallet',
    intervalMs: options.intervalMs,
    pass: async () => {
      await creditDueRewards(deps);
      await sweepWithdrawals(deps);
    },
  };
}
