import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  balanceSummarySchema,
  invitationListBodySchema,
  invitationListRetSchema,
  rechargeListBodySchema,
  rechargeListRetSchema,
  rechargeRecordBodySchema,
  rechargeReviewBodySchema,
  rechargeSchema,
  walletBalanceListBodySchema,
  walletBalanceListRetSchema,
  walletConfigRetSchema,
  walletConfigSchema,
  withdrawalListBodySchema,
  withdrawalListRetSchema,
  withdrawalReviewBodySchema,
  withdrawalSchema,
} from './wallet.schema.js';

const emptyBodySchema = z.strictObject({}).optional();

export const listInvitations = defineEndpoint({
  id: 'wallet.invitation_list',
  method: 'POST',
  summary: 'Invitations: inviter, invitee (masked), how far the invitee got, the reward',
  access: 'granted',
  mutates: false,
  body: invitationListBodySchema,
  query: undefined,
  ret: invitationListRetSchema,
});

export const listWithdrawals = defineEndpoint({
  id: 'wallet.withdrawal_list',
  method: 'POST',
  summary: "Borrowers' wallet withdrawals and their review and payout",
  access: 'granted',
  mutates: false,
  body: withdrawalListBodySchema,
  query: undefined,
  ret: withdrawalListRetSchema,
});

export const reviewWithdrawal = defineEndpoint({
  id: 'wallet.withdrawal_review',
  method: 'POST',
  summary: 'Approve (pay through the payout gateway) or refuse (back to the wallet) a withdrawal',
  access: 'granted',
  mutates: true,
  errors: ['alreadyReviewed', 'notFound'],
  body: withdrawalReviewBodySchema,
  query: undefined,
  ret: withdrawalSchema,
});

export const getWalletConfig = defineEndpoint({
  id: 'wallet.config_get',
  method: 'POST',
  summary: 'The invitation reward and withdrawal rules',
  access: 'granted',
  mutates: false,
  body: emptyBodySchema,
  query: undefined,
  ret: walletConfigRetSchema,
});

export const saveWalletConfig = defineEndpoint({
  id: 'wallet.config_save',
  method: 'POST',
  summary: 'Change the invitation reward and withdrawal rules (audited)',
  access: 'granted',
  mutates: true,
  body: walletConfigSchema,
  query: undefined,
  ret: walletConfigRetSchema,
});

export const walletBalanceSummary = defineEndpoint({
  id: 'wallet.balance_summary',
  method: 'POST',
  summary: "The payout account's balance at the gateway and the wallets' total liability",
  access: 'granted',
  mutates: false,
  body: emptyBodySchema,
  query: undefined,
  ret: balanceSummarySchema,
});

export const listWalletBalances = defineEndpoint({
  id: 'wallet.balance_list',
  method: 'POST',
  summary:
    "Each borrower's wallet: balance, held, rewards earned, clawed back and not recovered, paid out",
  access: 'granted',
  mutates: false,
  body: walletBalanceListBodySchema,
  query: undefined,
  ret: walletBalanceListRetSchema,
});

export const listRecharges = defineEndpoint({
  id: 'wallet.recharge_list',
  method: 'POST',
  summary: 'Top-ups of the payout account and their confirmation against the gateway',
  access: 'granted',
  mutates: false,
  body: rechargeListBodySchema,
  query: undefined,
  ret: rechargeListRetSchema,
});

export const recordRecharge = defineEndpoint({
  id: 'wallet.recharge_record',
  method: 'POST',
  summary: 'Record a top-up of the payout account (the maker)',
  access: 'granted',
  mutates: true,
  errors: ['duplicate', 'idempotencyKeyReused', 'notFound'],
  body: rechargeRecordBodySchema,
  query: undefined,
  ret: rechargeSchema,
});

export const reviewRecharge = defineEndpoint({
  id: 'wallet.recharge_review',
  method: 'POST',
  summary: 'Confirm a top-up seen at the gateway, or refuse it (the checker)',
  access: 'granted',
  mutates: true,
  errors: ['alreadyReviewed', 'notFound', 'sameMakerChecker'],
  body: rechargeReviewBodySchema,
  query: undefined,
  ret: rechargeSchema,
});

/** The invitation and wallet screens (/invite, /toolMage walletConfig, balanceQuery, recharge). */
export const walletEndpoints = [
  listInvitations,
  listWithdrawals,
  reviewWithdrawal,
  getWalletConfig,
  saveWalletConfig,
  walletBalanceSummary,
  listWalletBalances,
  listRecharges,
  recordRecharge,
  reviewRecharge,
] as const;
