import {
  aprForKeyFacts,
  coolingOffDays,
  dailyInterest,
  daysPastDue,
  dueAmount,
  quoteDisbursal,
  type LoanProductTerms,
  type OrderEvent,
  type OrderStatus,
} from '@lending/lending';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { paiseToJson } from '../../shared/paise.js';
import { recordAudit } from '../audit/index.js';
import { insertClassHistory } from './asset-classes.repository.js';
import { customerExists } from './customers.repository.js';
import { recogniseIncome } from './income-recognition.js';
import type { LoanOrderRow } from './loan-orders.table.js';
import {
  auditView,
  mustTransition,
  runOrderCommand,
  type CommandContext,
  type LoanBookDeps,
} from './order-command.js';
import {
  insertOrder,
  insertStatusHistory,
  nextOrderNumberSql,
  updateOrder,
  type OrderPatch,
} from './orders.repository.js';
import { termsFromJson, termsToJson, type KeyFactStatementJson } from './paise-json.js';
import { findProduct } from './products.repository.js';
import { termsOfProduct } from './products.service.js';
import { orderResult } from './results.js';
import type { ReviewScope } from './review-ports.js';

/** Evidence that the borrower accepted the key fact statement before the loan (RBI). */
export interface KfsAcceptance {
  acceptedAt: Date;
  channel: string;
  otpReference: string;
}

export interface SubmitApplicationInput {
  customerId: number;
  productId: number;
  principalPaise: bigint;
  acceptance: KfsAcceptance;
  applicantFeatures?: Record<string, unknown>;
}

/** What the key fact statement says for a principal under the order's terms (engine figures). */
function amountsFor(terms: LoanProductTerms, principalPaise: bigint) {
  const quote = quoteDisbursal(terms, principalPaise);
  const due = dueAmount(terms, principalPaise);
  const apr = aprForKeyFacts(terms, principalPaise);
  const keyFacts: KeyFactStatementJson = {
    principalPaise: paiseToJson(quote.principal),
    processingFeePaise: paiseToJson(quote.processingFee),
    gstOnFeePaise: paiseToJson(quote.gstOnFee),
    netDisbursedPaise: paiseToJson(quote.netDisbursed),
    totalInterestPaise: paiseToJson(BigInt(terms.tenorDays) * dailyInterest(terms, principalPaise)),
    dueAmountPaise: paiseToJson(due),
    aprPercent: apr.percent,
    tenorDays: terms.tenorDays,
    interestPerDayPpm: terms.interestPerDayPpm,
    ...(terms.penalPerDayPaise !== undefined
      ? { penalPerDayPaise: paiseToJson(terms.penalPerDayPaise) }
      : {}),
    ...(terms.penalPerDayPpm !== undefined ? { penalPerDayPpm: terms.penalPerDayPpm } : {}),
    penalCapPpm: terms.penalCapPpm,
    coolingOffDays: coolingOffDays(terms),
  };
  return { quote, due, apr, keyFacts };
}

/**
 * Creates the order with the product's terms snapshotted and its key fact statement (APR from
 * the engine, total due), then submits it to machine review.
 */
