import { z } from 'zod';
import { idSchema, phoneSearchSchema } from '../common/fields.js';
import {
  idempotencyKeySchema,
  indiaDateSchema,
  paiseSchema,
  positivePaiseSchema,
} from '../common/money.js';
import { listRequestSchema, listResultSchema } from '../common/pagination.js';
import { crossFieldRules, withRanges } from '../common/rules.js';

/**
 * Invitations and reward wallets (decision 0043). A borrower's invite code is shared with
 * friends; the inviter's wallet is credited once when the invitee's first loan is repaid; the
 * wallet is withdrawn to the borrower's verified bank account after a staff review.
 */

/** How far the invitee got. */
export const inviteeStageSchema = z.enum(['registered', 'borrowed', 'repaid']);
export type InviteeStage = z.infer<typeof inviteeStageSchema>;

/**
 * The inviter's reward: not earned yet, credited, or clawed back because the repayment that
 * earned it was reversed (decision 0063; it can be earned again when the loan is repaid again).
 */
export const rewardStatusSchema = z.enum(['notEarned', 'credited', 'clawedBack']);
export type RewardStatus = z.infer<typeof rewardStatusSchema>;

export const invitationSchema = z.object({
  id: z.int(),
  inviterName: z.string(),
  inviterPhone: z.string(),
  inviteCode: z.string(),
  inviteeName: z.string(),
  inviteePhone: z.string(),
  invitedAt: z.string(),
  stage: inviteeStageSchema,
  /** Null until credited; after a clawback, the reward clawed back. */
  rewardPaise: paiseSchema.nullable(),
  /** Null until credited, and again once clawed back. */
  rewardedAt: z.string().nullable(),
  rewardStatus: rewardStatusSchema,
  /** When the last reward was clawed back (decision 0063); null if never. */
  clawedBackAt: z.string().nullable(),
  /**
   * The part of that clawback the inviter had already withdrawn, written off as marketing cost
   * (never a debt); null if never clawed back.
   */
  unrecoveredPaise: paiseSchema.nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationFiltersSchema = withRanges(
  z.strictObject({
    inviterPhone: phoneSearchSchema.optional(),
    inviteePhone: phoneSearchSchema.optional(),
    stage: inviteeStageSchema.optional(),
    rewarded: z.boolean().optional(),
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);
export const invitationListBodySchema = listRequestSchema(invitationFiltersSchema, [
  'id',
  'invitedAt',
  'rewardedAt',
]);
export const invitationListRetSchema = listResultSchema(invitationSchema);

/** pending review → paying (approved, sent to the gateway) → paid | failed; or rejected. */
export const withdrawalStatusSchema = z.enum(['pending', 'paying', 'paid', 'failed', 'rejected']);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

export const withdrawalSchema = z.object({
  id: z.int(),
  customerName: z.string(),
  customerPhone: z.string(),
  amountPaise: paiseSchema,
  /** The bank account it is paid to, masked (last 4 digits) with the IFSC. */
  bankAccount: z.string(),
  status: withdrawalStatusSchema,
  requestedAt: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
  utr: z.string().nullable(),
  failureReason: z.string().nullable(),
  settledAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalFiltersSchema = withRanges(
  z.strictObject({
    phone: phoneSearchSchema.optional(),
    status: withdrawalStatusSchema.optional(),
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);
export const withdrawalListBodySchema = listRequestSchema(withdrawalFiltersSchema, [
  'id',
  'requestedAt',
  'amountPaise',
]);
export const withdrawalListRetSchema = listResultSchema(withdrawalSchema);

export const withdrawalReviewBodySchema = z
  .strictObject({
    id: idSchema,
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(500).optional(),
  })
  .refine((body) => body.decision === 'approve' || Boolean(body.reason), {
    message: 'a reason is needed to refuse',
    path: ['reason'],
  })
  .meta(crossFieldRules('decision reject needs a reason'));

/** /toolMage/walletConfig: the reward and withdrawal rules. */
export const walletConfigSchema = z.strictObject({
  /** Invitations earn nothing while off (existing wallets can still be withdrawn). */
  rewardsEnabled: z.boolean(),
  /** Credited to the inviter when the invitee's first loan is repaid. */
  rewardPaise: paiseSchema.max(100_000_00),
  /** The least amount one withdrawal may ask for. */
  minWithdrawalPaise: positivePaiseSchema.max(100_000_00),
  /** What one borrower may withdraw in one India day, all requests together. */
  dailyCapPaise: positivePaiseSchema.max(10_000_000_00),
});
export type WalletConfig = z.infer<typeof walletConfigSchema>;
export const walletConfigRetSchema = walletConfigSchema.extend({
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

/** /toolMage/balanceQuery: the payout account against the book, and the wallets owed. */
export const balanceSummarySchema = z.object({
  provider: z.string(),
  /** What the payout gateway reports now (null: it did not answer). */
  gatewayBalancePaise: paiseSchema.nullable(),
  /** Borrowers' wallets: spendable, and held for withdrawals under review or in payment. */
  walletLiabilityPaise: paiseSchema,
  heldPaise: paiseSchema,
  wallets: z.int(),
  /** Every wallet's rewards, each figure as `walletBalanceSchema`'s, summed. */
  earnedTotalPaise: paiseSchema,
  clawedBackTotalPaise: paiseSchema,
  unrecoveredTotalPaise: paiseSchema,
  paidOutTotalPaise: paiseSchema,
  checkedAt: z.string(),
});

export const walletBalanceSchema = z.object({
  customerId: z.int(),
  customerName: z.string(),
  customerPhone: z.string(),
  inviteCode: z.string(),
  balancePaise: paiseSchema,
  heldPaise: paiseSchema,
  /**
   * The wallet's invitation rewards, read from their ledger journals (decision 0063): every
   * reward credited, clawbacks included (`earnedPaise`); the rewards clawed back, whole
   * (`clawedBackPaise`), so earned − clawed back is what the borrower keeps; and the part of
   * those clawbacks the wallet no longer held (already withdrawn), written off as marketing
   * cost, never owed (`unrecoveredPaise`, within `clawedBackPaise`).
   */
  earnedPaise: paiseSchema,
  clawedBackPaise: paiseSchema,
  unrecoveredPaise: paiseSchema,
  paidOutPaise: paiseSchema,
  updatedAt: z.string(),
});
export const walletBalanceFiltersSchema = z.strictObject({
  phone: phoneSearchSchema.optional(),
  inviteCode: z.string().trim().toUpperCase().max(20).optional(),
  /** Only wallets holding money. */
  withBalance: z.boolean().optional(),
});
export const walletBalanceListBodySchema = listRequestSchema(walletBalanceFiltersSchema, [
  'customerId',
  'balancePaise',
  'updatedAt',
]);
export const walletBalanceListRetSchema = listResultSchema(walletBalanceSchema);

/** /toolMage/recharge: top-ups of the payout account from the operating bank. */
export const rechargeStatusSchema = z.enum(['pending', 'confirmed', 'rejected']);
export const rechargeSchema = z.object({
  id: z.int(),
  amountPaise: paiseSchema,
  /** The bank transfer's UTR. */
  bankReference: z.string(),
  remark: z.string().nullable(),
  status: rechargeStatusSchema,
  requestedBy: z.string(),
  requestedByMe: z.boolean(),
  requestedAt: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The gateway's balance just before and after the confirmation (the reconciliation). */
  gatewayBalanceBeforePaise: paiseSchema.nullable(),
  gatewayBalanceAfterPaise: paiseSchema.nullable(),
});
export type Recharge = z.infer<typeof rechargeSchema>;
export const rechargeFiltersSchema = withRanges(
  z.strictObject({
    status: rechargeStatusSchema.optional(),
    bankReference: z.string().trim().max(40).optional(),
    dateFrom: indiaDateSchema.optional(),
    dateTo: indiaDateSchema.optional(),
  }),
  ['dateFrom', 'dateTo'],
);
export const rechargeListBodySchema = listRequestSchema(rechargeFiltersSchema, [
  'id',
  'requestedAt',
  'amountPaise',
]);
export const rechargeListRetSchema = listResultSchema(rechargeSchema);
export const rechargeRecordBodySchema = z.strictObject({
  amountPaise: positivePaiseSchema.max(100_000_000_00),
  bankReference: z.string().trim().min(1, 'UTR cannot be empty').max(40),
  remark: z.string().trim().max(500).optional(),
  idempotencyKey: idempotencyKeySchema,
});
export type RechargeRecordBody = z.input<typeof rechargeRecordBodySchema>;
export const rechargeReviewBodySchema = z.strictObject({
  id: idSchema,
  decision: z.enum(['confirm', 'reject']),
});

/** Borrower API. */
export const appWalletSchema = z.object({
  inviteCode: z.string(),
  balancePaise: paiseSchema,
  heldPaise: paiseSchema,
  minWithdrawalPaise: paiseSchema,
  rewardPaise: paiseSchema,
  invitations: z.int(),
  withdrawals: z.array(
    z.object({
      id: z.int(),
      amountPaise: paiseSchema,
      status: withdrawalStatusSchema,
      requestedAt: z.string(),
    }),
  ),
});
export const appBindInviteBodySchema = z.strictObject({
  inviteCode: z.string().trim().toUpperCase().min(1, 'invite code cannot be empty').max(20),
});
export const appWithdrawBodySchema = z.strictObject({
  amountPaise: positivePaiseSchema,
  idempotencyKey: idempotencyKeySchema,
});
export const appWithdrawRetSchema = z.object({
  id: z.int(),
  amountPaise: paiseSchema,
  status: withdrawalStatusSchema,
  balancePaise: paiseSchema,
});
