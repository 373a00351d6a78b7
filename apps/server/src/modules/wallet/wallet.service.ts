import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type {
  Invitation,
  invitationListBodySchema,
  Recharge,
  rechargeListBodySchema,
  RechargeRecordBody,
  WalletConfig,
  walletBalanceListBodySchema,
  Withdrawal,
  withdrawalListBodySchema,
} from '@lending/contract';
import { addDays, clawbackSplit, postingsFor, type LedgerEvent } from '@lending/lending';
import type { z } from 'zod';
import type { Database, Executor } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf, startOfIndiaDate } from '../../shared/india-date.js';
import { paiseToApi } from '../../shared/paise.js';
import { maskBankAccount, maskName, maskPhone } from '../../shared/pii.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import { ledgerJournals } from '../ledger/tables.js';
import { customers, loanOrders } from '../loan-book/tables.js';
import { loadJournal, postJournals } from '../ledger/index.js';
import type { OrderChangeSubscriber } from '../loan-book/index.js';
import {
  PayoutGatewayRejected,
  type GatewayPayout,
  type PayoutGateway,
} from '../../integrations/payouts/payout-gateway.js';
import * as repo from './wallet.repository.js';
import {
  invitations,
  payoutRecharges,
  wallets,
  walletSettings,
  walletWithdrawals,
  type PayoutRechargeRow,
  type WalletWithdrawalRow,
} from './wallet.table.js';

export interface WalletDeps {
  db: Database;
  clock: Clock;
  /** The payout gateway withdrawals are paid through (the loan book's gateway). */
  gateway: PayoutGateway;
  staffOf?: (userId: number) => Promise<{ name: string } | undefined>;
  /** Sandbox only: the confirmed top-up lands in the sandbox's payout account. */
  onRechargeConfirmed?: (amountPaise: bigint) => void;
}

/** A loan repaid in full: cleared, or paid beyond what was owed (the excess is refunded). */
const REPAID_STATUSES: readonly string[] = ['CLEARED', 'OVERPAID'];
const REPAID = sql.raw(`(${REPAID_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/** Until finance saves its own: ₹100 per invitee, ₹100 least withdrawal, ₹5,000 a day. */
export const DEFAULT_WALLET_CONFIG: WalletConfig = {
  rewardsEnabled: true,
  rewardPaise: 100_00,
  minWithdrawalPaise: 100_00,
  dailyCapPaise: 5_000_00,
};

/** The reference a withdrawal's payout travels under (lookups and webhooks find it by this). */
export function withdrawalReference(id: number): string {
  return `wallet-withdrawal-${id}`;
}

export function withdrawalIdOfReference(reference: string): number | undefined {
  const match = /^wallet-withdrawal-(\d{1,10})$/.exec(reference);
  return match ? Number(match[1]) : undefined;
}

/** A borrower's invite code: stable, short, one per customer. */
export function inviteCodeOf(customerId: number): string {
  return `IV${customerId.toString(36).toUpperCase().padStart(5, '0')}`;
}

const rupees = (paise: bigint) => `₹${(Number(paise) / 100).toFixed(2)}`;

async function post(tx: Executor, event: LedgerEvent, key: string, at: Date) {
  const [id] = await postJournals(tx, [
    {
      orderId: null,
      journal: postingsFor(event),
      idempotencyKey: key,
      businessDate: indiaDateOf(at),
      at,
    },
  ]);
  return id!;
}

async function staffNames(deps: Pick<WalletDeps, 'staffOf'>, ids: (number | null)[]) {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  const found = await Promise.all(
    unique.map(async (id) => [id, (await deps.staffOf?.(id))?.name ?? `#${id}`] as const),
  );
  return new Map(found);
}

// --- configuration --------------------------------------------------------------------------

export async function walletConfig(db: Executor): Promise<WalletConfig> {
  const [row] = await db.select().from(walletSettings).where(eq(walletSettings.id, 1));
  if (!row) return DEFAULT_WALLET_CONFIG;
  return {
    rewardsEnabled: row.rewardsEnabled,
    rewardPaise: paiseToApi(row.rewardPaise),
    minWithdrawalPaise: paiseToApi(row.minWithdrawalPaise),
    dailyCapPaise: paiseToApi(row.dailyCapPaise),
  };
}

