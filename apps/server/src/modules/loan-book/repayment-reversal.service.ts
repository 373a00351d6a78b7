import {
  addDays,
  applyRepaymentReversal,
  daysPastDue,
  loanClassAtDayEnd,
  overdueSinceAtDayEnd,
  totalOutstanding,
  type AssetClass,
} from '@lending/lending';
import { AppError } from '../../shared/app-error.js';
import { recordAudit } from '../audit/index.js';
import { insertClassHistory, overdueSinceAtPayoff } from './asset-classes.repository.js';
import { periodLockBarrier } from './period-lock.js';
import {
  auditView,
  mustTransition,
  runOrderCommand,
  type CommandContext,
  type LoanBookDeps,
} from './order-command.js';
import {
  postedRepayment,
  postRestatement,
  readTail,
  saveRestatedOrder,
  saveRestatedRepayments,
} from './order-restatement.js';
import { balancesOf, insertStatusHistory, type OrderPatch } from './orders.repository.js';
import { termsFromJson } from './paise-json.js';
import { lockRepayment, orderIdOfRepayment, updateRepayment } from './repayments.repository.js';
import type { RepaymentRow } from './repayments.table.js';
import { orderResult } from './results.js';

/**
 * A bounced or charged-back payment, however long ago it was valued (decision 0099): the loan
 * is replayed from the payment's value date without it (the engine's `applyRepaymentReversal`):
 * the interest and penal the restored amounts earned since, later payments re-allocated, the
 * status, closure, overdue days and asset class as if the money had never come. Its journals are
 * posted today, each naming the day it belongs to.
 */
export async function reverseRepayment(
  deps: LoanBookDeps,
  input: { repaymentId: number; idempotencyKey: string; reason: string },
  actorId: number,
) {
  const orderId = await orderIdOfRepayment(deps.db, input.repaymentId);
  if (orderId === undefined)
    throw new AppError('notFound', { field: 'repaymentId', detail: String(input.repaymentId) });
  return runOrderCommand(
    deps,
    {
      orderId,
      command: 'reverseRepayment',
      idempotency: { key: input.idempotencyKey, payload: input },
    },
    async (ctx) => {
      const repayment = await lockRepayment(ctx.tx, input.repaymentId);
      if (!repayment)
        throw new AppError('notFound', { field: 'repaymentId', detail: String(input.repaymentId) });
      if (repayment.reversed)
        throw new AppError('repaymentAlreadyReversed', { field: repayment.serialNo });
      if (repayment.type === 'renew') {
        throw new AppError('orderStateConflict', {
          field: ctx.order.orderNo,
          detail: 'a rollover payment cannot be reversed here',
        });
      }
      if (repayment.excessPaise > 0n && ctx.order.overpaidPaise < repayment.excessPaise) {
        throw new AppError('orderStateConflict', {
          field: ctx.order.orderNo,
          detail: 'the overpayment was already refunded',
        });
      }
      const loan = balancesOf(ctx.order);
      if (!loan)
        throw new AppError('orderStateConflict', {
          field: ctx.order.orderNo,
          detail: ctx.order.status,
        });
      mustTransition(ctx.order, 'reverseRepayment', {
        dueDate: loan.dueDate,
        businessDate: ctx.businessDate,
      });
      return reverse(deps, ctx, repayment, input, actorId);
    },
  );
}

