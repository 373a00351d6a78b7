import { postingsFor } from '@lending/lending';
import type { Database, Executor } from '../../plugins/db.js';
import { indiaDateOf } from '../../shared/india-date.js';
import type { Job } from '../../shared/jobs.js';
import {
  PayoutGatewayRejected,
  type GatewayPayout,
  type PayoutGateway,
} from '../../integrations/payouts/payout-gateway.js';
import {
  releaseUnappliedCredit,
  setRefundStatusOfCredit,
  unappliedJournalKey,
} from '../collections/index.js';
import { journalIdByKey, loadJournal, postJournals } from '../ledger/index.js';
import type { Clock } from '../../shared/clock.js';
import * as repo from './credit-refunds.repository.js';
import type { CreditRefundRow } from './credit-refunds.table.js';
import { refreshCheckedDayStatus } from './reconciliation.repository.js';

/** The reference a credit's refund is sent under: names it in lookups and webhooks. */
export function creditRefundReference(id: number): string {
  return `credit-refund-${id}`;
}

export function creditRefundIdOfReference(reference: string): number | undefined {
  const match = /^credit-refund-(\d{1,10})$/.exec(reference);
  return match ? Number(match[1]) : undefined;
}

interface PayoutDeps {
  db: Database;
  clock: Clock;
  payouts: PayoutGateway;
}

/**
 * Sends (or re-sends) an approved refund to the payout gateway under the refund's own key: a
 * retry, a second approval or the sweep never pays twice. A definite refusal fails the refund
 * (the credit is refundable again); no answer leaves it approved for the sweep to look up.
 */
export async function sendCreditRefund(deps: PayoutDeps, row: CreditRefundRow) {
  let reported: GatewayPayout;
  try {
    reported = await deps.payouts.createPayout({
      idempotencyKey: creditRefundReference(row.id),
      reference: creditRefundReference(row.id),
      amountPaise: row.amountPaise,
      purpose: 'refund',
      beneficiary: { name: row.beneficiaryName, accountNumber: row.accountNumber, ifsc: row.ifsc },
    });
  } catch (error) {
    if (error instanceof PayoutGatewayRejected) {
      await applyCreditRefundPayout(
        deps.db,
        row.id,
        { status: 'failed', amountPaise: row.amountPaise, failureReason: error.message },
        deps.clock.now(),
      );
    }
    return;
  }
  await applyCreditRefundPayout(deps.db, row.id, reported, deps.clock.now());
}

const refundJournalKey = (row: CreditRefundRow) =>
  `${unappliedJournalKey(row.creditId)}:refund:${row.id}`;

async function settleBreaks(tx: Executor, dayIds: { dayId: number }[]) {
  for (const dayId of new Set(dayIds.map((item) => item.dayId)))
    await refreshCheckedDayStatus(tx, dayId);
}

/**
 * What the gateway says of a refund's payout (its reply, a webhook, a lookup): processed → paid,
 * the liability released (`unappliedCreditRefund`, once per refund) and the credit refunded;
 * failed → the credit is unapplied again; reversed after paid → the journal reversed and the
 * credit unapplied again. What is already known changes nothing (webhooks twice, out of order).
 */
export async function applyCreditRefundPayout(
  db: Executor,
  id: number,
  reported: Pick<GatewayPayout, 'status' | 'amountPaise'> & Partial<GatewayPayout>,
  at: Date,
): Promise<void> {
  const apply = async (tx: Executor) => {
    const row = await repo.lockRefund(tx, id);
    if (!row || reported.amountPaise !== row.amountPaise) return; // not ours as sent
    const gatewayPayoutId = reported.gatewayPayoutId ?? row.gatewayPayoutId;
    const failed = reported.status === 'failed' || reported.status === 'reversed';
    if (row.status === 'approved' && reported.status === 'processed') {
      await releaseUnappliedCredit(
        tx,
        { id: row.creditId, amountPaise: row.amountPaise },
        { refundId: row.id },
        at,
      );
      await setRefundStatusOfCredit(tx, row.creditId, 'refunded');
      const utr = reported.utr ?? gatewayPayoutId ?? null;
      await repo.updateRefund(tx, row.id, { gatewayPayoutId, status: 'paid', utr, settledAt: at });
      const breaks = await repo.setBreaksOfRefund(tx, row.id, {
        status: 'refunded',
        note: `refunded: paid to ****${row.accountNumber.slice(-4)} (UTR ${utr ?? '—'})`,
        resolvedAt: at,
      });
      return settleBreaks(tx, breaks);
    }
    if (
      (row.status === 'approved' && failed) ||
      (row.status === 'paid' && reported.status === 'reversed')
    ) {
      if (row.status === 'paid') {
        const paidId = await journalIdByKey(tx, refundJournalKey(row));
        if (paidId === undefined) throw new Error(`refund ${row.id} is paid with no journal`);
        await postJournals(tx, [
          {
            orderId: null,
            journal: postingsFor({ type: 'reversal', original: await loadJournal(tx, paidId) }),
            idempotencyKey: `${refundJournalKey(row)}:reversal`,
            businessDate: indiaDateOf(at),
            at,
            reversesJournalId: paidId,
          },
        ]);
      }
      const why = reported.failureReason ?? reported.status;
      await setRefundStatusOfCredit(tx, row.creditId, 'unmatched');
      await repo.updateRefund(tx, row.id, {
        gatewayPayoutId,
        status: 'failed',
        failureReason: why,
        settledAt: at,
      });
      const breaks = await repo.setBreaksOfRefund(
        tx,
        row.id,
        { status: 'open', note: `refund failed: ${why}`, resolvedBy: null, resolvedAt: null },
        ['refunding', 'refunded'],
      );
      return settleBreaks(tx, breaks);
    }
    if (gatewayPayoutId !== row.gatewayPayoutId)
      await repo.updateRefund(tx, row.id, { gatewayPayoutId });
  };
  if ('transaction' in db) await (db as Database).transaction(apply);
  else await apply(db);
}

/**
 * Approved refunds no webhook settled: looked up at the gateway by reference; not found there
 * → sent again with the same key (never a new one).
 */
export async function sweepCreditRefunds(deps: PayoutDeps, olderThanMs = 10 * 60_000) {
  const before = new Date(deps.clock.now().getTime() - olderThanMs);
  const open = await repo.refundsInPaymentSince(deps.db, before, 200);
  for (const row of open) {
    const found = await deps.payouts
      .fetchStatus({ reference: creditRefundReference(row.id) })
      .catch(() => null);
    if (found === null) continue; // no answer: next time
    if (found) await applyCreditRefundPayout(deps.db, row.id, found, deps.clock.now());
    else await sendCreditRefund(deps, row);
  }
  return open.length;
}

/** The sweep as a periodic job (server.ts's list). */
export function creditRefundsJob(deps: PayoutDeps, options: { intervalMs: number }): Job<number> {
  return {
    name: 'credit_refunds',
    intervalMs: options.intervalMs,
    runAtStart: false,
    pass: () => sweepCreditRefunds(deps),
  };
}