export async function walletConfigView(deps: Pick<WalletDeps, 'db' | 'staffOf'>) {
  const [row] = await deps.db.select().from(walletSettings).where(eq(walletSettings.id, 1));
  const names = await staffNames(deps, [row?.updatedBy ?? null]);
  return {
    ...(await walletConfig(deps.db)),
    updatedBy: row?.updatedBy ? (names.get(row.updatedBy) ?? null) : null,
    updatedAt: row ? toIso(row.updatedAt) : null,
  };
}

export async function saveWalletConfig(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'staffOf'>,
  body: WalletConfig,
  userId: number,
) {
  if (body.dailyCapPaise < body.minWithdrawalPaise) {
    throw AppError.invalid('dailyCapPaise', 'must not be below the least withdrawal');
  }
  const values = {
    rewardsEnabled: body.rewardsEnabled,
    rewardPaise: BigInt(body.rewardPaise),
    minWithdrawalPaise: BigInt(body.minWithdrawalPaise),
    dailyCapPaise: BigInt(body.dailyCapPaise),
    updatedBy: userId,
    updatedAt: deps.clock.now(),
  };
  await deps.db
    .insert(walletSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: walletSettings.id, set: values });
  return walletConfigView(deps);
}

// --- wallets and invitations ----------------------------------------------------------------

/** The customer's wallet, made (with its invite code) on first use. */
export async function ensureWallet(tx: Executor, customerId: number, at: Date) {
  await tx
    .insert(wallets)
    .values({ customerId, inviteCode: inviteCodeOf(customerId), updatedAt: at })
    .onConflictDoNothing();
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.customerId, customerId));
  return wallet!;
}

/**
 * The invitee enters a friend's code. Only before their first loan application (a code is a
 * reason to sign up, not a discount to collect later), once, and never their own.
 */
export async function bindInvite(
  deps: Pick<WalletDeps, 'db' | 'clock'>,
  inviteeId: number,
  inviteCode: string,
) {
  await deps.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ customerId: wallets.customerId })
      .from(wallets)
      .where(eq(wallets.inviteCode, inviteCode));
    if (!owner) throw new AppError('inviteCodeUnknown', { field: inviteCode });
    if (owner.customerId === inviteeId) {
      throw new AppError('inviteNotAllowed', { detail: 'it is your own code' });
    }
    const [applied] = await tx
      .select({ id: loanOrders.id })
      .from(loanOrders)
      .where(eq(loanOrders.customerId, inviteeId))
      .limit(1);
    if (applied) {
      throw new AppError('inviteNotAllowed', { detail: 'you have already applied for a loan' });
    }
    const inserted = await tx
      .insert(invitations)
      .values({
        inviterId: owner.customerId,
        inviteeId,
        inviteCode,
        invitedAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: invitations.id });
    if (inserted.length === 0) {
      throw new AppError('inviteNotAllowed', { detail: 'an invite code was already entered' });
    }
  });
}

/**
 * Credits the reward of every invitation whose invitee has repaid a loan (decision 0043:
 * repaid, not disbursed, so a loan taken only to earn the reward earns nothing). Once per
 * invitation: the row is locked and its journal's key is the invitation's.
 */
export async function creditDueRewards(deps: Pick<WalletDeps, 'db' | 'clock'>, limit = 500) {
  const config = await walletConfig(deps.db);
  if (!config.rewardsEnabled || config.rewardPaise === 0) return 0;
  const due = await deps.db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        isNull(invitations.rewardedAt),
        sql`exists (select 1 from loan_orders o where o.customer_id = ${invitations.inviteeId} and o.status in ${REPAID})`,
      ),
    )
    .orderBy(asc(invitations.id))
    .limit(limit);
  let credited = 0;
  for (const { id } of due) {
    if (await creditReward(deps, id, BigInt(config.rewardPaise))) credited += 1;
  }
  return credited;
}

/** A reward into a wallet: the journal (once per key) and the balance, in the caller's transaction. */
export async function creditWallet(
  tx: Executor,
  customerId: number,
  amount: bigint,
  key: string,
  at: Date,
) {
  await ensureWallet(tx, customerId, at);
  const journalId = await post(tx, { type: 'walletReward', amount }, key, at);
  await tx
    .update(wallets)
    .set({
      balancePaise: sql`${wallets.balancePaise} + ${amount}`,
      rewardedPaise: sql`${wallets.rewardedPaise} + ${amount}`,
      updatedAt: at,
    })
    .where(eq(wallets.customerId, customerId));
  return journalId;
}

/**
 * The key of an invitation's reward journal: the first is the invitation's; one earned again
 * after a clawback names the reward it follows, so each earning posts once (decision 0063).
 */