export async function submitApplication(
  deps: LoanBookDeps,
  input: SubmitApplicationInput,
  actorId: number | null,
) {
  const now = deps.clock.now();
  const today = indiaDateOf(now);
  return deps.db.transaction(async (tx) => {
    const product = await findProduct(tx, input.productId);
    if (!product)
      throw new AppError('notFound', { field: 'productId', detail: String(input.productId) });
    if (product.status !== 'available') {
      throw new AppError('orderStateConflict', { field: product.name, detail: 'unavailable' });
    }
    if (!(await customerExists(tx, input.customerId)))
      throw new AppError('notFound', { field: 'customerId', detail: String(input.customerId) });
    const terms = termsOfProduct(product);
    if (input.principalPaise < terms.minPrincipal || input.principalPaise > terms.maxPrincipal) {
      throw AppError.invalid('principalPaise', 'outside the product limits');
    }
    const { quote, due, apr, keyFacts } = amountsFor(terms, input.principalPaise);
    const submitted = mustTransition({ orderNo: 'new', status: 'APPLIED' }, 'submit');
    const order = await insertOrder(tx, {
      orderNo: nextOrderNumberSql(today),
      customerId: input.customerId,
      productId: product.id,
      productVersion: product.version,
      productKind: product.kind,
      terms: termsToJson(terms),
      principalPaise: quote.principal,
      processingFeePaise: quote.processingFee,
      gstOnFeePaise: quote.gstOnFee,
      netDisbursedPaise: quote.netDisbursed,
      dueAmountPaise: due,
      tenorDays: terms.tenorDays,
      status: submitted.to,
      lastEvent: 'submit',
      keyFacts,
      aprBasisPoints: Number(apr.basisPoints),
      kfsAcceptedAt: input.acceptance.acceptedAt,
      kfsChannel: input.acceptance.channel,
      kfsOtpReference: input.acceptance.otpReference,
      applicantFeatures: input.applicantFeatures ?? {},
      appliedAt: now,
      updatedAt: now,
    });
    await insertStatusHistory(tx, [
      { orderId: order.id, from: null, to: 'APPLIED', event: 'create', actorId, at: now },
      { orderId: order.id, from: 'APPLIED', to: submitted.to, event: 'submit', actorId, at: now },
    ]);
    await recordAudit(tx, {
      actorId,
      action: 'order.submit',
      targetType: 'order',
      targetId: order.id,
      after: auditView(order),
      at: now,
    });
    return order;
  });
}

/**
 * Moves the order by one event: guarded update, income recognition on what the command took off
 * or added (income-recognition.ts), status and asset-class history and audit, in the caller's
 * transaction.
 */
export async function moveOrder(
  ctx: CommandContext,
  event: OrderEvent,
  to: OrderStatus,
  actorId: number | null,
  patch: OrderPatch,
  reason?: string | null,
): Promise<LoanOrderRow> {
  const updated = await updateOrder(ctx, {
    ...(await recogniseIncome(ctx, patch)),
    status: to,
    lastEvent: event,
    updatedAt: ctx.now,
  });
  if (
    ctx.order.rbiClass !== null &&
    updated.rbiClass !== null &&
    updated.rbiClass !== ctx.order.rbiClass
  ) {
    // Only a loan paid off changes class outside the day-end (it is standard once nothing is
    // owed); a payout reversed undoes the loan, which leaves it no class at all.
    await insertClassHistory(ctx.tx, [
      {
        orderId: ctx.order.id,
        customerId: ctx.order.customerId,
        businessDate: ctx.businessDate,
        fromClass: ctx.order.rbiClass,
        toClass: updated.rbiClass,
        daysPastDue: daysPastDue(ctx.order.overdueSince, ctx.businessDate),
        reason: 'paid',
        at: ctx.now,
      },
    ]);
  }
  if (to !== ctx.order.status) {
    await insertStatusHistory(ctx.tx, [
      { orderId: ctx.order.id, from: ctx.order.status, to, event, actorId, at: ctx.now, reason },
    ]);
  }
  await recordAudit(ctx.tx, {
    actorId,
    action: `order.${event}`,
    targetType: 'order',
    targetId: ctx.order.id,
    before: auditView(ctx.order),
    after: { ...auditView(updated), ...(reason ? { reason } : {}) },
    at: ctx.now,
  });
  return updated;
}

/**
 * Machine review: riskConfig's checks and the published rule-set version decide (pass, refer or
 * reject) and every rule's value, hit and score is recorded (the risk module, through
 * `deps.machineReview`); pass and refer go on to first review, queued to the least-loaded
 * reviewer.
 */
