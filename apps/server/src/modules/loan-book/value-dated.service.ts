import {
  applyValueDatedRepayment,
  fixedEventKindOf,
  overdueBand,
  daysPastDue,
  receivableBalances,
  VALUE_DATED_REPAYMENT_EVENT,
  type ComponentAmounts,
  type FixedEvent,
  type Journal,
  type LedgerEventType,
  type OrderEvent,
  type PostedAccrual,
  type PostedRepayment,
} from '@lending/lending';
import { AppError } from '../../shared/app-error.js';
import { recordAudit } from '../audit/index.js';
import { auditView, type CommandContext } from './order-command.js';
import { accrualKey } from './accruals.js';
import { periodLockBarrier, valueDateOutsideLock } from './period-lock.js';
import {
  accrualsInEffectFrom,
  journalEventsFrom,
  postJournals,
  type JournalToPost,
} from '../ledger/index.js';
import {
  balanceColumns,
  balancesOf,
  insertStatusHistory,
  nextRepaymentSerialSql,
  updateOrder,
} from './orders.repository.js';
import { recogniseIncome } from './income-recognition.js';
import { insertClassHistory } from './asset-classes.repository.js';
import { termsFromJson } from './paise-json.js';
import {
  fixedPaymentsFrom,
  insertRepayment,
  standingRepaymentsAfter,
  updateRepayment,
} from './repayments.repository.js';
import type { RepaymentRow } from './repayments.table.js';
import { orderResult } from './results.js';

interface Tail {
  accruals: PostedAccrual[];
  /** `date:event` → the accrual journal in effect (what a reversal undoes). */
  accrualJournal: Map<string, number>;
  later: PostedRepayment[];
  laterRows: Map<string, RepaymentRow>;
  fixed: FixedEvent[];
}

/** What the engine needs of the order from the value date on (decision 0022, step 1). */
async function readTail(ctx: CommandContext, valueDate: string): Promise<Tail> {
  const { tx, order } = ctx;
  const { heads: accrualHeads, entries } = await accrualsInEffectFrom(tx, order.id, valueDate);
  const byDate = new Map<string, PostedAccrual>();
  const accrualJournal = new Map<string, number>();
  for (const head of accrualHeads) {
    const journal: Journal = {
      event: head.event as LedgerEventType,
      lines: entries
        .filter((e) => e.journalId === head.id)
        .map((e) => ({
          account: e.account as Journal['lines'][number]['account'],
          ...(e.component ? { component: e.component as 'interest' } : {}),
          amount: BigInt(e.amountPaise),
        })),
    };
    const amounts = receivableBalances([journal]);
    const accrual = byDate.get(head.date) ?? { date: head.date, interest: 0n, penal: 0n };
    if (head.event === 'interestAccrual') accrual.interest += amounts.interest;
    else accrual.penal += amounts.penal;
    byDate.set(head.date, accrual);
    accrualJournal.set(`${head.date}:${head.event}`, head.id);
  }
  const laterRows = await standingRepaymentsAfter(tx, order.id, valueDate);
  const later = laterRows.map((row): PostedRepayment => ({
    ref: String(row.id),
    valueDate: row.valueDate ?? row.businessDate,
    amount: BigInt(row.amountPaise),
    allocated: allocationOf(row),
    excess: BigInt(row.excessPaise),
  }));
  const fixedJournals = await journalEventsFrom(tx, order.id, valueDate);
  const fixed: FixedEvent[] = [];
  for (const j of fixedJournals) {
    const kind = fixedEventKindOf({
      event: j.event as LedgerEventType,
      ...(j.reverses ? { reverses: j.reverses as LedgerEventType } : {}),
    });
    if (kind) fixed.push({ kind, date: j.date });
  }
  const fixedPayments = await fixedPaymentsFrom(tx, order.id, valueDate);
  for (const p of fixedPayments) {
    fixed.push({ kind: p.type === 'renew' ? 'rollover' : 'coolingOffExit', date: p.date });
  }
  return {
    accruals: [...byDate.values()],
    accrualJournal,
    later,
    laterRows: new Map(laterRows.map((row) => [String(row.id), row])),
    fixed,
  };
}