function rewardKey(invitation: { id: number; rewardJournalId: number | null }) {
  return invitation.rewardJournalId === null
    ? `wallet:reward:${invitation.id}`
    : `wallet:reward:${invitation.id}:after:${invitation.rewardJournalId}`;
}

/** The key of a reward's clawback: one per reward journal, so a repeated event posts nothing. */
function clawbackKey(rewardJournalId: number) {
  return `wallet:clawback:${rewardJournalId}`;
}

async function creditReward(deps: Pick<WalletDeps, 'db' | 'clock'>, id: number, amount: bigint) {
  return deps.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.id, id))
      .for('update');
    if (!invitation || invitation.rewardedAt !== null) return false;
    // Looked at again under the lock: the loan may have been reversed since it was picked.
    if (!(await hasRepaidLoan(tx, invitation.inviteeId))) return false;
    const at = deps.clock.now();
    const journalId = await creditWallet(
      tx,
      invitation.inviterId,
      amount,
      rewardKey(invitation),
      at,
    );
    await tx
      .update(invitations)
      .set({ rewardPaise: amount, rewardedAt: at, rewardJournalId: journalId })
      .where(eq(invitations.id, id));
    return true;
  });
}

async function hasRepaidLoan(tx: Executor, customerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(eq(loanOrders.customerId, customerId), sql`${loanOrders.status} in ${REPAID}`))
    .limit(1);
  return row !== undefined;
}

const isRepaid = (status: string) => REPAID_STATUSES.includes(status);

/**
 * Claws back the reward an invitee earned for their inviter when the invitee no longer has a
 * repaid loan (decision 0063: the repayment that earned it was reversed), in the caller's
 * transaction. The wallet gives back what it holds spendable, never going below zero; what the
 * inviter already withdrew stays a marketing cost, posted as unrecovered. Once per reward (its
 * journal's key); the invitation may earn the reward again when the loan is repaid again.
 */
export async function clawbackReward(
  tx: Executor,
  inviteeId: number,
  at: Date,
): Promise<{ recoveredPaise: bigint; unrecoveredPaise: bigint } | null> {
  const [invitation] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.inviteeId, inviteeId))
    .for('update');
  if (!invitation || invitation.rewardedAt === null || invitation.rewardJournalId === null)
    return null;
  if (await hasRepaidLoan(tx, inviteeId)) return null;
  const reward = invitation.rewardPaise ?? 0n;
  const [wallet] = await tx
    .select()
    .from(wallets)
    .where(eq(wallets.customerId, invitation.inviterId))
    .for('update');
  const split = clawbackSplit(reward, wallet?.balancePaise ?? 0n);
  await post(tx, { type: 'walletClawback', ...split }, clawbackKey(invitation.rewardJournalId), at);
  await tx
    .update(wallets)
    .set({
      balancePaise: sql`${wallets.balancePaise} - ${split.recovered}`,
      // What the wallets keep of rewards: the unrecovered part left with the withdrawal.
      rewardedPaise: sql`${wallets.rewardedPaise} - ${split.recovered}`,
      updatedAt: at,
    })
    .where(eq(wallets.customerId, invitation.inviterId));
  // The reward journal stays named: it is what the clawback undid and what a new reward follows.
  await tx.update(invitations).set({ rewardedAt: null }).where(eq(invitations.id, invitation.id));
  return { recoveredPaise: split.recovered, unrecoveredPaise: split.unrecovered };
}

/**
 * The loan book's order-change subscriber: a loan leaving repaid (a repayment reversed) claws
 * back its borrower's invitation reward in the same transaction, so the two commit together.
 */
export function clawbackRewardOnOrderChange(clock: Clock): OrderChangeSubscriber {
  return async (tx, change) => {
    if (isRepaid(change.before.status) && !isRepaid(change.after.status))
      await clawbackReward(tx, change.after.customerId, clock.now());
  };
}

export async function listInvitations(
  deps: Pick<WalletDeps, 'db'>,
  body: z.output<typeof invitationListBodySchema>,
): Promise<{ total: number; list: Invitation[] }> {
  const { list, total } = await repo.listInvitations(deps.db, body);
  return {
    total,
    list: list.map((row) => ({
      id: row.invitation.id,
      inviterName: maskName(row.inviterName),
      inviterPhone: maskPhone(row.inviterPhone),
      inviteCode: row.invitation.inviteCode,
      inviteeName: maskName(row.inviteeName),
      inviteePhone: maskPhone(row.inviteePhone),
      invitedAt: toIso(row.invitation.invitedAt),
      stage: row.stage,
      rewardPaise:
        row.invitation.rewardPaise === null ? null : paiseToApi(row.invitation.rewardPaise),
      rewardedAt: toIsoOrNull(row.invitation.rewardedAt),
      rewardStatus:
        row.invitation.rewardedAt !== null
          ? 'credited'
          : row.clawedBackAt !== null
            ? 'clawedBack'
            : 'notEarned',
      clawedBackAt: row.clawedBackAt,
      unrecoveredPaise: row.unrecovered === null ? null : paiseToApi(BigInt(row.unrecovered)),
    })),
  };
}

