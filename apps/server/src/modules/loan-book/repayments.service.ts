import {
  addDays,
  applyCoolingOffExit,
  applyRepayment,
  applyRollover,
  applyWaiver,
  COMPONENTS,
  coolingOffDays,
  daysPastDue,
  overdueDays,
  receivableBalances,
  subtractAmounts,
  totalOf,
  waiveRemaining,
  writeOff as writeOffStep,
  zeroAmounts,
  type Component,
  type ComponentAmounts,
  type Journal,
  type LoanBalances,
  type LoanProductTerms,
} from '@lending/lending';
import { AppError } from '../../shared/app-error.js';
import { paiseToApi } from '../../shared/paise.js';
import { moveOrder } from './applications.service.js';
import { postJournals } from '../ledger/index.js';
import {
  mustTransition,
  runKeyedOrderCommand,
  type CommandContext,
  type LoanBookDeps,
} from './order-command.js';
import { catchUpAccruals } from './accruals.js';
import { insertClassHistory } from './asset-classes.repository.js';
import { commandJournals, postCommandJournals } from './command-journals.js';
import { balanceColumns, balancesOf, nextRepaymentSerialSql } from './orders.repository.js';
import { termsFromJson } from './paise-json.js';
import {
  findRepaymentByGatewayPayment,
  insertRepayment,
  insertRollover,
} from './repayments.repository.js';
import type { RepaymentRow, RepaymentType } from './repayments.table.js';
import { orderResult } from './results.js';
import { postValueDated } from './value-dated.service.js';

/** A loan with nothing owed: not past due, and standard (its suspense released as income). */
const PAID_OFF = {
  overdueDays: 0,
  overdueBand: null,
  rbiClass: 'STANDARD',
  overdueSince: null,
} as const;

interface LoanContext {
  terms: LoanProductTerms;
  /** Caught up through yesterday (the engine's own catch-up is then a no-op). */
  loan: LoanBalances;
  accruals: ReturnType<typeof catchUpAccruals>['journals'];
}

function openLoanOf(ctx: CommandContext): LoanContext {
  const loan = balancesOf(ctx.order);
  if (!loan)
    throw new AppError('orderStateConflict', {
      field: ctx.order.orderNo,
      detail: ctx.order.status,
    });
  const terms = termsFromJson(ctx.order.terms);
  const caughtUp = catchUpAccruals(
    ctx.order.id,
    loan,
    terms,
    addDays(ctx.businessDate, -1),
    ctx.now,
  );
  return { terms, loan: caughtUp.loan, accruals: caughtUp.journals };
}

/** Collection input common to money received. */
export interface ReceiptInput {
  orderId: number;
  idempotencyKey: string;
  channel: string;
  virtualAccountCode?: string | undefined;
  gatewayPaymentId?: string | undefined;
}

/** The repayment row of money received on the business day. */
function recordReceipt(
  ctx: CommandContext,
  input: ReceiptInput,
  values: {
    amount: bigint;
    type: RepaymentType;
    allocated: ComponentAmounts;
    excess: bigint;
    journalId: number;
    overdueDaysWhenPaid?: number;
  },
): Promise<RepaymentRow> {
  return insertRepayment(ctx.tx, {
    serialNo: nextRepaymentSerialSql(ctx.businessDate),
    orderId: ctx.order.id,
    channel: input.channel,
    virtualAccountCode: input.virtualAccountCode ?? null,
    amountPaise: values.amount,
    type: values.type,
    gatewayPaymentId: input.gatewayPaymentId ?? null,
    idempotencyKey: input.idempotencyKey,
    allocatedPrincipalPaise: values.allocated.principal,
    allocatedInterestPaise: values.allocated.interest,
    allocatedFeePaise: values.allocated.fee,
    allocatedGstPaise: values.allocated.gst,
    allocatedPenalPaise: values.allocated.penal,
    excessPaise: values.excess,
    journalId: values.journalId,
    businessDate: ctx.businessDate,
    valueDate: ctx.businessDate,
    overdueDaysWhenPaid: values.overdueDaysWhenPaid ?? null,
    receivedAt: ctx.now,
  });
}

