import {
  applyValueDatedRepayment,
  daysPastDue,
  VALUE_DATED_REPAYMENT_EVENT,
  type OrderEvent,
} from '@lending/lending';
import { AppError } from '../../shared/app-error.js';
import { recordAudit } from '../audit/index.js';
import { auditView, type CommandContext } from './order-command.js';
import { balancesOf, insertStatusHistory, nextRepaymentSerialSql } from './orders.repository.js';
import { periodLockBarrier, valueDateOutsideLock } from './period-lock.js';
import { insertClassHistory } from './asset-classes.repository.js';
import {
  postRestatement,
  readTail,
  saveRestatedOrder,
  saveRestatedRepayments,
} from './order-restatement.js';
import { termsFromJson } from './paise-json.js';
import { insertRepayment } from './repayments.repository.js';
import { orderResult } from './results.js';

export interface ValueDatedReceipt {
  orderId: number;
  idempotencyKey: string;
  channel: string;
  amountPaise: bigint;
  valueDate: string;
  virtualAccountCode?: string | undefined;
  gatewayPaymentId?: string | undefined;
}

/**
 * A repayment posted as of its value date (decision 0022, server integration): accruals and
 * repayments after it are reversed and replayed in balanced journals, the payment lands on
 * its day, the order's status, closure and overdue days follow. Runs inside the order command
 * (the order locked, the key claimed). A value date before a fixed event is moved to its day,
 * with a note; in the future or before disbursal it is refused naming `valueDate`. One in a
 * month finance locked is refused or moved to the day after the locked period, as the
 * operations setting `locked_period_posting` says (`periodLockBarrier`). Every journal is booked
 * today with the day it restates as its value date and the posting's reason.
 */
export async function postValueDated(
  ctx: CommandContext,
  input: ValueDatedReceipt,
  actorId: number | null,
) {
  const loan = balancesOf(ctx.order);
  if (!loan)
    throw new AppError('orderStateConflict', {
      field: ctx.order.orderNo,
      detail: ctx.order.status,
    });
  const terms = termsFromJson(ctx.order.terms);
  // A value date in a month finance locked is refused or moved past it (the setting says which).
  const unlocked = valueDateOutsideLock(await periodLockBarrier(ctx), 'valueDate', input.valueDate);
  const tail = await readTail(ctx, unlocked.valueDate, 'after');
  const step = applyValueDatedRepayment({
    terms,
    loan,
    status: ctx.order.status,
    overpaid: BigInt(ctx.order.overpaidPaise),
    today: ctx.businessDate,
    valueDate: unlocked.valueDate,
    amount: input.amountPaise,
    accruals: tail.accruals,
    laterRepayments: tail.later,
    fixedEvents: tail.fixed,
    valueAtEarliestAllowed: true,
  });
  if (!step.ok) {
    switch (step.reason) {
      case 'VALUE_DATE_IN_FUTURE':
        throw AppError.invalid('valueDate', `must not be after ${step.latest}`);
      case 'VALUE_DATE_BEFORE_DISBURSAL':
        throw AppError.invalid(
          'valueDate',
          `must not be before the disbursal date ${step.earliest}`,
        );
      case 'VALUE_DATE_BEFORE_FIXED_EVENT':
        throw AppError.invalid('valueDate', `must not be before ${step.earliest}`);
      default:
        throw new AppError('orderStateConflict', {
          field: ctx.order.orderNo,
          detail: ctx.order.status,
        });
    }
  }
  const fixedNote = step.valueDateMoved
    ? `valued on ${step.valueDate} (the ${step.valueDateMoved.event.kind} of that day), not ${step.requestedValueDate}`
    : null;
  const note = [unlocked.note, fixedNote].filter(Boolean).join('; ') || null;
  const reason = `value date ${step.valueDate}, posted ${ctx.businessDate}${note ? `; ${note}` : ''}`;
  const journalIds = await postRestatement(ctx, tail, step.postings, input.idempotencyKey, reason);
  const paymentJournalId = journalIds.get('payment')!;
  const repayment = await insertRepayment(ctx.tx, {
    serialNo: nextRepaymentSerialSql(ctx.businessDate),
    orderId: ctx.order.id,
    channel: input.channel,
    virtualAccountCode: input.virtualAccountCode ?? null,
    amountPaise: input.amountPaise,
    type: step.payment.settledAfter ? 'full' : 'partial',
    gatewayPaymentId: input.gatewayPaymentId ?? null,
    idempotencyKey: input.idempotencyKey,
    allocatedPrincipalPaise: step.payment.allocated.principal,
    allocatedInterestPaise: step.payment.allocated.interest,
    allocatedFeePaise: step.payment.allocated.fee,
    allocatedGstPaise: step.payment.allocated.gst,
    allocatedPenalPaise: step.payment.allocated.penal,
    excessPaise: step.payment.excess,
    journalId: paymentJournalId,
    businessDate: ctx.businessDate,
    valueDate: step.valueDate,
    requestedValueDate: step.valueDate !== input.valueDate ? input.valueDate : null,
    valueDateNote: note,
    overdueDaysWhenPaid: step.payment.overdueDaysWhenPaid,
    receivedAt: ctx.now,
  });
  const restated = await saveRestatedRepayments(ctx, tail, step.laterRepayments, journalIds);
  // Paid off as of its value date: standard from then, its suspense released as income. A part
  // payment leaves the class (the day-end's, which it does not change: days past due run on).
  const paidOff = step.standing.closure.kind === 'cleared';
  const { standing } = step;
  const updated = await saveRestatedOrder(
    ctx,
    step,
    VALUE_DATED_REPAYMENT_EVENT,
    paidOff ? { rbiClass: 'STANDARD' as const, overdueSince: null } : {},
  );
  if (ctx.order.rbiClass !== null && updated.rbiClass !== ctx.order.rbiClass) {
    await insertClassHistory(ctx.tx, [
      {
        orderId: ctx.order.id,
        customerId: ctx.order.customerId,
        businessDate: ctx.businessDate,
        fromClass: ctx.order.rbiClass,
        toClass: updated.rbiClass ?? 'STANDARD',
        daysPastDue: daysPastDue(ctx.order.overdueSince, ctx.businessDate),
        reason: 'valueDated',
        at: ctx.now,
      },
    ]);
  }
  if (standing.status !== ctx.order.status) {
    await insertStatusHistory(ctx.tx, [
      {
        orderId: ctx.order.id,
        from: ctx.order.status,
        to: standing.status,
        event: VALUE_DATED_REPAYMENT_EVENT as unknown as OrderEvent,
        actorId,
        at: ctx.now,
        reason,
      },
    ]);
  }
  await recordAudit(ctx.tx, {
    actorId,
    action: `order.${VALUE_DATED_REPAYMENT_EVENT}`,
    targetType: 'order',
    targetId: ctx.order.id,
    before: auditView(ctx.order),
    after: { ...auditView(updated), reason, repaymentId: repayment.id, restated },
    at: ctx.now,
  });
  return {
    ...orderResult(updated, {
      repaymentId: repayment.id,
      amountPaise: input.amountPaise,
      excessPaise: step.payment.excess,
    }),
    valueDate: step.valueDate,
    ...(note ? { valueDateNote: note } : {}),
  };
}