export async function listWalletBalances(
  deps: Pick<WalletDeps, 'db'>,
  body: z.output<typeof walletBalanceListBodySchema>,
) {
  const { list, total } = await repo.listWallets(deps.db, body);
  return {
    total,
    list: list.map(({ wallet, customerName, customerPhone }) => ({
      customerId: wallet.customerId,
      customerName: maskName(customerName),
      customerPhone: maskPhone(customerPhone),
      inviteCode: wallet.inviteCode,
      balancePaise: paiseToApi(wallet.balancePaise),
      heldPaise: paiseToApi(wallet.heldPaise),
      rewardedPaise: paiseToApi(wallet.rewardedPaise),
      paidOutPaise: paiseToApi(wallet.paidOutPaise),
      updatedAt: toIso(wallet.updatedAt),
    })),
  };
}

export async function balanceSummary(deps: Pick<WalletDeps, 'db' | 'clock' | 'gateway'>) {
  let gatewayBalance: bigint | null = null;
  try {
    gatewayBalance = await deps.gateway.balance();
  } catch {
    gatewayBalance = null; // shown as "no answer": the wallets' side still stands
  }
  const totals = await repo.walletTotals(deps.db);
  return {
    provider: deps.gateway.provider,
    gatewayBalancePaise: gatewayBalance === null ? null : paiseToApi(gatewayBalance),
    walletLiabilityPaise: paiseToApi(totals.balance + totals.held),
    heldPaise: paiseToApi(totals.held),
    wallets: totals.wallets,
    rewardedTotalPaise: paiseToApi(totals.rewarded),
    paidOutTotalPaise: paiseToApi(totals.paidOut),
    checkedAt: toIso(deps.clock.now()),
  };
}

// --- the borrower's side --------------------------------------------------------------------

export async function walletOfBorrower(deps: Pick<WalletDeps, 'db' | 'clock'>, customerId: number) {
  const wallet = await ensureWallet(deps.db, customerId, deps.clock.now());
  const config = await walletConfig(deps.db);
  const [count] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(eq(invitations.inviterId, customerId));
  const recent = await deps.db
    .select()
    .from(walletWithdrawals)
    .where(eq(walletWithdrawals.customerId, customerId))
    .orderBy(sql`${walletWithdrawals.id} desc`)
    .limit(20);
  return {
    inviteCode: wallet.inviteCode,
    balancePaise: paiseToApi(wallet.balancePaise),
    heldPaise: paiseToApi(wallet.heldPaise),
    minWithdrawalPaise: config.minWithdrawalPaise,
    rewardPaise: config.rewardPaise,
    invitations: Number(count?.n ?? 0),
    withdrawals: recent.map((w) => ({
      id: w.id,
      amountPaise: paiseToApi(w.amountPaise),
      status: w.status,
      requestedAt: toIso(w.requestedAt),
    })),
  };
}

/**
 * A withdrawal request: the amount leaves the spendable balance at once (held), under the
 * wallet's row lock, so concurrent requests can never take more than there is. The borrower's
 * idempotency key makes a retried request the same withdrawal.
 */