/** A second credit for the same gateway payment id (another key) replays the first. */
async function replayByGatewayPayment(ctx: CommandContext, gatewayPaymentId: string | undefined) {
  if (!gatewayPaymentId) return null;
  const existing = await findRepaymentByGatewayPayment(ctx.tx, gatewayPaymentId);
  if (!existing) return null;
  if (existing.orderId !== ctx.order.id)
    throw new AppError('duplicate', { field: 'gatewayPaymentId' });
  return orderResult(ctx.order, {
    repaymentId: existing.id,
    amountPaise: existing.amountPaise,
    excessPaise: existing.excessPaise,
  });
}

/**
 * Money received: missed day-ends are accrued first, then the engine allocates it in the
 * product's order. Paid in full → CLEARED (closure by the day it arrived), beyond → OVERPAID
 * with the excess held as a liability, otherwise the status stays (partial is a label).
 */
export function postRepayment(
  deps: LoanBookDeps,
  input: ReceiptInput & { amountPaise: bigint; valueDate?: string | undefined },
  actorId: number | null,
) {
  return runKeyedOrderCommand(deps, 'postRepayment', input, async (ctx) => {
    const replay = await replayByGatewayPayment(ctx, input.gatewayPaymentId);
    if (replay) return replay;
    // Money that reached the lender on an earlier day is posted as of that day (decision 0022).
    if (input.valueDate !== undefined && input.valueDate !== ctx.businessDate)
      return postValueDated(ctx, { ...input, valueDate: input.valueDate }, actorId);
    if (!['ACTIVE', 'DUE', 'OVERDUE'].includes(ctx.order.status))
      mustTransition(ctx.order, 'repayPartial');
    const { terms, loan, accruals } = openLoanOf(ctx);
    const step = applyRepayment(loan, terms, ctx.businessDate, input.amountPaise);
    const event = !step.settled
      ? 'repayPartial'
      : step.allocation.excess > 0n
        ? 'overpay'
        : 'repayFull';
    const { to, closureType } = mustTransition(ctx.order, event, {
      dueDate: loan.dueDate,
      businessDate: ctx.businessDate,
    });
    const ids = await postCommandJournals(ctx, accruals, input.idempotencyKey, step.journals);
    const repayment = await recordReceipt(ctx, input, {
      amount: input.amountPaise,
      type: step.settled ? 'full' : 'partial',
      allocated: step.allocation.allocated,
      excess: step.allocation.excess,
      journalId: ids[ids.length - 1]!,
      overdueDaysWhenPaid: overdueDays(loan.dueDate, ctx.businessDate, totalOf(loan.outstanding)),
    });
    const updated = await moveOrder(ctx, event, to, actorId, {
      ...balanceColumns(step.loan),
      ...(closureType ? { closureType, clearedDate: ctx.businessDate } : {}),
      ...(event === 'overpay' ? { overpaidPaise: step.allocation.excess } : {}),
      ...(step.settled ? PAID_OFF : {}),
    });
    return orderResult(updated, {
      repaymentId: repayment.id,
      amountPaise: input.amountPaise,
      excessPaise: step.allocation.excess,
    });
  });
}

/**
 * Renew (rollover): the borrower pays exactly the engine's quote (interest to date + fee + GST,
 * + penal if overdue); the due date moves by the rollover period; principal stays.
 */
