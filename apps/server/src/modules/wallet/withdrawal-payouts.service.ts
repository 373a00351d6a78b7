import { postingsFor } from '@lending/lending';
import type { Database, Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { journalIdByKey, loadJournal, postJournals } from '../ledger/index.js';
import {
  PayoutGatewayRejected,
  type GatewayPayout,
} from '../../integrations/payouts/payout-gateway.js';
import { post } from './wallet-journal.js';
import type { WalletDeps } from './wallet.deps.js';
import * as wallets from './wallet.repository.js';
import type { WalletWithdrawalRow } from './wallet.table.js';
import * as repo from './withdrawals.repository.js';
import { release, withdrawalById, withdrawalReference } from './withdrawals.service.js';

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
    const row = await repo.lockWithdrawal(tx, body.id);
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
      await repo.updateWithdrawal(tx, row.id, { ...decided, status: 'rejected', settledAt: at });
      return undefined;
    }
    await repo.updateWithdrawal(tx, row.id, { ...decided, status: 'paying' });
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
  const customerName = await wallets.customerNameOf(deps.db, row.customerId);
  let reported: GatewayPayout;
  try {
    reported = await deps.gateway.createPayout({
      idempotencyKey: `wallet-withdrawal-${row.id}`,
      reference: withdrawalReference(row.id),
      amountPaise: row.amountPaise,
      purpose: 'reward',
      beneficiary: {
        name: customerName ?? '',
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
    const row = await repo.lockWithdrawal(tx, id);
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
      await wallets.payOutHeld(tx, row.customerId, row.amountPaise, at);
      await repo.updateWithdrawal(tx, row.id, {
        ...gatewayIds,
        status: 'paid',
        utr: reported.utr ?? reported.gatewayPayoutId ?? null,
        settledAt: at,
      });
      return;
    }
    if (
      row.status === 'paying' &&
      (reported.status === 'failed' || reported.status === 'reversed')
    ) {
      await release(tx, row, at);
      await repo.updateWithdrawal(tx, row.id, {
        ...gatewayIds,
        status: 'failed',
        failureReason: reported.failureReason ?? reported.status,
        settledAt: at,
      });
      return;
    }
    if (row.status === 'paid' && reported.status === 'reversed') {
      const paidId = await journalIdByKey(tx, `wallet:withdrawal:${row.id}:paid`);
      if (paidId === undefined) throw new Error(`withdrawal ${row.id} is paid with no journal`);
      const original = await loadJournal(tx, paidId);
      await postJournals(tx, [
        {
          orderId: null,
          journal: postingsFor({ type: 'reversal', original }),
          idempotencyKey: `wallet:withdrawal:${row.id}:paid:reversal`,
          businessDate: indiaDateOf(at),
          at,
          reversesJournalId: paidId,
        },
      ]);
      await wallets.unpayHeld(tx, row.customerId, row.amountPaise);
      await release(tx, row, at);
      await repo.updateWithdrawal(tx, row.id, {
        status: 'failed',
        failureReason: reported.failureReason ?? 'reversed',
        settledAt: at,
      });
      return;
    }
    if (gatewayIds.gatewayPayoutId !== row.gatewayPayoutId) {
      await repo.updateWithdrawal(tx, row.id, gatewayIds);
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
  const open = await repo.withdrawalsPayingSince(deps.db, before, 200);
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