export async function requestWithdrawal(
  deps: Pick<WalletDeps, 'db' | 'clock'>,
  customerId: number,
  input: { amountPaise: number; idempotencyKey: string },
) {
  const amount = BigInt(input.amountPaise);
  const config = await walletConfig(deps.db);
  return deps.db.transaction(async (tx) => {
    const at = deps.clock.now();
    const [existing] = await tx
      .select()
      .from(walletWithdrawals)
      .where(
        and(
          eq(walletWithdrawals.customerId, customerId),
          eq(walletWithdrawals.idempotencyKey, input.idempotencyKey),
        ),
      );
    if (existing) {
      if (existing.amountPaise !== amount) {
        throw new AppError('idempotencyKeyReused', { field: input.idempotencyKey });
      }
      const [wallet] = await tx.select().from(wallets).where(eq(wallets.customerId, customerId));
      return withdrawalAnswer(existing, wallet!.balancePaise);
    }
    await ensureWallet(tx, customerId, at);
    const [wallet] = await tx
      .select()
      .from(wallets)
      .where(eq(wallets.customerId, customerId))
      .for('update');
    const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
    if (!customer?.bankAccountVerified || !customer.bankAccountNumber) {
      throw new AppError('walletBankNotVerified', { field: 'bankAccount' });
    }
    if (amount < BigInt(config.minWithdrawalPaise)) {
      throw new AppError('walletBelowMinimum', {
        field: rupees(amount),
        detail: rupees(BigInt(config.minWithdrawalPaise)),
      });
    }
    if (amount > wallet!.balancePaise) {
      throw new AppError('walletBalanceTooLow', {
        field: rupees(amount),
        detail: rupees(wallet!.balancePaise),
      });
    }
    const today = indiaDateOf(at);
    const asked = await repo.withdrawnOnDay(
      tx,
      customerId,
      startOfIndiaDate(today),
      startOfIndiaDate(addDays(today, 1)),
    );
    if (asked + amount > BigInt(config.dailyCapPaise)) {
      throw new AppError('walletDailyCapReached', {
        field: rupees(amount),
        detail: rupees(BigInt(config.dailyCapPaise)),
      });
    }
    const [withdrawal] = await tx
      .insert(walletWithdrawals)
      .values({
        customerId,
        amountPaise: amount,
        status: 'pending',
        idempotencyKey: input.idempotencyKey,
        bankAccountNumber: customer.bankAccountNumber,
        ifsc: customer.ifsc,
        requestedAt: at,
      })
      .returning();
    await post(tx, { type: 'walletHold', amount }, `wallet:withdrawal:${withdrawal!.id}:hold`, at);
    // The guard in the WHERE (and the table's check) is what keeps a wallet from going negative.
    const [after] = await tx
      .update(wallets)
      .set({
        balancePaise: sql`${wallets.balancePaise} - ${amount}`,
        heldPaise: sql`${wallets.heldPaise} + ${amount}`,
        updatedAt: at,
      })
      .where(and(eq(wallets.customerId, customerId), sql`${wallets.balancePaise} >= ${amount}`))
      .returning({ balance: wallets.balancePaise });
    if (!after) {
      throw new AppError('walletBalanceTooLow', {
        field: rupees(amount),
        detail: rupees(wallet!.balancePaise),
      });
    }
    return withdrawalAnswer(withdrawal!, after.balance);
  });
}

function withdrawalAnswer(row: WalletWithdrawalRow, balance: bigint) {
  return {
    id: row.id,
    amountPaise: paiseToApi(row.amountPaise),
    status: row.status,
    balancePaise: paiseToApi(balance),
  };
}

// --- staff review and the payout ------------------------------------------------------------

function withdrawalView(
  row: WalletWithdrawalRow,
  customer: { customerName: string; customerPhone: string },
  names: Map<number, string>,
): Withdrawal {
  return {
    id: row.id,
    customerName: maskName(customer.customerName),
    customerPhone: maskPhone(customer.customerPhone),
    amountPaise: paiseToApi(row.amountPaise),
    bankAccount: `${maskBankAccount(row.bankAccountNumber)} · ${row.ifsc}`,
    status: row.status,
    requestedAt: toIso(row.requestedAt),
    reviewedBy:
      row.reviewedBy === null ? null : (names.get(row.reviewedBy) ?? `#${row.reviewedBy}`),
    reviewedAt: toIsoOrNull(row.reviewedAt),
    reviewReason: row.reviewReason,
    utr: row.utr,
    failureReason: row.failureReason,
    settledAt: toIsoOrNull(row.settledAt),
  };
}

export async function listWithdrawals(
  deps: Pick<WalletDeps, 'db' | 'staffOf'>,
  body: z.output<typeof withdrawalListBodySchema>,
) {
  const { list, total } = await repo.listWithdrawals(deps.db, body);
  const names = await staffNames(
    deps,
    list.map((r) => r.withdrawal.reviewedBy),
  );
  return { total, list: list.map((r) => withdrawalView(r.withdrawal, r, names)) };
}