async function reverse(
  deps: LoanBookDeps,
  ctx: CommandContext,
  repayment: RepaymentRow,
  input: { idempotencyKey: string; reason: string },
  actorId: number,
) {
  const loan = balancesOf(ctx.order)!;
  const reversed = postedRepayment(repayment);
  const tail = await readTail(ctx, reversed.valueDate, 'onOrAfter');
  // A bounce is a fact: in a month finance locked it is never refused, the replay starts after
  // the lock instead (whatever `locked_period_posting` says of value dates).
  const { lockedThrough } = await periodLockBarrier(ctx);
  const fixedEvents =
    lockedThrough !== null && reversed.valueDate <= lockedThrough
      ? [...tail.fixed, { kind: 'periodLock' as const, date: addDays(lockedThrough, 1) }]
      : tail.fixed;
  const step = applyRepaymentReversal({
    terms: termsFromJson(ctx.order.terms),
    loan,
    status: ctx.order.status,
    overpaid: ctx.order.overpaidPaise,
    today: ctx.businessDate,
    reversed,
    accruals: tail.accruals,
    laterRepayments: tail.later.filter((later) => later.ref !== reversed.ref),
    fixedEvents,
  });
  if (!step.ok)
    throw new AppError('orderStateConflict', { field: ctx.order.orderNo, detail: step.status });
  const reason = `${input.reason}; repayment ${repayment.serialNo} valued ${reversed.valueDate}, replayed from ${step.replayedFrom}`;
  const journalIds = await postRestatement(
    ctx,
    tail,
    step.postings,
    input.idempotencyKey,
    `reversal: ${reason}`,
    {
      targets: new Map([[`reversal:repayment:${reversed.ref}`, repayment.journalId]]),
      lockedThrough,
    },
  );
  await updateRepayment(ctx.tx, repayment.id, {
    reversed: true,
    reversedAt: ctx.now,
    reversalReason: input.reason,
  });
  const restated = await saveRestatedRepayments(ctx, tail, step.laterRepayments, journalIds);
  const { patch, classChange } = await classAfter(deps, ctx, step);
  const updated = await saveRestatedOrder(ctx, step, 'reverseRepayment', patch);
  if (classChange) {
    await insertClassHistory(ctx.tx, [
      {
        orderId: ctx.order.id,
        customerId: ctx.order.customerId,
        businessDate: ctx.businessDate,
        fromClass: ctx.order.rbiClass!,
        toClass: classChange.to,
        daysPastDue: classChange.daysPastDue,
        reason: 'repaymentReversed',
        at: ctx.now,
      },
    ]);
  }
  if (updated.status !== ctx.order.status) {
    await insertStatusHistory(ctx.tx, [
      {
        orderId: ctx.order.id,
        from: ctx.order.status,
        to: updated.status,
        event: 'reverseRepayment',
        actorId,
        at: ctx.now,
        reason,
      },
    ]);
  }
  await recordAudit(ctx.tx, {
    actorId,
    action: 'order.reverseRepayment',
    targetType: 'order',
    targetId: ctx.order.id,
    before: auditView(ctx.order),
    after: { ...auditView(updated), reason, repaymentId: repayment.id, restated },
    at: ctx.now,
  });
  return orderResult(updated, { repaymentId: repayment.id, amountPaise: repayment.amountPaise });
}

/**
 * The asset class the replayed loan has at the last day-end: owing again, its days past due
 * count from the first overdue day (kept through a rescheduling: a rescheduled loan paid off
 * takes it back from the day it was paid off); cleared by a later payment, standard.
 */
async function classAfter(
  deps: LoanBookDeps,
  ctx: CommandContext,
  step: Extract<ReturnType<typeof applyRepaymentReversal>, { ok: true }>,
): Promise<{ patch: OrderPatch; classChange: { to: AssetClass; daysPastDue: number } | null }> {
  const { order } = ctx;
  if (order.rbiClass === null) return { patch: {}, classChange: null };
  if (step.standing.closure.kind === 'cleared')
    return changeTo(order.rbiClass, 'STANDARD', 0, { rbiClass: 'STANDARD', overdueSince: null });
  if (step.standing.closure.kind === 'kept') return { patch: {}, classChange: null };
  const lastDayEnd = addDays(ctx.businessDate, -1);
  const kept =
    order.overdueSince ?? (order.rescheduled ? await overdueSinceAtPayoff(ctx.tx, order.id) : null);
  const overdueSince = overdueSinceAtDayEnd({
    overdueSince: kept,
    dueDate: step.loan.dueDate,
    outstanding: totalOutstanding(step.loan),
    businessDate: lastDayEnd,
  });
  const pastDue = daysPastDue(overdueSince, lastDayEnd);
  const thresholds = await ctx.settings.classThresholds(ctx.tx);
  const to = loanClassAtDayEnd(order.rbiClass, pastDue, thresholds);
  return changeTo(order.rbiClass, to, pastDue, {
    rbiClass: to,
    overdueSince,
    // The replay ran the day-ends through the last one (a cleared loan's had stopped).
    dayEndDate: lastDayEnd,
    ...(to !== order.rbiClass ? { classifiedDate: ctx.businessDate } : {}),
  });
}

function changeTo(from: AssetClass, to: AssetClass, pastDue: number, patch: OrderPatch) {
  return { patch, classChange: to === from ? null : { to, daysPastDue: pastDue } };
}
