import type { Invitation, invitationListBodySchema } from '@lending/contract';
import { clawbackSplit } from '@lending/lending';
import type { z } from 'zod';
import type { Executor } from '../../plugins/db.js';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/app-error.js';
import { paiseToApi } from '../../shared/paise.js';
import { maskName, maskPhone } from '../../shared/pii.js';
import { toIso, toIsoOrNull } from '../../shared/timestamps.js';
import type { OrderChangeSubscriber } from '../loan-book/index.js';
import * as repo from './invitations.repository.js';
import { REPAID_STATUSES } from './invitations.repository.js';
import { walletConfig } from './wallet-config.js';
import { post } from './wallet-journal.js';
import type { WalletDeps } from './wallet.deps.js';
import * as wallets from './wallet.repository.js';
import { ensureWallet } from './wallets.service.js';

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
    const inviterId = await wallets.customerOfInviteCode(tx, inviteCode);
    if (inviterId === undefined) throw new AppError('inviteCodeUnknown', { field: inviteCode });
    if (inviterId === inviteeId) {
      throw new AppError('inviteNotAllowed', { detail: 'it is your own code' });
    }
    if (await repo.hasAnyLoan(tx, inviteeId)) {
      throw new AppError('inviteNotAllowed', { detail: 'you have already applied for a loan' });
    }
    const inserted = await repo.insertInvitation(tx, {
      inviterId,
      inviteeId,
      inviteCode,
      invitedAt: deps.clock.now(),
    });
    if (!inserted) {
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
  const due = await repo.invitationsDueReward(deps.db, limit);
  let credited = 0;
  for (const id of due) {
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
  await wallets.addReward(tx, customerId, amount, at);
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
    const invitation = await repo.lockInvitation(tx, id);
    if (!invitation || invitation.rewardedAt !== null) return false;
    // Looked at again under the lock: the loan may have been reversed since it was picked.
    if (!(await repo.hasRepaidLoan(tx, invitation.inviteeId))) return false;
    const at = deps.clock.now();
    const journalId = await creditWallet(
      tx,
      invitation.inviterId,
      amount,
      rewardKey(invitation),
      at,
    );
    await repo.markRewarded(tx, id, {
      rewardPaise: amount,
      rewardedAt: at,
      rewardJournalId: journalId,
    });
    return true;
  });
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
  const invitation = await repo.lockInvitationOfInvitee(tx, inviteeId);
  if (!invitation || invitation.rewardedAt === null || invitation.rewardJournalId === null)
    return null;
  if (await repo.hasRepaidLoan(tx, inviteeId)) return null;
  const reward = invitation.rewardPaise ?? 0n;
  const wallet = await wallets.lockWallet(tx, invitation.inviterId);
  const split = clawbackSplit(reward, wallet?.balancePaise ?? 0n);
  await post(tx, { type: 'walletClawback', ...split }, clawbackKey(invitation.rewardJournalId), at);
  await wallets.takeBackReward(tx, invitation.inviterId, split.recovered, at);
  // The reward journal stays named: it is what the clawback undid and what a new reward follows.
  await repo.markClawedBack(tx, invitation.id);
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