export function runMachineReview(deps: LoanBookDeps, orderId: number) {
  return runOrderCommand(deps, { orderId, command: 'machineReview' }, async (ctx) => {
    if (ctx.order.status !== 'MACHINE_REVIEW') mustTransition(ctx.order, 'machinePass');
    const verdict = await deps.machineReview.decide(ctx.tx, ctx.order, ctx.now);
    // What the state machine sees: reject, or pass on to first review (a refer goes on too).
    const result = verdict.decision === 'reject' ? 'reject' : 'pass';
    const event = result === 'pass' ? 'machinePass' : 'machineReject';
    const { to } = mustTransition(ctx.order, event);
    const updated = await moveOrder(
      ctx,
      event,
      to,
      null,
      {
        ruleSetVersion: verdict.version,
        machineScore: verdict.score,
        machineResult: result,
        machineReviewedAt: ctx.now,
      },
      verdict.checksFailed.length > 0
        ? `risk checks: ${verdict.checksFailed.join(', ')}`
        : verdict.hardFail
          ? 'hard rule hit'
          : verdict.decision === 'refer'
            ? 'machine refer'
            : null,
    );
    if (to === 'FIRST_REVIEW') {
      await deps.reviewWork.queueForReview(ctx.tx, updated, 'first', ctx.now);
    }
    return orderResult(updated);
  });
}

/** Service callers (simulator, factories) act with full reach; routes pass the caller's scope. */
const fullReach = (reviewerId: number): ReviewScope => ({ callerId: reviewerId, seesAll: true });

export interface FirstReviewInput {
  orderId: number;
  decision: 'pass' | 'reject';
  /** The remarks ('fill remarks'); required to reject through the API. */
  reason?: string | undefined;
  rejectionCodeId?: number | undefined;
  /** 'select final reviewer': never the first reviewer; least-loaded when absent. */
  finalReviewerId?: number | undefined;
  checklist?: Record<string, boolean> | undefined;
}

export function firstReview(
  deps: LoanBookDeps,
  input: FirstReviewInput,
  reviewerId: number,
  scope: ReviewScope = fullReach(reviewerId),
) {
  return runOrderCommand(deps, { orderId: input.orderId, command: 'firstReview' }, async (ctx) => {
    await deps.reviewWork.assertReach(ctx.tx, ctx.order.id, 'first', scope);
    const event = input.decision === 'pass' ? 'firstPass' : 'firstReject';
    const { to } = mustTransition(ctx.order, event);
    if (input.rejectionCodeId !== undefined) {
      await deps.reviewWork.useRejectionCode(ctx.tx, ctx.order, {
        codeId: input.rejectionCodeId,
        stage: 'first',
        rejecting: input.decision === 'reject',
        actorId: reviewerId,
        now: ctx.now,
      });
    }
    await deps.reviewWork.closeTask(
      ctx.tx,
      ctx.order,
      'first',
      input.decision,
      scope,
      { rejectionCodeId: input.rejectionCodeId, remarks: input.reason, checklist: input.checklist },
      ctx.now,
    );
    const updated = await moveOrder(
      ctx,
      event,
      to,
      reviewerId,
      {
        firstReviewerId: reviewerId,
        firstReviewedAt: ctx.now,
        ...(input.decision === 'reject' ? { reason: input.reason ?? null } : {}),
      },
      input.reason,
    );
    if (to === 'FINAL_REVIEW') {
      await deps.reviewWork.queueForReview(
        ctx.tx,
        updated,
        'final',
        ctx.now,
        input.finalReviewerId !== undefined
          ? { reviewerId: input.finalReviewerId, field: 'finalReviewerId' }
          : undefined,
      );
    }
    return orderResult(updated);
  });
}

export interface FinalReviewInput {
  orderId: number;
  decision: 'pass' | 'reject' | 'sendBack';
  reason?: string | undefined;
  rejectionCodeId?: number | undefined;
  /** Final pass: the approved amount, ≤ applied and ≥ the product's minimum. */
  approvedPrincipalPaise?: bigint | undefined;
  checklist?: Record<string, boolean> | undefined;
}

/**
 * Maker-checker: the engine refuses a final reviewer who was the first reviewer. A pass may
 * lower the amount (the key fact statement is recomputed by the engine); a send-back queues
 * the order for its first reviewer again.
 */