async function withdrawalById(deps: Pick<WalletDeps, 'db' | 'staffOf'>, id: number) {
  const [row] = await deps.db
    .select({
      withdrawal: walletWithdrawals,
      customerName: customers.name,
      customerPhone: customers.phone,
    })
    .from(walletWithdrawals)
    .innerJoin(customers, eq(customers.id, walletWithdrawals.customerId))
    .where(eq(walletWithdrawals.id, id));
  if (!row) throw new AppError('notFound', { field: 'id' });
  const names = await staffNames(deps, [row.withdrawal.reviewedBy]);
  return withdrawalView(row.withdrawal, row, names);
}

/** Held money back to the spendable balance (refused, failed or reversed withdrawal). */
async function release(tx: Executor, row: WalletWithdrawalRow, at: Date) {
  await post(
    tx,
    { type: 'walletRelease', amount: row.amountPaise },
    `wallet:withdrawal:${row.id}:release`,
    at,
  );
  await tx
    .update(wallets)
    .set({
      balancePaise: sql`${wallets.balancePaise} + ${row.amountPaise}`,
      heldPaise: sql`${wallets.heldPaise} - ${row.amountPaise}`,
      updatedAt: at,
    })
    .where(eq(wallets.customerId, row.customerId));
}

/**
 * The checker's decision. Borrowers ask, staff decide, so the requester is never the approver.
 * Approved → `paying` and sent to the payout gateway under the withdrawal's own key (a retry
 * or a lookup never pays twice); refused → the held money goes back to the wallet.
 */
export async function reviewWithdrawal(
  deps: WalletDeps,
  body: { id: number; decision: 'approve' | 'reject'; reason?: string | undefined },
  userId: number,
) {
  const approved = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(walletWithdrawals)
      .where(eq(walletWithdrawals.id, body.id))
      .for('update');
    if (!row) throw new AppError('notFound', { field: 'id' });
    if (row.status !== 'pending') {
      throw new AppError('alreadyReviewed', { field: `withdrawal ${row.id}`, detail: row.status });
    }
    const at = deps.clock.now();
    const decided = {
      reviewedBy: userId,
      reviewedAt: at,
      reviewReason: body.reason ?? null,
    };
    if (body.decision === 'reject') {
      await release(tx, row, at);
      await tx
        .update(walletWithdrawals)
        .set({ ...decided, status: 'rejected', settledAt: at })
        .where(eq(walletWithdrawals.id, row.id));
      return undefined;
    }
    await tx
      .update(walletWithdrawals)
      .set({ ...decided, status: 'paying' })
      .where(eq(walletWithdrawals.id, row.id));
    return row;
  });
  if (approved) await sendWithdrawal(deps, approved);
  return withdrawalById(deps, body.id);
}

/** Sends (or re-sends, with the same key) an approved withdrawal to the gateway. */
export async function sendWithdrawal(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'gateway'>,
  row: WalletWithdrawalRow,
) {
  const [customer] = await deps.db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  let reported: GatewayPayout;
  try {
    reported = await deps.gateway.createPayout({
      idempotencyKey: `wallet-withdrawal-${row.id}`,
      reference: withdrawalReference(row.id),
      amountPaise: row.amountPaise,
      purpose: 'reward',
      beneficiary: {
        name: customer?.name ?? '',
        accountNumber: row.bankAccountNumber,
        ifsc: row.ifsc,
      },
    });
  } catch (error) {
    if (error instanceof PayoutGatewayRejected) {
      await applyWithdrawalPayout(
        deps.db,
        row.id,
        { status: 'failed', amountPaise: row.amountPaise, failureReason: (error as Error).message },
        deps.clock.now(),
      );
    }
    // No answer: the withdrawal stays `paying`; the sweep looks it up and re-sends with its key.
    return;
  }
  await applyWithdrawalPayout(deps.db, row.id, reported, deps.clock.now());
}

/**
 * What the gateway says of a withdrawal's payout (its reply, a webhook or a lookup): processed
 * → paid; failed → back to the wallet; reversed after paid → the payout is reversed in the
 * ledger and the money goes back to the wallet. What is already known changes nothing, so a
 * webhook delivered twice or out of order is harmless.
 */
