/**
 * Invitations and reward wallets (decision 0043): invite codes, rewards credited once when an
 * invitee's first loan is repaid, withdrawals reviewed by staff and paid through the payout
 * gateway, top-ups of the payout account. Every movement is a ledger journal of no order.
 */
export { registerWalletAppRoutes, registerWalletRoutes } from './wallet.routes.js';
export {
  applyWithdrawalPayout,
  bindInvite,
  clawbackReward,
  clawbackRewardOnOrderChange,
  creditDueRewards,
  ensureWallet,
  recordRecharge,
  requestWithdrawal,
  reviewRecharge,
  reviewWithdrawal,
  sweepWithdrawals,
  withdrawalIdOfReference,
  type WalletDeps,
} from './wallet.service.js';
export { walletJob } from './wallet-job.js';
