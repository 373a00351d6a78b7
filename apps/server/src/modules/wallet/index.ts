/**
 * Invitations and reward wallets (decision 0043): invite codes, rewards credited once when an
 * invitee's first loan is repaid, withdrawals reviewed by staff and paid through the payout
 * gateway, top-ups of the payout account. Every movement is a ledger journal of no order.
 */
import type { ModuleRoutes } from '../../plugins/module.js';
import { registerWalletAppRoutes, registerWalletRoutes } from './wallet.routes.js';
import type { WalletDeps } from './wallet.deps.js';

export {
  bindInvite,
  clawbackReward,
  clawbackRewardOnOrderChange,
  creditDueRewards,
} from './invitations.service.js';
export { recordRecharge, reviewRecharge } from './recharges.service.js';
export type { WalletDeps } from './wallet.deps.js';
export { ensureWallet } from './wallets.service.js';
// A wallet's row (its invite code), and the wallets and requests the simulated borrowers and
// finance act on.
export { walletOf, walletsHoldingAtLeast } from './wallet.repository.js';
export { pendingWithdrawalsBefore } from './withdrawals.repository.js';
export {
  applyWithdrawalPayout,
  reviewWithdrawal,
  sweepWithdrawals,
} from './withdrawal-payouts.service.js';
export { requestWithdrawal, withdrawalIdOfReference } from './withdrawals.service.js';
export { walletJob } from './wallet-job.js';

/** The console's wallet screens and the borrower API's invitation and wallet calls. */
export function createWalletModule(deps: WalletDeps) {
  return {
    registerRoutes(routes: ModuleRoutes) {
      registerWalletRoutes(routes.admin, deps);
      registerWalletAppRoutes(routes.app, deps);
    },
  };
}
