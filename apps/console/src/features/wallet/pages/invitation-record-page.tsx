import { walletApi } from '@lending/contract';
import { listPage } from '../../../components/list-page';
import { rewardStatusTags, stageTags } from '../wallet-tags';

/**
 * /invite/invitationRecord: who invited whom with which code, how far the invitee got
 * (registered, borrowed, repaid) and the reward credited to the inviter's wallet — once, when
 * the invitee's first loan is repaid (decision 0043), and clawed back when that repayment is
 * reversed, with what the inviter had already withdrawn written off (decision 0063). Names and
 * phones masked.
 */
export const InvitationRecordPage = listPage(walletApi.listInvitations, ({ column, filter }) => ({
  route: 'invitationRecord',
  filters: [
    filter.text('inviterPhone', 'wallet.inviterPhone'),
    filter.text('inviteePhone', 'wallet.inviteePhone'),
    filter.status('stage', 'wallet.stage', stageTags),
    filter.indiaDateRange('dateFrom', 'dateTo', 'wallet.invitedAt'),
  ],
  columns: [
    column.masked('inviterName', 'wallet.inviter'),
    column.masked('inviterPhone', 'wallet.inviterPhone'),
    column.text('inviteCode', 'wallet.inviteCode'),
    column.masked('inviteeName', 'wallet.invitee'),
    column.masked('inviteePhone', 'wallet.inviteePhone'),
    column.instant('invitedAt', 'wallet.invitedAt', { sortable: true }),
    column.status('stage', 'wallet.stage', stageTags),
    column.money('rewardPaise', 'wallet.reward'),
    column.instant('rewardedAt', 'wallet.rewardedAt', { sortable: true }),
    column.status('rewardStatus', 'wallet.rewardStatus', rewardStatusTags),
    column.instant('clawedBackAt', 'wallet.clawedBackAt'),
    column.money('unrecoveredPaise', 'wallet.unrecovered'),
  ],
}));
