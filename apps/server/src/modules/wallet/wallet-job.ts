import type { WalletDeps } from './wallet.service.js';
import { creditDueRewards, sweepWithdrawals } from './wallet.service.js';

/**
 * Every `intervalMs`, one pass at a time: rewards of invitees who repaid are credited, and
 * withdrawals whose payout webhook never came are looked up at the gateway. Returns a stop.
 */
export function startWalletJob(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'gateway'>,
  options: { intervalMs: number; onError: (error: unknown) => void },
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      try {
        await creditDueRewards(deps);
        await sweepWithdrawals(deps);
      } catch (error) {
        options.onError(error);
      } finally {
        running = false;
      }
    })();
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
