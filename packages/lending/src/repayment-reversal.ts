import { addAmounts, COMPONENTS } from './components.js';
import { addDays, isAfter, isBefore, type IndiaDate } from './calendar-date.js';
import { postingsFor } from './ledger.js';
import type { LoanBalances, LoanStep } from './loan.js';
import type { Paise } from './money.js';
import { openStatusFor, type OrderStatus } from './order-state.js';
import {
  cutAt,
  earliestValueDate,
  inconsistent,
  posting,
  Replay,
  standingOf,
  VALUE_DATABLE_STATUSES,
  type FixedEvent,
  type PostedAccrual,
  type PostedRepayment,
  type RestatedRepayment,
  type RestatedStanding,
  type RestatementJournal,
} from './restatement.js';
import type { LoanProductTerms } from './terms.js';

/**
 * A repayment reversed (bounced, charged back, found to be someone else's money) days or weeks
 * after it was valued. The loan is replayed from the payment's value date as if it had never
 * been made: the interest and penal the restored amounts earned since, the allocation of every
 * later payment, the day it was cleared, its status and overdue days. The repayment's journal
 * is negated (`reversal`, as a bounce always was), the accruals and later repayments whose
 * amounts change are negated (`valueDateReversal`) and posted again, and day-ends the loan
 * missed while it was cleared are posted for the first time.
 *
 * A fixed event (value-dating's list: a rollover, waiver, write-off, coupon, refund, fee,
 * a locked period) on or after the payment's value date is not replayed across: the loan is cut
 * after the last of them, the payment's allocation is owed again from that day and the history
 * after it is replayed (`replayedFrom` says from when).
 */

export interface RepaymentReversalInput {
  terms: LoanProductTerms;
  /** The loan as stored now. */
  loan: LoanBalances;
  status: OrderStatus;
  /** Unrefunded overpayment now (the customer-overpayment liability). */
  overpaid: Paise;
  /** The business date the reversal is posted on. */
  today: IndiaDate;
  /** The repayment reversed, as stored (in effect). */
  reversed: PostedRepayment;
  /** Every day-end accrual in effect for the days from the repayment's value date on. */
  accruals: readonly PostedAccrual[];
  /**
   * Every other repayment in effect valued on or after the reversed one's value date, in the
   * order they were posted (those valued before it are ignored).
   */
  laterRepayments: readonly PostedRepayment[];
  /** The order's non-replayable events from the repayment's value date on. */
  fixedEvents: readonly FixedEvent[];
}

export type RepaymentReversalRefusal = {
  ok: false;
  reason: 'ORDER_NOT_REVERSIBLE';
  status: OrderStatus;
};

export interface RepaymentReversalStep extends LoanStep {
  ok: true;
  /** The first day restated: the payment's value date, or the day of the fixed event after it. */
  replayedFrom: IndiaDate;
  /** The fixed event that held the replay back, when there was one. */
  heldBackBy?: FixedEvent;
  overpaid: Paise;
  laterRepayments: RestatedRepayment[];
  postings: RestatementJournal[];
  standing: RestatedStanding;
}

/** Reverses a repayment by replaying the loan without it (see the top of this file). */
export function applyRepaymentReversal(
  input: RepaymentReversalInput,
): RepaymentReversalStep | RepaymentReversalRefusal {
  const { terms, loan, today, reversed } = input;
  if (!(VALUE_DATABLE_STATUSES as readonly OrderStatus[]).includes(input.status)) {
    return { ok: false, reason: 'ORDER_NOT_REVERSIBLE', status: input.status };
  }
  if (!isBefore(loan.accruedThrough, today)) {
    inconsistent(`accrued through ${loan.accruedThrough}, today is ${today}`);
  }
  if (isAfter(reversed.valueDate, today)) {
    inconsistent(`repayment ${reversed.ref} valued ${reversed.valueDate}`);
  }
  const fixed = earliestValueDate(loan, input.fixedEvents);
  const heldBack = fixed.event !== undefined && !isBefore(fixed.earliest, reversed.valueDate);
  const tail = {
    loan,
    overpaid: input.overpaid,
    today,
    accruals: input.accruals,
    laterRepayments: heldBack ? input.laterRepayments : [reversed, ...input.laterRepayments],
  };
  let replay: Replay;
  let replayedFrom: IndiaDate;
  if (!heldBack) {
    // The loan as the payment's day began; that day's other payments are applied again in order.
    replayedFrom = reversed.valueDate;
    replay = new Replay(terms, loan, cutAt(tail, replayedFrom, 'before'));
  } else {
    // The loan after the fixed event's day, with the payment's allocation owed again from there.
    replayedFrom = fixed.earliest;
    const cut = cutAt(tail, replayedFrom, 'after');
    const outstanding = addAmounts(cut.loan.outstanding, reversed.allocated);
    const overpaid = cut.overpaid - reversed.excess;
    if (overpaid < 0n || COMPONENTS.some((c) => outstanding[c] < 0n)) {
      inconsistent(`repayment ${reversed.ref} is more than the balances hold`);
    }
    replay = new Replay(terms, loan, { ...cut, loan: { ...cut.loan, outstanding }, overpaid });
  }
  replay.catchUpBefore(replayedFrom);
  if (heldBack) {
    // The fixed event's day keeps its events; its day-end runs on the restored balances.
    if (isBefore(replayedFrom, today)) replay.accrue(replayedFrom);
    replay.replayThrough(addDays(replayedFrom, 1), today);
  } else {
    replay.replayThrough(replayedFrom, today, reversed.ref);
  }
  const negation = posting(
    'reversal',
    { kind: 'repayment', ref: reversed.ref },
    reversed.valueDate,
    postingsFor({
      type: 'reversal',
      original: postingsFor({
        type: 'repayment',
        allocated: reversed.allocated,
        excess: reversed.excess,
      }),
    }),
  );
  const postings = replay.postings([negation]);
  return {
    ok: true,
    replayedFrom,
    ...(heldBack && fixed.event ? { heldBackBy: fixed.event } : {}),
    loan: replay.current,
    overpaid: replay.overpaid,
    laterRepayments: replay.laterRepayments,
    postings,
    journals: postings.map((p) => p.journal),
    // Owing again, the order takes the status the day-end would give it by date.
    standing: standingOf(
      replay.current,
      replay.overpaid,
      openStatusFor(replay.current.dueDate, today),
      replay.clearedOn,
      today,
    ),
  };
}
