import type { InviteeStage, Recharge, RewardStatus, WithdrawalStatus } from '@lending/contract';
import type { StatusTags } from '../../components/list-page';

export const stageTags: StatusTags<InviteeStage> = {
  registered: { label: 'wallet.stages.registered', color: 'default' },
  borrowed: { label: 'wallet.stages.borrowed', color: 'blue' },
  repaid: { label: 'wallet.stages.repaid', color: 'green' },
};

/** The inviter's reward; clawed back when the repayment that earned it was reversed (decision 0063). */
export const rewardStatusTags: StatusTags<RewardStatus> = {
  notEarned: { label: 'wallet.rewardStatuses.notEarned', color: 'default' },
  credited: { label: 'wallet.rewardStatuses.credited', color: 'green' },
  clawedBack: { label: 'wallet.rewardStatuses.clawedBack', color: 'red' },
};

export const withdrawalStatusTags: StatusTags<WithdrawalStatus> = {
  pending: { label: 'wallet.withdrawalStatuses.pending', color: 'gold' },
  paying: { label: 'wallet.withdrawalStatuses.paying', color: 'processing' },
  paid: { label: 'wallet.withdrawalStatuses.paid', color: 'green' },
  failed: { label: 'wallet.withdrawalStatuses.failed', color: 'red' },
  rejected: { label: 'wallet.withdrawalStatuses.rejected', color: 'default' },
};

export const rechargeStatusTags: StatusTags<Recharge['status']> = {
  pending: { label: 'wallet.rechargeStatuses.pending', color: 'gold' },
  confirmed: { label: 'wallet.rechargeStatuses.confirmed', color: 'green' },
  rejected: { label: 'wallet.rechargeStatuses.rejected', color: 'default' },
};