export function rollover(
  deps: LoanBookDeps,
  input: ReceiptInput & { amountPaise: bigint },
  actorId: number | null,
) {
  return runKeyedOrderCommand(deps, 'rollover', input, async (ctx) => {
    const replay = await replayByGatewayPayment(ctx, input.gatewayPaymentId);
    if (replay) return replay;
    const { terms, loan, accruals } = openLoanOf(ctx);
    const { to } = mustTransition(ctx.order, 'rollover', {
      rolloverCount: loan.rolloverCount,
      maxRollovers: terms.maxRollovers,
      allowOverdueRollover: terms.allowOverdueRollover,
    });
    const step = applyRollover(loan, terms, ctx.businessDate);
    if (!step.ok) {
      if (step.reason === 'MAX_ROLLOVERS_REACHED') {
        throw new AppError('rolloverLimitReached', {
          field: ctx.order.orderNo,
          detail: String(terms.maxRollovers),
        });
      }
      throw new AppError('rolloverNotAllowed', { field: ctx.order.orderNo, detail: step.reason });
    }
    if (step.quote.total !== input.amountPaise) {
      throw new AppError('amountNotAllowed', {
        detail: `the rollover costs ${paiseToApi(step.quote.total)} paise`,
      });
    }
    const ids = await postCommandJournals(ctx, accruals, input.idempotencyKey, step.journals);
    const repayment = await recordReceipt(ctx, input, {
      amount: input.amountPaise,
      type: 'renew',
      allocated: step.quote.payable,
      excess: 0n,
      journalId: ids[ids.length - 1]!,
    });
    await insertRollover(ctx.tx, {
      orderId: ctx.order.id,
      repaymentId: repayment.id,
      rolloverNumber: step.quote.rolloverNumber,
      fromDueDate: loan.dueDate,
      toDueDate: step.quote.newDueDate,
      feePaise: step.quote.fee,
      gstPaise: step.quote.gst,
      interestPaise: step.quote.interest,
      penalPaise: step.quote.penal,
      totalPaise: step.quote.total,
      businessDate: ctx.businessDate,
      at: ctx.now,
    });
    // Rolled over once already past due: a rescheduling, which keeps the days past due and the
    // asset class running from the first overdue day (RBI); before the due date, a renewal.
    const rescheduling = ctx.order.overdueSince !== null;
    const updated = await moveOrder(ctx, 'rollover', to, actorId, {
      ...balanceColumns(step.loan),
      overdueDays: 0,
      overdueBand: null,
      ...(rescheduling ? { rescheduled: true } : {}),
    });
    if (rescheduling)
      await insertClassHistory(ctx.tx, [
        {
          orderId: ctx.order.id,
          customerId: ctx.order.customerId,
          businessDate: ctx.businessDate,
          fromClass: ctx.order.rbiClass,
          toClass: ctx.order.rbiClass ?? 'STANDARD',
          daysPastDue: daysPastDue(ctx.order.overdueSince, ctx.businessDate),
          reason: 'rescheduled',
          at: ctx.now,
        },
      ]);
    return orderResult(updated, { repaymentId: repayment.id, amountPaise: input.amountPaise });
  });
}

/** Allocated per component of a repayment journal: what left the receivables. */
function paidBy(journal: Journal): ComponentAmounts {
  return subtractAmounts(zeroAmounts(), receivableBalances([journal]));
}

/** RBI cooling-off exit: principal + interest for the days used; penal (if any) waived. */
export function coolingOffExit(
  deps: LoanBookDeps,
  input: ReceiptInput & { amountPaise: bigint },
  actorId: number | null,
) {
  return runKeyedOrderCommand(deps, 'coolingOffExit', input, async (ctx) => {
    const { terms, loan, accruals } = openLoanOf(ctx);
    const { to, closureType } = mustTransition(ctx.order, 'coolingOffExit', {
      disbursalDate: loan.disbursalDate,
      businessDate: ctx.businessDate,
      coolingOffDays: coolingOffDays(terms),
    });
    const step = applyCoolingOffExit(loan, terms, ctx.businessDate);
    if (!step.ok) throw new AppError('coolingOffWindowClosed', { field: ctx.order.orderNo });
    if (step.amount !== input.amountPaise) {
      throw new AppError('amountNotAllowed', {
        detail: `the cooling-off exit costs ${paiseToApi(step.amount)} paise`,
      });
    }
    const journals = commandJournals(
      ctx.order.id,
      input.idempotencyKey,
      step.journals,
      ctx.businessDate,
      ctx.now,
    );
    const ids = await postJournals(ctx.tx, [...accruals, ...journals]);
    const repaymentIndex = step.journals.findIndex((j) => j.event === 'repayment');
    const repayment = await recordReceipt(ctx, input, {
      amount: input.amountPaise,
      type: 'normal',
      allocated: paidBy(step.journals[repaymentIndex]!),
      excess: 0n,
      journalId: ids[accruals.length + repaymentIndex]!,
    });
    const updated = await moveOrder(ctx, 'coolingOffExit', to, actorId, {
      ...balanceColumns(step.loan),
      closureType: closureType ?? 'COOLING_OFF_EXIT',
      clearedDate: ctx.businessDate,
      ...PAID_OFF,
    });
    return orderResult(updated, { repaymentId: repayment.id, amountPaise: input.amountPaise });
  });
}

