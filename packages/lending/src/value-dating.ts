import { type IndiaDate } from './calendar-date.js';
import { type LoanBalances, type LoanStep } from './loan.js';
import type { Paise } from './money.js';
import { type OrderStatus } from './order-state.js';
import {
  cutAt,
  earliestValueDate,
  inconsistent,
  posting,
  Replay,
  standingOf,
  VALUE_DATABLE_STATUSES,
  OPEN_STATUSES,
  type FixedEvent,
  type PostedAccrual,
  type PostedRepayment,
  type RepaymentOutcome,
  type RestatedRepayment,
  type RestatedStanding,
  type RestatementJournal,
} from './restatement.js';
import type { LoanProductTerms } from './terms.js';
import { isAfter, isBefore } from './calendar-date.js';

/**
 * Value-dated repayments. Money that reached the lender on day V but is posted on a later
 * day T (an offline transfer approved later, a credit recovered by reconciliation) is posted
 * as of V: the loan is taken back to where it stood during V, after every event valued V or
 * earlier (so the payment is the day's last event, before V's day-end), the payment is
 * applied, and the day-end accruals and repayments valued after V are applied again in order
 * through T. Postings whose amounts change are reversed (`valueDateReversal`) and posted
 * again (replays keep their own event types); nothing is deleted.
 *
 * The cut is derived from the current balances minus what is in effect after it (the day-end
 * accruals of days ≥ V and the repayments valued after V), not rebuilt from disbursal: only
 * the short tail the restatement touches is read, and the result agrees with the ledger
 * because it is the ledger's own postings that are taken away.
 */

export interface ValueDatedRepaymentInput {
  terms: LoanProductTerms;
  /** The loan as stored now. */
  loan: LoanBalances;
  status: OrderStatus;
  /** Unrefunded overpayment now (the customer-overpayment liability). */
  overpaid: Paise;
  /** The business date the payment is posted on. */
  today: IndiaDate;
  /** The day the money reached the lender. */
  valueDate: IndiaDate;
  amount: Paise;
  /**
   * Every day-end accrual in effect for the days from the value date on. Earlier days are
   * ignored, so the tail gathered for a requested date also serves a date moved later.
   */
  accruals: readonly PostedAccrual[];
  /**
   * Every repayment in effect valued after the value date, in the order they were posted
   * (those valued on or before it are ignored).
   */
  laterRepayments: readonly PostedRepayment[];
  /** The order's non-replayable events (only the last one counts; earlier ones may be left out). */
  fixedEvents: readonly FixedEvent[];
  /**
   * When the value date is before a fixed event: post the payment as of that event's day
   * (`valueDateMoved` says why) instead of refusing. For money that must be taken anyway.
   */
  valueAtEarliestAllowed?: boolean;
}

export type ValueDateRefusal =
  | { ok: false; reason: 'VALUE_DATE_IN_FUTURE'; field: 'valueDate'; latest: IndiaDate }
  | { ok: false; reason: 'VALUE_DATE_BEFORE_DISBURSAL'; field: 'valueDate'; earliest: IndiaDate }
  | {
      ok: false;
      reason: 'VALUE_DATE_BEFORE_FIXED_EVENT';
      field: 'valueDate';
      earliest: IndiaDate;
      /** The event that holds the date back. */
      event: FixedEvent;
    }
  | { ok: false; reason: 'ORDER_NOT_REPAYABLE'; status: OrderStatus };

export interface ValueDatedRepaymentStep extends LoanStep {
  ok: true;
  /** The value date used: the requested one, or the earliest allowed (`valueDateMoved`). */
  valueDate: IndiaDate;
  requestedValueDate: IndiaDate;
  valueDateMoved?: { earliest: IndiaDate; event: FixedEvent };
  overpaid: Paise;
  payment: RepaymentOutcome;
  laterRepayments: RestatedRepayment[];
  postings: RestatementJournal[];
  standing: RestatedStanding;
}