export async function applyWithdrawalPayout(
  db: Executor,
  id: number,
  reported: Pick<GatewayPayout, 'status' | 'amountPaise'> & Partial<GatewayPayout>,
  at: Date,
): Promise<void> {
  const apply = async (tx: Executor) => {
    const [row] = await tx
      .select()
      .from(walletWithdrawals)
      .where(eq(walletWithdrawals.id, id))
      .for('update');
    if (!row) return;
    if (reported.amountPaise !== row.amountPaise) return; // not ours as sent: left for a person
    const gatewayIds = {
      gatewayPayoutId: reported.gatewayPayoutId ?? row.gatewayPayoutId,
    };
    if (row.status === 'paying' && reported.status === 'processed') {
      await post(
        tx,
        { type: 'walletPayout', amount: row.amountPaise },
        `wallet:withdrawal:${row.id}:paid`,
        at,
      );
      await tx
        .update(wallets)
        .set({
          heldPaise: sql`${wallets.heldPaise} - ${row.amountPaise}`,
          paidOutPaise: sql`${wallets.paidOutPaise} + ${row.amountPaise}`,
          updatedAt: at,
        })
        .where(eq(wallets.customerId, row.customerId));
      await tx
        .update(walletWithdrawals)
        .set({
          ...gatewayIds,
          status: 'paid',
          utr: reported.utr ?? reported.gatewayPayoutId ?? null,
          settledAt: at,
        })
        .where(eq(walletWithdrawals.id, row.id));
      return;
    }
    if (
      row.status === 'paying' &&
      (reported.status === 'failed' || reported.status === 'reversed')
    ) {
      await release(tx, row, at);
      await tx
        .update(walletWithdrawals)
        .set({
          ...gatewayIds,
          status: 'failed',
          failureReason: reported.failureReason ?? reported.status,
          settledAt: at,
        })
        .where(eq(walletWithdrawals.id, row.id));
      return;
    }
    if (row.status === 'paid' && reported.status === 'reversed') {
      const [paid] = await tx
        .select({ id: ledgerJournals.id })
        .from(ledgerJournals)
        .where(eq(ledgerJournals.idempotencyKey, `wallet:withdrawal:${row.id}:paid`));
      const original = await loadJournal(tx, paid!.id);
      await postJournals(tx, [
        {
          orderId: null,
          journal: postingsFor({ type: 'reversal', original }),
          idempotencyKey: `wallet:withdrawal:${row.id}:paid:reversal`,
          businessDate: indiaDateOf(at),
          at,
          reversesJournalId: paid!.id,
        },
      ]);
      await tx
        .update(wallets)
        .set({
          heldPaise: sql`${wallets.heldPaise} + ${row.amountPaise}`,
          paidOutPaise: sql`${wallets.paidOutPaise} - ${row.amountPaise}`,
        })
        .where(eq(wallets.customerId, row.customerId));
      await release(tx, row, at);
      await tx
        .update(walletWithdrawals)
        .set({
          status: 'failed',
          failureReason: reported.failureReason ?? 'reversed',
          settledAt: at,
        })
        .where(eq(walletWithdrawals.id, row.id));
      return;
    }
    if (gatewayIds.gatewayPayoutId !== row.gatewayPayoutId) {
      await tx.update(walletWithdrawals).set(gatewayIds).where(eq(walletWithdrawals.id, row.id));
    }
  };
  if ('transaction' in db) await (db as Database).transaction(apply);
  else await apply(db);
}

/**
 * Withdrawals in payment whose webhook has not settled them: looked up at the gateway by
 * reference; not found there → sent again with the same key (never a new one).
 */
export async function sweepWithdrawals(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'gateway'>,
  olderThanMs = 10 * 60_000,
) {
  const before = new Date(deps.clock.now().getTime() - olderThanMs);
  const open = await deps.db
    .select()
    .from(walletWithdrawals)
    .where(and(eq(walletWithdrawals.status, 'paying'), lt(walletWithdrawals.reviewedAt, before)))
    .orderBy(asc(walletWithdrawals.id))
    .limit(200);
  for (const row of open) {
    const found = await deps.gateway
      .fetchStatus({ reference: withdrawalReference(row.id) })
      .catch(() => null);
    if (found === null) continue; // no answer: next time
    if (found) await applyWithdrawalPayout(deps.db, row.id, found, deps.clock.now());
    else await sendWithdrawal(deps, row);
  }
  return open.length;
}

// --- recharges of the payout account --------------------------------------------------------

function rechargeView(
  row: PayoutRechargeRow,
  names: Map<number, string>,
  callerId: number,
): Recharge {
  return {
    id: row.id,
    amountPaise: paiseToApi(row.amountPaise),
    bankReference: row.bankReference,
    remark: row.remark,
    status: row.status,
    requestedBy: names.get(row.requestedBy) ?? `#${row.requestedBy}`,
    requestedByMe: row.requestedBy === callerId,
    requestedAt: toIso(row.requestedAt),
    reviewedBy:
      row.reviewedBy === null ? null : (names.get(row.reviewedBy) ?? `#${row.reviewedBy}`),
    reviewedAt: toIsoOrNull(row.reviewedAt),
    gatewayBalanceBeforePaise:
      row.gatewayBalanceBeforePaise === null ? null : paiseToApi(row.gatewayBalanceBeforePaise),
    gatewayBalanceAfterPaise:
      row.gatewayBalanceAfterPaise === null ? null : paiseToApi(row.gatewayBalanceAfterPaise),
  };
}

