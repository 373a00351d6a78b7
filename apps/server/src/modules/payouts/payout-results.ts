import { z } from 'zod';
import type { Database, Executor } from '../../plugins/db.js';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import {
  payoutInstruction,
  recordPayoutResult,
  type LoanBookDeps,
  type PayoutOutcome,
} from '../loan-book/index.js';
import type { GatewayEvent } from '../../integrations/webhooks/webhook-routes.js';
import type {
  GatewayPayout,
  GatewayPayoutStatus,
} from '../../integrations/payouts/payout-gateway.js';
import { noteDispatchBreak, recordGatewayReport } from './payout-dispatches.repository.js';

/** The reference a payout is sent under: it names our payout in lookups and webhooks. */
export function payoutReference(payoutId: number): string {
  return `payout-${payoutId}`;
}

export function payoutIdOfReference(reference: string): number | undefined {
  const match = /^payout-(\d{1,10})$/.exec(reference);
  return match ? Number(match[1]) : undefined;
}

/** How far along a gateway status is: a report never moves the dispatch row backwards. */
const RANK: Record<GatewayPayoutStatus, number> = {
  queued: 0,
  processing: 1,
  processed: 2,
  failed: 2,
  reversed: 3,
};

export function outcomeOf(payout: GatewayPayout): PayoutOutcome {
  switch (payout.status) {
    case 'queued':
    case 'processing':
      return { status: 'processing' };
    case 'processed':
      return {
        status: 'processed',
        utr: payout.utr ?? payout.gatewayPayoutId,
        ...(payout.processedAt ? { processedDate: indiaDateOf(payout.processedAt) } : {}),
      };
    case 'failed':
      return { status: 'failed', errorMessage: payout.failureReason ?? 'failed at the gateway' };
    case 'reversed':
      return { status: 'reversed', errorMessage: payout.failureReason ?? 'reversed by the bank' };
  }
}

export type ApplyResult = 'applied' | 'ignored' | 'break';

/**
 * Applies what the gateway says of a payout (webhook, status lookup or the reply to a create):
 * records the gateway id and the furthest status on the dispatch row, then hands the outcome
 * to the loan book, which ignores what it already knows and never moves a payout backwards.
 * An amount that differs from ours, or an outcome the book refuses (a reversal after
 * repayments), is a reconciliation break: noted on the dispatch row, not applied.
 */
export async function applyGatewayPayout(
  executor: Executor,
  loanBook: LoanBookDeps,
  provider: string,
  payoutId: number,
  reported: GatewayPayout,
  at: Date,
): Promise<ApplyResult> {
  const instruction = await payoutInstruction(executor, payoutId);
  if (!instruction) return 'ignored';
  const note = (lastError: string) => noteDispatchBreak(executor, payoutId, lastError, at);
  await recordGatewayReport(
    executor,
    {
      payoutId,
      provider,
      reference: reported.reference,
      gatewayPayoutId: reported.gatewayPayoutId,
      gatewayStatus: reported.status,
      at,
    },
    RANK,
  );
  // What the book already knows changes nothing: skip the command (and its order lock).
  const outcome = outcomeOf(reported);
  const known =
    instruction.status === outcome.status ||
    (outcome.status === 'processing' &&
      instruction.status !== 'queued' &&
      instruction.status !== 'unknown');
  if (known) return 'ignored';
  if (reported.amountPaise !== instruction.amountPaise) {
    await note(`amount mismatch: gateway ${reported.amountPaise}, ours ${instruction.amountPaise}`);
    return 'break';
  }
  try {
    await recordPayoutResult({ ...loanBook, db: executor as Database }, payoutId, outcome);
  } catch (error) {
    if (!(error instanceof AppError) || error.key !== 'orderStateConflict') throw error;
    await note(
      `refused by the loan book: ${reported.status} (${error.params.detail ?? error.key})`,
    );
    return 'break';
  }
  return 'applied';
}

const eventDataSchema = z.object({
  gatewayPayoutId: z.string().min(1).max(100),
  reference: z.string().min(1).max(100),
  status: z.enum(['queued', 'processing', 'processed', 'failed', 'reversed']),
  amountPaise: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  utr: z.string().min(1).max(100).optional(),
  processedAt: z.iso.datetime({ offset: true }).optional(),
  failureReason: z.string().max(500).optional(),
});

/** A sandbox payout webhook, in the transaction that also records its event id. */
export async function applySandboxPayoutEvent(
  tx: Executor,
  loanBook: LoanBookDeps,
  provider: string,
  event: GatewayEvent,
  at: Date,
  others: readonly OtherPayouts[] = [],
): Promise<void> {
  const parsed = eventDataSchema.safeParse(event.data);
  if (!parsed.success) throw AppError.invalid('data', 'not a payout event');
  const data = parsed.data;
  const reported: GatewayPayout = {
    gatewayPayoutId: data.gatewayPayoutId,
    reference: data.reference,
    status: data.status,
    amountPaise: BigInt(data.amountPaise),
    utr: data.utr,
    processedAt: data.processedAt ? new Date(data.processedAt) : undefined,
    failureReason: data.failureReason,
  };
  const payoutId = payoutIdOfReference(data.reference);
  if (payoutId === undefined) {
    // Another module's payout (a wallet withdrawal), or none of ours: recorded as an event.
    await others.find((other) => other.owns(data.reference))?.apply(tx, reported, at);
    return;
  }
  await applyGatewayPayout(tx, loanBook, provider, payoutId, reported, at);
}

/**
 * Payouts that are not the loan book's (wallet withdrawals, decision 0043) travel through the
 * same gateway and webhook; their module knows them by reference and applies what is reported.
 */
export interface OtherPayouts {
  owns(reference: string): boolean;
  apply(tx: Executor, reported: GatewayPayout, at: Date): Promise<void>;
}
