import type { Executor } from '../../plugins/db.js';
import { disburse, postingsFor, quoteDisbursal, zeroAmounts } from '@lending/lending';
import { AppError } from '../../shared/app-error.js';
import { recordAudit } from '../audit/index.js';
import { moveOrder } from './applications.service.js';
import {
  journalByKey,
  journalIdByKey,
  journalIdsOfOrderFrom,
  loadJournal,
  postJournals,
  type JournalToPost,
} from '../ledger/index.js';
import {
  mustTransition,
  runKeyedOrderCommand,
  runOrderCommand,
  type CommandContext,
  type LoanBookDeps,
} from './order-command.js';
import { balanceColumns, balancesOf } from './orders.repository.js';
import { termsFromJson } from './paise-json.js';
import {
  countFailedDisbursals,
  findPayout,
  findPayoutInstructionRow,
  insertPayout,
  insertPayoutUnlessLive,
  lockPayout,
  markQueuedPayoutUnknown,
  payoutInstructionRowsIn,
  updatePayout,
  type PayoutInstructionRow,
  type PayoutPatch,
} from './payouts.repository.js';
import type { PayoutRow } from './payouts.table.js';
import { countLiveRepayments } from './repayments.repository.js';
import { orderResult } from './results.js';

/**
 * Commits the payout intent before any gateway call: the payout row (queued), the order to
 * DISBURSING and the float reserved, in one transaction. Same key → the original result;
 * a retry after failure needs a new key; one live payout per order (unique index).
 */
