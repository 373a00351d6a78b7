import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerJournals } from '../ledger/tables.js';
import { customers } from '../loan-book/tables.js';

/**
 * Invitations and reward wallets (decision 0043). The balances here are the ledger's
 * `liability:wallet` / `liability:wallet_withdrawal` per customer, kept beside it so a
 * withdrawal can take money with one guarded update (never below zero, whatever runs at once).
 */

/** The reward and withdrawal rules: one row (id 1), absent until first saved (defaults). */
export const walletSettings = pgTable(
  'wallet_settings',
  {
    id: integer('id').primaryKey(),
    rewardsEnabled: boolean('rewards_enabled').notNull(),
    rewardPaise: bigint('reward_paise', { mode: 'bigint' }).notNull(),
    minWithdrawalPaise: bigint('min_withdrawal_paise', { mode: 'bigint' }).notNull(),
    dailyCapPaise: bigint('daily_cap_paise', { mode: 'bigint' }).notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [check('wallet_settings_single', sql`${table.id} = 1`)],
);

/** A customer's wallet and invite code (made on first use). */
export const wallets = pgTable(
  'wallets',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id),
    inviteCode: text('invite_code').notNull(),
    /** Spendable. */
    balancePaise: bigint('balance_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Held for withdrawals under review or in payment. */
    heldPaise: bigint('held_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * Rewards credited less what clawbacks recovered (earned − recovered): what the wallet has
     * had of rewards, so balance + held + paid out equals it. Not shown: the screens read the
     * earned, clawed-back and unrecovered figures from the ledger (decision 0063).
     */
    rewardedPaise: bigint('rewarded_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    paidOutPaise: bigint('paid_out_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('wallets_invite_code_key').on(table.inviteCode),
    check('wallets_balance_non_negative', sql`${table.balancePaise} >= 0`),
    check('wallets_held_non_negative', sql`${table.heldPaise} >= 0`),
  ],
);

/** Who invited whom; the reward is credited once (its journal's key is the invitation's). */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => customers.id),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => customers.id),
    inviteCode: text('invite_code').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }).notNull(),
    rewardPaise: bigint('reward_paise', { mode: 'bigint' }),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true, mode: 'date' }),
    rewardJournalId: bigint('reward_journal_id', { mode: 'number' }).references(
      () => ledgerJournals.id,
    ),
  },
  (table) => [
    // One inviter per invitee: the code is entered once.
    uniqueIndex('invitations_invitee_key').on(table.inviteeId),
    index('invitations_inviter_idx').on(table.inviterId),
    index('invitations_invited_at_idx').on(table.invitedAt),
    check('invitations_not_self', sql`${table.inviterId} <> ${table.inviteeId}`),
  ],
);

export type WithdrawalStatus = 'pending' | 'paying' | 'paid' | 'failed' | 'rejected';

/** A borrower's request to withdraw wallet money to their verified bank account. */
export const walletWithdrawals = pgTable(
  'wallet_withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull(),
    /** The borrower's key: a retried request is the same withdrawal. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The account as it was when asked (a later change does not redirect the money). */
    bankAccountNumber: text('bank_account_number').notNull(),
    ifsc: text('ifsc').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewReason: text('review_reason'),
    gatewayPayoutId: text('gateway_payout_id'),
    utr: text('utr'),
    failureReason: text('failure_reason'),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('wallet_withdrawals_key').on(table.customerId, table.idempotencyKey),
    index('wallet_withdrawals_status_idx').on(table.status, table.requestedAt),
    index('wallet_withdrawals_requested_idx').on(table.requestedAt),
    index('wallet_withdrawals_customer_idx').on(table.customerId, table.requestedAt),
    check('wallet_withdrawals_positive', sql`${table.amountPaise} > 0`),
    check(
      'wallet_withdrawals_status',
      sql`${table.status} in ('pending', 'paying', 'paid', 'failed', 'rejected')`,
    ),
  ],
);

export type WalletWithdrawalRow = typeof walletWithdrawals.$inferSelect;

/** Top-ups of the payout account from the operating bank; a second person confirms each. */
export const payoutRecharges = pgTable(
  'payout_recharges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    bankReference: text('bank_reference').notNull(),
    remark: text('remark'),
    status: text('status').$type<'pending' | 'confirmed' | 'rejected'>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestedBy: integer('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    gatewayBalanceBeforePaise: bigint('gateway_balance_before_paise', { mode: 'bigint' }),
    gatewayBalanceAfterPaise: bigint('gateway_balance_after_paise', { mode: 'bigint' }),
  },
  (table) => [
    uniqueIndex('payout_recharges_key').on(table.idempotencyKey),
    uniqueIndex('payout_recharges_reference_key').on(table.bankReference),
    index('payout_recharges_requested_idx').on(table.requestedAt),
    check('payout_recharges_positive', sql`${table.amountPaise} > 0`),
    check('payout_recharges_status', sql`${table.status} in ('pending', 'confirmed', 'rejected')`),
  ],
);

export type PayoutRechargeRow = typeof payoutRecharges.$inferSelect;