/** A waiver's parts in the API's terms (paise per component). */
export type WaiverAmounts = Partial<Record<`${Component}Paise`, number>>;

/**
 * A waiver, approved by staff. Without amounts: settlement — what remains (after accruals to
 * date) is waived and the order is CLEARED as settled with waiver. With amounts: only those
 * parts are waived (typically the penal charge) and the order keeps its status, unless nothing
 * is left owing, which is a settlement too. Never more than is owed of a part.
 */
export function waiver(
  deps: LoanBookDeps,
  input: { orderId: number; idempotencyKey: string; reason: string; amounts?: WaiverAmounts },
  actorId: number,
) {
  return runKeyedOrderCommand(deps, 'waiver', input, async (ctx) => {
    const { loan, accruals } = openLoanOf(ctx);
    const step = input.amounts
      ? applyWaiver(loan, waived(loan, input.amounts))
      : waiveRemaining(loan);
    if (!step.ok) throw new AppError('amountNotAllowed', { detail: step.reason });
    const settles = totalOf(step.loan.outstanding) === 0n;
    const event = settles ? 'waiverSettle' : 'waivePartial';
    const { to, closureType } = mustTransition(ctx.order, event);
    await postCommandJournals(ctx, accruals, input.idempotencyKey, step.journals);
    const updated = await moveOrder(
      ctx,
      event,
      to,
      actorId,
      settles
        ? {
            ...balanceColumns(step.loan),
            closureType: closureType ?? 'SETTLED_WITH_WAIVER',
            clearedDate: ctx.businessDate,
            ...PAID_OFF,
          }
        : balanceColumns(step.loan),
      input.reason,
    );
    return orderResult(updated, { amountPaise: totalOf(step.amounts) });
  });
}

/** The parts to waive, each checked against what is owed of it (the field is named). */
function waived(loan: LoanBalances, amounts: WaiverAmounts): ComponentAmounts {
  const parts = zeroAmounts();
  for (const component of COMPONENTS) {
    const asked = BigInt(amounts[`${component}Paise`] ?? 0);
    if (asked > loan.outstanding[component]) {
      throw AppError.invalid(
        `amounts.${component}Paise`,
        `more than the ${paiseToApi(loan.outstanding[component])} paise owed`,
      );
    }
    parts[component] = asked;
  }
  return parts;
}

export function writeOff(
  deps: LoanBookDeps,
  input: { orderId: number; idempotencyKey: string; reason: string },
  actorId: number,
) {
  return runKeyedOrderCommand(deps, 'writeOff', input, async (ctx) => {
    const { to } = mustTransition(ctx.order, 'writeOff');
    const { loan, accruals } = openLoanOf(ctx);
    const step = writeOffStep(loan);
    if (!step.ok) throw new AppError('amountNotAllowed', { detail: step.reason });
    await postCommandJournals(ctx, accruals, input.idempotencyKey, step.journals);
    const updated = await moveOrder(
      ctx,
      'writeOff',
      to,
      actorId,
      balanceColumns(step.loan),
      input.reason,
    );
    return orderResult(updated, { amountPaise: totalOf(step.amounts) });
  });
}