/** Whether a payment can be valued at `valueDate`, posted on `today`. */
export function checkValueDate(
  loan: Pick<LoanBalances, 'disbursalDate'>,
  fixedEvents: readonly FixedEvent[],
  valueDate: IndiaDate,
  today: IndiaDate,
): { ok: true } | Exclude<ValueDateRefusal, { reason: 'ORDER_NOT_REPAYABLE' }> {
  if (isAfter(valueDate, today)) {
    return { ok: false, reason: 'VALUE_DATE_IN_FUTURE', field: 'valueDate', latest: today };
  }
  if (isBefore(valueDate, loan.disbursalDate)) {
    return {
      ok: false,
      reason: 'VALUE_DATE_BEFORE_DISBURSAL',
      field: 'valueDate',
      earliest: loan.disbursalDate,
    };
  }
  const { earliest, event } = earliestValueDate(loan, fixedEvents);
  if (event && isBefore(valueDate, earliest)) {
    return {
      ok: false,
      reason: 'VALUE_DATE_BEFORE_FIXED_EVENT',
      field: 'valueDate',
      earliest,
      event,
    };
  }
  return { ok: true };
}

/**
 * Posts a repayment as of its value date (see the top of this file). Refuses a value date in
 * the future, before disbursal or (unless `valueAtEarliestAllowed`) before a fixed event.
 * A value date equal to `today` gives exactly `applyRepayment`'s balances and journals.
 * Throws (a programming error) on a negative amount or a tail the balances cannot hold.
 */
export function applyValueDatedRepayment(
  input: ValueDatedRepaymentInput,
): ValueDatedRepaymentStep | ValueDateRefusal {
  const { terms, loan, today } = input;
  if (input.amount < 0n) throw new RangeError(`Repayment must not be negative: ${input.amount}`);
  if (!isBefore(loan.accruedThrough, today)) {
    inconsistent(`accrued through ${loan.accruedThrough}, today is ${today}`);
  }
  if (!(VALUE_DATABLE_STATUSES as readonly OrderStatus[]).includes(input.status)) {
    return { ok: false, reason: 'ORDER_NOT_REPAYABLE', status: input.status };
  }
  let valueDate = input.valueDate;
  let valueDateMoved: ValueDatedRepaymentStep['valueDateMoved'];
  const check = checkValueDate(loan, input.fixedEvents, valueDate, today);
  if (!check.ok) {
    if (check.reason !== 'VALUE_DATE_BEFORE_FIXED_EVENT' || !input.valueAtEarliestAllowed) {
      return check;
    }
    valueDate = check.earliest;
    valueDateMoved = { earliest: check.earliest, event: check.event };
  }

  const cut = cutAt(input, valueDate, 'after');
  const replay = new Replay(terms, loan, cut);
  if (replay.settledAtCut && OPEN_STATUSES.includes(input.status)) {
    inconsistent(`nothing owed at ${valueDate} but the order is ${input.status}`);
  }
  replay.catchUpBefore(valueDate);
  const { journal: paymentJournal, ...payment } = replay.repay(valueDate, input.amount);
  replay.replayThrough(valueDate, today);
  const postings = replay.postings([
    posting('payment', { kind: 'payment' }, valueDate, paymentJournal),
  ]);
  return {
    ok: true,
    valueDate,
    requestedValueDate: input.valueDate,
    ...(valueDateMoved ? { valueDateMoved } : {}),
    loan: replay.current,
    overpaid: replay.overpaid,
    payment,
    laterRepayments: replay.laterRepayments,
    postings,
    journals: postings.map((p) => p.journal),
    standing: standingOf(replay.current, replay.overpaid, input.status, replay.clearedOn, today),
  };
}

/**
 * The event a status history row (and `lastEvent`) names for a value-dated posting. Not one of
 * ORDER_EVENTS: a restatement does not apply a rule to the current status, it derives the
 * status again from the restated balances (CLEARED may become OVERPAID, which no event does).
 */
export const VALUE_DATED_REPAYMENT_EVENT = 'valueDatedRepayment' as const;
export type ValueDatedRepaymentEvent = typeof VALUE_DATED_REPAYMENT_EVENT;