export async function listRecharges(
  deps: Pick<WalletDeps, 'db' | 'staffOf'>,
  body: z.output<typeof rechargeListBodySchema>,
  callerId: number,
) {
  const { list, total } = await repo.listRecharges(deps.db, body);
  const names = await staffNames(
    deps,
    list.flatMap((r) => [r.requestedBy, r.reviewedBy]),
  );
  return { total, list: list.map((r) => rechargeView(r, names, callerId)) };
}

async function rechargeById(
  deps: Pick<WalletDeps, 'db' | 'staffOf'>,
  id: number,
  callerId: number,
) {
  const [row] = await deps.db.select().from(payoutRecharges).where(eq(payoutRecharges.id, id));
  if (!row) throw new AppError('notFound', { field: 'id' });
  return rechargeView(row, await staffNames(deps, [row.requestedBy, row.reviewedBy]), callerId);
}

/** The maker records a top-up sent from the operating bank (amount and UTR). */
export async function recordRecharge(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'staffOf'>,
  body: RechargeRecordBody,
  userId: number,
) {
  const [existing] = await deps.db
    .select()
    .from(payoutRecharges)
    .where(eq(payoutRecharges.idempotencyKey, body.idempotencyKey));
  if (existing) {
    if (existing.amountPaise !== BigInt(body.amountPaise) || existing.requestedBy !== userId) {
      throw new AppError('idempotencyKeyReused', { field: body.idempotencyKey });
    }
    return rechargeById(deps, existing.id, userId);
  }
  const [sameUtr] = await deps.db
    .select({ id: payoutRecharges.id })
    .from(payoutRecharges)
    .where(eq(payoutRecharges.bankReference, body.bankReference));
  if (sameUtr) throw new AppError('duplicate', { field: `UTR ${body.bankReference}` });
  const [row] = await deps.db
    .insert(payoutRecharges)
    .values({
      amountPaise: BigInt(body.amountPaise),
      bankReference: body.bankReference,
      remark: body.remark ?? null,
      status: 'pending',
      idempotencyKey: body.idempotencyKey,
      requestedBy: userId,
      requestedAt: deps.clock.now(),
    })
    .returning();
  return rechargeById(deps, row!.id, userId);
}

/**
 * The checker confirms the top-up once the gateway shows it (the balance before and after are
 * kept with it: the reconciliation), which posts it to the ledger; or refuses it. Never the
 * person who recorded it.
 */
export async function reviewRecharge(
  deps: WalletDeps,
  body: { id: number; decision: 'confirm' | 'reject' },
  userId: number,
) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(payoutRecharges)
      .where(eq(payoutRecharges.id, body.id))
      .for('update');
    if (!row) throw new AppError('notFound', { field: 'id' });
    if (row.status !== 'pending') {
      throw new AppError('alreadyReviewed', { field: `recharge ${row.id}`, detail: row.status });
    }
    if (row.requestedBy === userId) {
      throw new AppError('sameMakerChecker', { field: `recharge ${row.id}` });
    }
    const at = deps.clock.now();
    if (body.decision === 'reject') {
      await tx
        .update(payoutRecharges)
        .set({ status: 'rejected', reviewedBy: userId, reviewedAt: at })
        .where(eq(payoutRecharges.id, row.id));
      return;
    }
    const before = await deps.gateway.balance().catch(() => null);
    deps.onRechargeConfirmed?.(row.amountPaise);
    const after = await deps.gateway.balance().catch(() => null);
    await post(tx, { type: 'floatRecharge', amount: row.amountPaise }, `recharge:${row.id}`, at);
    await tx
      .update(payoutRecharges)
      .set({
        status: 'confirmed',
        reviewedBy: userId,
        reviewedAt: at,
        gatewayBalanceBeforePaise: before,
        gatewayBalanceAfterPaise: after,
      })
      .where(eq(payoutRecharges.id, row.id));
  });
  return rechargeById(deps, body.id, userId);
}

/** For tests and the simulator: the withdrawals of some ids. */
export function withdrawalsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(walletWithdrawals).where(inArray(walletWithdrawals.id, ids));
}