export function finalReview(
  deps: LoanBookDeps,
  input: FinalReviewInput,
  reviewerId: number,
  scope: ReviewScope = fullReach(reviewerId),
) {
  return runOrderCommand(deps, { orderId: input.orderId, command: 'finalReview' }, async (ctx) => {
    await deps.reviewWork.assertReach(ctx.tx, ctx.order.id, 'final', scope);
    const event =
      input.decision === 'pass'
        ? 'finalPass'
        : input.decision === 'reject'
          ? 'finalReject'
          : 'sendBack';
    const { to } = mustTransition(ctx.order, event, {
      ...(ctx.order.firstReviewerId !== null
        ? { firstReviewerId: String(ctx.order.firstReviewerId) }
        : {}),
      finalReviewerId: String(reviewerId),
    });
    if (input.rejectionCodeId !== undefined) {
      await deps.reviewWork.useRejectionCode(ctx.tx, ctx.order, {
        codeId: input.rejectionCodeId,
        stage: 'final',
        rejecting: input.decision === 'reject',
        actorId: reviewerId,
        now: ctx.now,
      });
    }
    let amounts: OrderPatch = {};
    const approved = input.decision === 'pass' ? input.approvedPrincipalPaise : undefined;
    if (approved !== undefined && approved !== ctx.order.principalPaise) {
      const terms = termsFromJson(ctx.order.terms);
      if (approved > ctx.order.principalPaise) {
        throw AppError.invalid('approvedPrincipalPaise', 'higher than the amount applied for');
      }
      if (approved < terms.minPrincipal) {
        throw AppError.invalid('approvedPrincipalPaise', "lower than the product's minimum");
      }
      const { quote, due, apr, keyFacts } = amountsFor(terms, approved);
      amounts = {
        principalPaise: quote.principal,
        processingFeePaise: quote.processingFee,
        gstOnFeePaise: quote.gstOnFee,
        netDisbursedPaise: quote.netDisbursed,
        dueAmountPaise: due,
        keyFacts,
        aprBasisPoints: Number(apr.basisPoints),
        revisedKfsPendingSince: ctx.now,
      };
    }
    await deps.reviewWork.closeTask(
      ctx.tx,
      ctx.order,
      'final',
      input.decision,
      scope,
      {
        rejectionCodeId: input.rejectionCodeId,
        remarks: input.reason,
        checklist: input.checklist,
        approvedPrincipalPaise:
          input.decision === 'pass' ? (approved ?? ctx.order.principalPaise) : undefined,
      },
      ctx.now,
    );
    const updated = await moveOrder(
      ctx,
      event,
      to,
      reviewerId,
      {
        finalReviewerId: reviewerId,
        finalReviewedAt: ctx.now,
        ...amounts,
        ...(input.decision === 'reject' ? { reason: input.reason ?? null } : {}),
      },
      input.reason,
    );
    if (to === 'FIRST_REVIEW') {
      // Back to the reviewer who passed it, when they can still take it; else least-loaded.
      const firstId = ctx.order.firstReviewerId;
      try {
        await deps.reviewWork.queueForReview(
          ctx.tx,
          updated,
          'first',
          ctx.now,
          firstId !== null ? { reviewerId: firstId, field: 'orderId' } : undefined,
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await deps.reviewWork.queueForReview(ctx.tx, updated, 'first', ctx.now);
      }
    }
    return orderResult(updated);
  });
}

const REJECT_EVENT: Partial<Record<OrderStatus, OrderEvent>> = {
  MACHINE_REVIEW: 'machineReject',
  FIRST_REVIEW: 'firstReject',
  FINAL_REVIEW: 'finalReject',
};

/** Rejects at whichever review stage the order is in. */
export function rejectOrder(
  deps: LoanBookDeps,
  input: { orderId: number; reason: string },
  actorId: number,
) {
  return runOrderCommand(deps, { orderId: input.orderId, command: 'reject' }, async (ctx) => {
    const event = REJECT_EVENT[ctx.order.status];
    if (!event)
      throw new AppError('orderStateConflict', {
        field: ctx.order.orderNo,
        detail: ctx.order.status,
      });
    const isFinal = event === 'finalReject';
    const { to } = mustTransition(
      ctx.order,
      event,
      isFinal
        ? {
            ...(ctx.order.firstReviewerId !== null
              ? { firstReviewerId: String(ctx.order.firstReviewerId) }
              : {}),
            finalReviewerId: String(actorId),
          }
        : {},
    );
    const reviewer =
      event === 'firstReject'
        ? { firstReviewerId: actorId, firstReviewedAt: ctx.now }
        : isFinal
          ? { finalReviewerId: actorId, finalReviewedAt: ctx.now }
          : {};
    if (event !== 'machineReject') {
      await deps.reviewWork.closeTask(
        ctx.tx,
        ctx.order,
        isFinal ? 'final' : 'first',
        'reject',
        fullReach(actorId),
        { remarks: input.reason },
        ctx.now,
      );
    }
    const updated = await moveOrder(
      ctx,
      event,
      to,
      actorId,
      { ...reviewer, reason: input.reason },
      input.reason,
    );
    return orderResult(updated);
  });
}

/**
 * A machine rejection sent to people by a permission holder with a reason code: the order
 * goes to first review (never straight to approved), recorded and audited. Only an order the
 * machine rejected qualifies; a second referral finds it no longer rejected (409).
 */
export function referMachineRejection(
  deps: LoanBookDeps,
  input: { orderId: number; reasonCode: string; remarks: string },
  actorId: number,
) {
  return runOrderCommand(deps, { orderId: input.orderId, command: 'manualRefer' }, async (ctx) => {
    const rejectedBy =
      ctx.order.status === 'REJECTED' &&
      ctx.order.machineResult === 'reject' &&
      ctx.order.firstReviewerId === null
        ? 'machine'
        : 'staff';
    const { to } = mustTransition(ctx.order, 'manualRefer', { rejectedBy });
    await deps.reviewWork.recordMachineReferral(ctx.tx, {
      orderId: ctx.order.id,
      reasonCode: input.reasonCode,
      remarks: input.remarks,
      referredBy: actorId,
      at: ctx.now,
    });
    const updated = await moveOrder(
      ctx,
      'manualRefer',
      to,
      actorId,
      { reason: null },
      `${input.reasonCode}: ${input.remarks}`,
    );
    await deps.reviewWork.queueForReview(ctx.tx, updated, 'first', ctx.now);
    return orderResult(updated);
  });
}

export function cancelOrder(
  deps: LoanBookDeps,
  input: { orderId: number; reason: string },
  actorId: number | null,
) {
  return runOrderCommand(deps, { orderId: input.orderId, command: 'cancel' }, async (ctx) => {
    const { to } = mustTransition(ctx.order, 'cancel');
    await deps.reviewWork.dropOpenTasks(ctx.tx, ctx.order.id);
    const updated = await moveOrder(
      ctx,
      'cancel',
      to,
      actorId,
      { reason: input.reason },
      input.reason,
    );
    return orderResult(updated);
  });
}

/**
 * The borrower accepts the key fact statement of a lowered amount (RBI: the KFS the borrower
 * accepted must be the loan's): the acceptance evidence is replaced and the payout is no longer
 * held. Only an approved order whose revised statement waits can be accepted.
 */
export function acceptRevisedKeyFacts(
  deps: LoanBookDeps,
  input: { orderId: number; acceptance: KfsAcceptance },
) {
  return runOrderCommand(
    deps,
    { orderId: input.orderId, command: 'acceptRevisedKeyFacts' },
    async (ctx) => {
      if (
        ctx.order.status !== 'PENDING_DISBURSEMENT' ||
        ctx.order.revisedKfsPendingSince === null
      ) {
        throw new AppError('orderStateConflict', {
          field: ctx.order.orderNo,
          detail: 'no revised key fact statement awaits acceptance',
        });
      }
      const updated = await updateOrder(ctx, {
        kfsAcceptedAt: input.acceptance.acceptedAt,
        kfsChannel: input.acceptance.channel,
        kfsOtpReference: input.acceptance.otpReference,
        revisedKfsPendingSince: null,
        updatedAt: ctx.now,
      });
      await recordAudit(ctx.tx, {
        actorId: null,
        action: 'order.acceptRevisedKeyFacts',
        targetType: 'order',
        targetId: ctx.order.id,
        before: auditView(ctx.order),
        after: auditView(updated),
        at: ctx.now,
      });
      return orderResult(updated);
    },
  );
}
