import { eq } from 'drizzle-orm';
import {
  aprForKeyFacts,
  coolingOffDays,
  dailyInterest,
  dueAmount,
  quoteDisbursal,
  type OrderEvent,
  type OrderStatus,
} from '@lending/lending';
import { AppError } from '../../shared/app-error.js';
import { indiaDateOf } from '../../shared/india-date.js';
import { paiseToJson } from '../../shared/paise.js';
import { customers } from './customers.table.js';
import { loanOrders, type LoanOrderRow } from './loan-orders.table.js';
import {
  auditView,
  mustTransition,
  runOrderCommand,
  writeAudit,
  type CommandContext,
  type LoanBookDeps,
} from './order-command.js';
import {
  insertStatusHistory,
  nextOrderNumberSql,
  updateOrder,
  type OrderPatch,
} from './orders.repository.js';
import { termsToJson, type KeyFactStatementJson } from './paise-json.js';
import { findProduct, termsOfProduct } from './products.service.js';
import { enabledRuleSet, insertRuleResults } from './risk.repository.js';
import { evaluateRules } from './risk-rules.js';
import { orderResult } from './results.js';

export interface SubmitApplicationInput {
  customerId: number;
  productId: number;
  principalPaise: bigint;
  /** Evidence that the borrower accepted the key fact statement before the loan (RBI). */
  acceptance: { acceptedAt: Date; channel: string; otpReference: string };
  applicantFeatures?: Record<string, unknown>;
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
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, input.customerId));
    if (!customer)
      throw new AppError('notFound', { field: 'customerId', detail: String(input.customerId) });
    const terms = termsOfProduct(product);
    if (input.principalPaise < terms.minPrincipal || input.principalPaise > terms.maxPrincipal) {
      throw AppError.invalid('principalPaise', 'outside the product limits');
    }
    const quote = quoteDisbursal(terms, input.principalPaise);
    const due = dueAmount(terms, input.principalPaise);
    const apr = aprForKeyFacts(terms, input.principalPaise);
    const keyFacts: KeyFactStatementJson = {
      principalPaise: paiseToJson(quote.principal),
      processingFeePaise: paiseToJson(quote.processingFee),
      gstOnFeePaise: paiseToJson(quote.gstOnFee),
      netDisbursedPaise: paiseToJson(quote.netDisbursed),
      totalInterestPaise: paiseToJson(
        BigInt(terms.tenorDays) * dailyInterest(terms, input.principalPaise),
      ),
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
    const submitted = mustTransition({ orderNo: 'new', status: 'APPLIED' }, 'submit');
    const [order] = await tx
      .insert(loanOrders)
      .values({
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
      })
      .returning();
    await insertStatusHistory(tx, [
      { orderId: order!.id, from: null, to: 'APPLIED', event: 'create', actorId, at: now },
      { orderId: order!.id, from: 'APPLIED', to: submitted.to, event: 'submit', actorId, at: now },
    ]);
    await writeAudit(tx, {
      actorId,
      action: 'order.submit',
      targetType: 'order',
      targetId: order!.id,
      after: auditView(order!),
      at: now,
    });
    return order!;
  });
}

/** Moves the order by one event: guarded update, status history and audit, in the caller's transaction. */
export async function moveOrder(
  ctx: CommandContext,
  event: OrderEvent,
  to: OrderStatus,
  actorId: number | null,
  patch: OrderPatch,
  reason?: string | null,
): Promise<LoanOrderRow> {
  const updated = await updateOrder(ctx.tx, ctx.order, {
    ...patch,
    status: to,
    lastEvent: event,
    updatedAt: ctx.now,
  });
  if (to !== ctx.order.status) {
    await insertStatusHistory(ctx.tx, [
      { orderId: ctx.order.id, from: ctx.order.status, to, event, actorId, at: ctx.now, reason },
    ]);
  }
  await writeAudit(ctx.tx, {
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

/** Evaluates the enabled rule-set version and records every rule's value, hit and score. */
export function runMachineReview(deps: LoanBookDeps, orderId: number) {
  return runOrderCommand(deps, { orderId, command: 'machineReview' }, async (ctx) => {
    if (ctx.order.status !== 'MACHINE_REVIEW') mustTransition(ctx.order, 'machinePass');
    const ruleSet = await enabledRuleSet(ctx.tx);
    const verdict = ruleSet
      ? evaluateRules(ruleSet.rules, ctx.order.applicantFeatures, ruleSet.set.rejectScoreAbove)
      : { outcomes: [], totalScore: 0, hardFail: false, result: 'pass' as const };
    await insertRuleResults(ctx.tx, ctx.order.id, verdict.outcomes);
    const event = verdict.result === 'pass' ? 'machinePass' : 'machineReject';
    const { to } = mustTransition(ctx.order, event);
    const updated = await moveOrder(
      ctx,
      event,
      to,
      null,
      {
        ruleSetVersion: ruleSet?.set.version ?? null,
        machineScore: verdict.totalScore,
        machineResult: verdict.result,
        machineReviewedAt: ctx.now,
      },
      verdict.hardFail ? 'hard rule hit' : null,
    );
    return orderResult(updated);
  });
}

export function firstReview(
  deps: LoanBookDeps,
  input: { orderId: number; decision: 'pass' | 'reject'; reason?: string | undefined },
  reviewerId: number,
) {
  return runOrderCommand(deps, { orderId: input.orderId, command: 'firstReview' }, async (ctx) => {
    const event = input.decision === 'pass' ? 'firstPass' : 'firstReject';
    const { to } = mustTransition(ctx.order, event);
    const updated = await moveOrder(
      ctx,
      event,
      to,
      reviewerId,
      { firstReviewerId: reviewerId, firstReviewedAt: ctx.now },
      input.reason,
    );
    return orderResult(updated);
  });
}

/** Maker-checker: the engine refuses a final reviewer who was the first reviewer. */
export function finalReview(
  deps: LoanBookDeps,
  input: { orderId: number; decision: 'pass' | 'reject' | 'sendBack'; reason?: string | undefined },
  reviewerId: number,
) {
  return runOrderCommand(deps, { orderId: input.orderId, command: 'finalReview' }, async (ctx) => {
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
    const updated = await moveOrder(
      ctx,
      event,
      to,
      reviewerId,
      { finalReviewerId: reviewerId, finalReviewedAt: ctx.now },
      input.reason,
    );
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

export function cancelOrder(
  deps: LoanBookDeps,
  input: { orderId: number; reason: string },
  actorId: number | null,
) {
  return runOrderCommand(deps, { orderId: input.orderId, command: 'cancel' }, async (ctx) => {
    const { to } = mustTransition(ctx.order, 'cancel');
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