function allocationOf(row: RepaymentRow): ComponentAmounts {
  return {
    principal: BigInt(row.allocatedPrincipalPaise),
    interest: BigInt(row.allocatedInterestPaise),
    fee: BigInt(row.allocatedFeePaise),
    gst: BigInt(row.allocatedGstPaise),
    penal: BigInt(row.allocatedPenalPaise),
  };
}

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
  const tail = await readTail(ctx, unlocked.valueDate);
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
  const toPost: JournalToPost[] = step.postings.map((posting) => {
    // Every posting is booked today, valued on the day it restates: a day-end that was behind
    // is accrued today under the key the day-end would use, so no closed day changes.
    if (posting.role === 'accrual') {
      return {
        orderId: ctx.order.id,
        journal: posting.journal,
        idempotencyKey: accrualKey(ctx.order.id, posting.valueDate, posting.journal.event),
        businessDate: ctx.businessDate,
        valueDate: posting.valueDate,
        reason,
        at: ctx.now,
      };
    }
    const base: JournalToPost = {
      orderId: ctx.order.id,
      journal: posting.journal,
      idempotencyKey: `${input.idempotencyKey}:${posting.slot}`,
      businessDate: ctx.businessDate,
      valueDate: posting.valueDate,
      reason,
      at: ctx.now,
    };
    if (posting.role !== 'reversal') return base;
    const { subject } = posting;
    const target =
      subject.kind === 'accrual'
        ? tail.accrualJournal.get(`${subject.date}:${subject.event}`)
        : subject.kind === 'repayment'
          ? tail.laterRows.get(subject.ref)?.journalId
          : undefined;
    if (target === undefined) throw new Error(`no journal in effect for ${posting.slot}`);
    return { ...base, reversesJournalId: target };
  });
  const ids = await postJournals(ctx.tx, toPost);
  let paymentJournalId = 0;
  const replayIds = new Map<string, number>();
  step.postings.forEach((posting, index) => {
    if (posting.role === 'payment') paymentJournalId = ids[index]!;
    if (posting.role === 'replay' && posting.subject.kind === 'repayment')
      replayIds.set(posting.subject.ref, ids[index]!);
  });
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
  const restated = [];
  for (const later of step.laterRepayments) {
    if (!later.changed) continue;
    const row = tail.laterRows.get(later.ref)!;
    await updateRepayment(ctx.tx, row.id, {
      allocatedPrincipalPaise: later.allocated.principal,
      allocatedInterestPaise: later.allocated.interest,
      allocatedFeePaise: later.allocated.fee,
      allocatedGstPaise: later.allocated.gst,
      allocatedPenalPaise: later.allocated.penal,
      excessPaise: later.excess,
      type: later.settledAfter ? 'full' : 'partial',
      overdueDaysWhenPaid: later.overdueDaysWhenPaid,
      ...(replayIds.has(later.ref) ? { journalId: replayIds.get(later.ref)! } : {}),
    });
    restated.push({
      id: row.id,
      before: later.before,
      after: { allocated: later.allocated, excess: later.excess },
    });
  }
  const { standing } = step;
  const closure =
    standing.closure.kind === 'cleared'
      ? { closureType: standing.closure.type, clearedDate: standing.closure.clearedDate }
      : standing.closure.kind === 'open'
        ? { closureType: null, clearedDate: null }
        : {};
  // Paid off as of its value date: standard from then, its suspense released as income. A part
  // payment leaves the class (the day-end's, which it does not change: days past due run on).
  const paidOff = standing.closure.kind === 'cleared';
  const updated = await updateOrder(ctx, {
    ...(await recogniseIncome(ctx, {
      ...balanceColumns(step.loan),
      ...closure,
      ...(paidOff ? { rbiClass: 'STANDARD' as const, overdueSince: null } : {}),
    })),
    overpaidPaise: step.overpaid,
    status: standing.status,
    lastEvent: VALUE_DATED_REPAYMENT_EVENT as unknown as OrderEvent,
    overdueDays: standing.overdueDays,
    overdueBand: overdueBand(standing.overdueDays),
    updatedAt: ctx.now,
  });
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