export function createPayout(
  deps: LoanBookDeps,
  input: { orderId: number; idempotencyKey: string; channel: string },
  actorId: number | null,
) {
  return runKeyedOrderCommand(deps, 'createPayout', input, async (ctx) => {
    const event = ctx.order.status === 'DISBURSEMENT_FAILED' ? 'retryPayout' : 'createPayout';
    const { to } = mustTransition(ctx.order, event);
    if (ctx.order.revisedKfsPendingSince !== null) {
      throw new AppError('orderStateConflict', {
        field: ctx.order.orderNo,
        detail: 'the borrower has not yet accepted the key fact statement of the approved amount',
      });
    }
    const terms = termsFromJson(ctx.order.terms);
    const quote = quoteDisbursal(terms, ctx.order.principalPaise);
    const { netDisbursed } = quote;
    const failCount = await countFailedDisbursals(ctx.tx, ctx.order.id);
    const payout = await insertPayout(ctx.tx, {
      orderId: ctx.order.id,
      purpose: 'disbursal',
      idempotencyKey: input.idempotencyKey,
      amountPaise: netDisbursed,
      grossPaise: quote.principal,
      feeWithheldPaise: quote.processingFee,
      gstWithheldPaise: quote.gstOnFee,
      status: 'queued',
      channel: input.channel,
      failCount,
      createdBy: actorId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    await postJournals(ctx.tx, [
      {
        orderId: ctx.order.id,
        journal: postingsFor({ type: 'payoutReservation', amount: netDisbursed }),
        idempotencyKey: `payout:${payout.id}:reserve`,
        businessDate: ctx.businessDate,
        at: ctx.now,
      },
    ]);
    const updated = await moveOrder(ctx, event, to, actorId, {});
    return orderResult(updated, { payoutId: payout.id, amountPaise: netDisbursed });
  });
}

export type PayoutOutcome =
  | { status: 'processing' }
  | { status: 'processed'; utr: string; processedDate?: string }
  | { status: 'failed'; errorMessage: string }
  | { status: 'reversed'; errorMessage: string };

type OutcomeOf<S extends PayoutOutcome['status']> = Extract<PayoutOutcome, { status: S }>;

function payoutNotFound(payoutId: number) {
  return new AppError('notFound', { field: 'payoutId', detail: String(payoutId) });
}

const OPEN_PAYOUT = ['queued', 'processing', 'unknown'] as const;

/** One gateway outcome being applied to its payout, inside the order's command. */
interface OutcomeStep {
  ctx: CommandContext;
  /** The payout as locked, before the outcome. */
  payout: PayoutRow;
  isOpen: boolean;
  actorId: number | null;
  setPayout: (patch: PayoutPatch) => Promise<unknown>;
  audit: (after: unknown) => Promise<void>;
}

function outcomeStep(
  ctx: CommandContext,
  payout: PayoutRow,
  outcome: PayoutOutcome,
  actorId: number | null,
): OutcomeStep {
  return {
    ctx,
    payout,
    isOpen: (OPEN_PAYOUT as readonly string[]).includes(payout.status),
    actorId,
    setPayout: (patch) => updatePayout(ctx.tx, payout.id, { ...patch, updatedAt: ctx.now }),
    audit: (after) =>
      recordAudit(ctx.tx, {
        actorId,
        action: `payout.${outcome.status}`,
        targetType: 'payout',
        targetId: payout.id,
        before: { status: payout.status },
        after,
        at: ctx.now,
      }),
  };
}

/**
 * A gateway outcome (webhook or status lookup). Delivered more than once or out of order: an
 * outcome the payout already has is answered with the current state and changes nothing.
 * processed → the loan opens on the processed date (day 0) with the disbursal journal;
 * failed → DISBURSEMENT_FAILED; reversed (after processed) → the loan's journals are reversed.
 */
export async function recordPayoutResult(
  deps: LoanBookDeps,
  payoutId: number,
  outcome: PayoutOutcome,
  actorId: number | null = null,
) {
  const found = await findPayout(deps.db, payoutId);
  if (!found) throw payoutNotFound(payoutId);
  return runOrderCommand(deps, { orderId: found.orderId, command: 'payoutResult' }, async (ctx) => {
    const payout = await lockPayout(ctx.tx, payoutId);
    if (!payout) throw payoutNotFound(payoutId);
    const step = outcomeStep(ctx, payout, outcome, actorId);

    if (outcome.status === 'processing') {
      // The gateway has it: a queued or unknown payout is now processing (never backwards).
      if (payout.status === 'queued' || payout.status === 'unknown')
        await step.setPayout({ status: 'processing' });
      return orderResult(ctx.order, { payoutId: payout.id });
    }
    if (payout.status === outcome.status || (!step.isOpen && outcome.status !== 'reversed')) {
      return orderResult(ctx.order, { payoutId: payout.id }); // duplicate or late delivery
    }
    if (payout.purpose === 'refund') return refundOutcome(step, outcome);

    const release = await reservationRelease(step);
    if (outcome.status === 'processed') return applyProcessed(step, outcome, release);
    if (outcome.status === 'failed') return applyFailed(step, outcome, release);
    return applyReversed(step, outcome, release);
  });
}

/** Posts nothing: builds the journal that gives the float reserved for the payout back. */
async function reservationRelease(step: OutcomeStep): Promise<() => Promise<JournalToPost>> {
  const { ctx, payout } = step;
  const reservationId = await journalIdByKey(ctx.tx, `payout:${payout.id}:reserve`);
  return async () => {
    const original = await loadJournal(ctx.tx, reservationId!);
    return {
      orderId: ctx.order.id,
      journal: postingsFor({ type: 'reversal', original }),
      idempotencyKey: `payout:${payout.id}:release`,
      businessDate: ctx.businessDate,
      at: ctx.now,
      reversesJournalId: reservationId!,
    };
  };
}

/** Processed and failed only follow an open payout; a closed one was decided otherwise. */
function mustBeOpen({ ctx, payout, isOpen }: OutcomeStep) {
  if (!isOpen)
    throw new AppError('orderStateConflict', {
      field: ctx.order.orderNo,
      detail: `payout ${payout.status}`,
    });
}

async function applyProcessed(
  step: OutcomeStep,
  outcome: OutcomeOf<'processed'>,
  release: () => Promise<JournalToPost>,
) {
  const { ctx, payout } = step;
  mustBeOpen(step);
  const { to } = mustTransition(ctx.order, 'payoutProcessed');
  const date = outcome.processedDate ?? ctx.businessDate;
  const terms = termsFromJson(ctx.order.terms);
  const disbursal = disburse(terms, ctx.order.principalPaise, date);
  await postJournals(ctx.tx, [
    await release(),
    {
      orderId: ctx.order.id,
      journal: disbursal.journals[0]!,
      idempotencyKey: `payout:${payout.id}:disbursal`,
      businessDate: date,
      at: ctx.now,
    },
  ]);
  await step.setPayout({ status: 'processed', utr: outcome.utr, processedDate: date });
  await step.audit({ status: 'processed', utr: outcome.utr, processedDate: date });
  const updated = await moveOrder(ctx, 'payoutProcessed', to, step.actorId, {
    ...balanceColumns(disbursal.loan),
    dayEndDate: disbursal.loan.accruedThrough,
    overdueDays: 0,
    overdueBand: null,
    rbiClass: 'STANDARD',
  });
  return orderResult(updated, { payoutId: payout.id });
}

async function applyFailed(
  step: OutcomeStep,
  outcome: OutcomeOf<'failed'>,
  release: () => Promise<JournalToPost>,
) {
  const { ctx, payout } = step;
  mustBeOpen(step);
  const { to } = mustTransition(ctx.order, 'payoutFailed');
  await postJournals(ctx.tx, [await release()]);
  await step.setPayout({ status: 'failed', errorMessage: outcome.errorMessage });
  await step.audit({ status: 'failed', errorMessage: outcome.errorMessage });
  const updated = await moveOrder(ctx, 'payoutFailed', to, step.actorId, {}, outcome.errorMessage);
  return orderResult(updated, { payoutId: payout.id });
}

/** Reversed: from processed (the loan is undone) or still open (treated as failed money-wise). */
async function applyReversed(
  step: OutcomeStep,
  outcome: OutcomeOf<'reversed'>,
  release: () => Promise<JournalToPost>,
) {
  const { ctx, payout } = step;
  const { to } = mustTransition(ctx.order, 'payoutReversed');
  if (step.isOpen) {
    await postJournals(ctx.tx, [await release()]);
  } else {
    await reverseDisbursal(step);
  }
  await step.setPayout({ status: 'reversed', errorMessage: outcome.errorMessage });
  await step.audit({ status: 'reversed', errorMessage: outcome.errorMessage });
  const loan = balancesOf(ctx.order);
  const updated = await moveOrder(
    ctx,
    'payoutReversed',
    to,
    step.actorId,
    loan
      ? {
          ...balanceColumns({
            ...loan,
            outstanding: zeroAmounts(),
            penalCharged: 0n,
            principalDisbursed: 0n,
          }),
          disbursalDate: null,
          dueDate: null,
          accruedThroughDate: null,
          dayEndDate: null,
          overdueDays: 0,
          overdueBand: null,
          rbiClass: null,
        }
      : {},
    outcome.errorMessage,
  );
  return orderResult(updated, { payoutId: payout.id });
}

/** Undo the disbursal and every accrual since, newest first: the receivables return to zero. */
async function reverseDisbursal({ ctx, payout }: OutcomeStep) {
  if ((await countLiveRepayments(ctx.tx, ctx.order.id)) > 0) {
    throw new AppError('orderStateConflict', {
      field: ctx.order.orderNo,
      detail: 'repaid (reverse the repayments first)',
    });
  }
  const disbursal = await journalByKey(ctx.tx, `payout:${payout.id}:disbursal`);
  const since = await journalIdsOfOrderFrom(ctx.tx, ctx.order.id, disbursal!.id);
  const reversals = [];
  for (const id of since.reverse()) {
    const original = await loadJournal(ctx.tx, id);
    reversals.push({
      orderId: ctx.order.id,
      journal: postingsFor({ type: 'reversal', original }),
      idempotencyKey: `payout:${payout.id}:reverse:${id}`,
      businessDate: ctx.businessDate,
      at: ctx.now,
      reversesJournalId: id,
    });
  }
  await postJournals(ctx.tx, reversals);
}

async function refundOutcome(
  { ctx, payout, setPayout, audit }: OutcomeStep,
  outcome: PayoutOutcome,
) {
  if (outcome.status === 'processed') {
    const { to } = mustTransition(ctx.order, 'refundProcessed');
    await postJournals(ctx.tx, [
      {
        orderId: ctx.order.id,
        journal: postingsFor({ type: 'refund', amount: payout.amountPaise }),
        idempotencyKey: `payout:${payout.id}:refund`,
        businessDate: outcome.processedDate ?? ctx.businessDate,
        at: ctx.now,
      },
    ]);
    await setPayout({
      status: 'processed',
      utr: outcome.utr,
      processedDate: outcome.processedDate ?? ctx.businessDate,
    });
    await audit({ status: 'processed', utr: outcome.utr });
    const updated = await moveOrder(ctx, 'refundProcessed', to, null, {
      overpaidPaise: 0n,
      clearedDate: ctx.businessDate,
    });
    return orderResult(updated, { payoutId: payout.id });
  }
  // A failed or reversed refund leaves the order OVERPAID: the money is still owed back.
  const errorMessage = 'errorMessage' in outcome ? outcome.errorMessage : null;
  await setPayout({ status: outcome.status as PayoutRow['status'], errorMessage });
  await audit({ status: outcome.status, errorMessage });
  return orderResult(ctx.order, { payoutId: payout.id });
}

/** Refund of an overpayment: a refund payout of the held excess; CLEARED when it is processed. */
export function createRefund(
  deps: LoanBookDeps,
  input: { orderId: number; idempotencyKey: string; channel: string },
  actorId: number | null,
) {
  return runKeyedOrderCommand(deps, 'createRefund', input, async (ctx) => {
    if (ctx.order.status !== 'OVERPAID' || ctx.order.overpaidPaise === 0n) {
      throw new AppError('orderStateConflict', {
        field: ctx.order.orderNo,
        detail: ctx.order.status,
      });
    }
    const payout = await insertPayoutUnlessLive(ctx.tx, {
      orderId: ctx.order.id,
      purpose: 'refund',
      idempotencyKey: input.idempotencyKey,
      amountPaise: ctx.order.overpaidPaise,
      grossPaise: ctx.order.overpaidPaise,
      feeWithheldPaise: 0n,
      gstWithheldPaise: 0n,
      status: 'queued',
      channel: input.channel,
      createdBy: actorId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    if (!payout)
      throw new AppError('orderStateConflict', {
        field: ctx.order.orderNo,
        detail: 'refund already in progress',
      });
    await recordAudit(ctx.tx, {
      actorId,
      action: 'payout.refund',
      targetType: 'payout',
      targetId: payout.id,
      after: { amount: payout.amountPaise },
      at: ctx.now,
    });
    return orderResult(ctx.order, { payoutId: payout.id, amountPaise: payout.amountPaise });
  });
}

/** What a payout gateway needs to send one payout: amount, key and the borrower's own account. */
export interface PayoutInstruction {
  payoutId: number;
  orderId: number;
  purpose: PayoutRow['purpose'];
  status: PayoutRow['status'];
  idempotencyKey: string;
  amountPaise: bigint;
  beneficiary: { name: string; accountNumber: string; ifsc: string; verified: boolean };
  updatedAt: Date;
}

function toInstruction(row: PayoutInstructionRow): PayoutInstruction {
  return {
    payoutId: row.payoutId,
    orderId: row.orderId,
    purpose: row.purpose,
    status: row.status,
    idempotencyKey: row.idempotencyKey,
    amountPaise: row.amountPaise,
    beneficiary: {
      name: row.name,
      accountNumber: row.accountNumber,
      ifsc: row.ifsc,
      verified: row.verified,
    },
    updatedAt: row.updatedAt,
  };
}

export async function payoutInstruction(
  db: Executor,
  payoutId: number,
): Promise<PayoutInstruction | undefined> {
  const row = await findPayoutInstructionRow(db, payoutId);
  return row ? toInstruction(row) : undefined;
}

/** Payouts whose outcome the book does not know yet (queued, processing, unknown), oldest first. */
export async function openPayouts(db: Executor, limit = 500): Promise<PayoutInstruction[]> {
  const rows = await payoutInstructionRowsIn(db, OPEN_PAYOUT, limit);
  return rows.map(toInstruction);
}

/**
 * The gateway call's outcome is unknown (timeout, lost reply): the payout keeps its funds
 * reserved and its order DISBURSING until a status lookup, a retry with the same key or a
 * webhook says what happened (docs/security.md). Only a queued payout becomes unknown: once the
 * gateway has reported it (processing), its outcome is the gateway's to tell.
 */
export function markPayoutUnknown(
  db: Executor,
  payoutId: number,
  reason: string,
  at: Date,
): Promise<boolean> {
  return markQueuedPayoutUnknown(db, payoutId, reason.slice(0, 500), at);
}
