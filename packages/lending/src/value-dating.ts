import { accrueDay } from './accrual.js';
import { addDays, isAfter, isBefore, type IndiaDate } from './calendar-date.js';
import { addAmounts, COMPONENTS, totalOf, type ComponentAmounts } from './components.js';
import { postingsFor, type Journal } from './ledger.js';
import { isSettled, totalOutstanding, type LoanBalances, type LoanStep } from './loan.js';
import type { Paise } from './money.js';
import {
  closureTypeFor,
  openStatusFor,
  type ClosureType,
  type OrderStatus,
} from './order-state.js';
import { overdueDays } from './overdue.js';
import { applyRepayment } from './repayment.js';
import type { LoanProductTerms } from './terms.js';

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

/**
 * Events a restatement does not replay. Each fixed an amount or a decision on the balances of
 * its day, so moving money in front of it would change what it means:
 * - `rollover`, `coolingOffExit`: the borrower paid an exact price quoted for that day (and a
 *   rollover moved the due date);
 * - `waiver`, `writeOff`: staff decided on the amounts owed that day;
 * - `coupon`: a coupon took an amount off what was owed that day;
 * - `repaymentReversal`: a bounce returned an allocation fixed on its day;
 * - `refund`: an overpayment was paid back;
 * - `payoutReversal`: the loan itself was undone;
 * - `feeCharge`: a fee charged on a balance of its day.
 * A payment cannot be valued before the last of them; it can be valued on its day (it then
 * comes after it).
 */
export const FIXED_EVENT_KINDS = [
  'rollover',
  'coolingOffExit',
  'waiver',
  'writeOff',
  'coupon',
  'repaymentReversal',
  'refund',
  'payoutReversal',
  'feeCharge',
] as const;
export type FixedEventKind = (typeof FIXED_EVENT_KINDS)[number];

export interface FixedEvent {
  kind: FixedEventKind;
  /** The business date it was posted on. */
  date: IndiaDate;
}

/** One day-end accrual as it is in effect now (after any earlier restatement). */
export interface PostedAccrual {
  date: IndiaDate;
  interest: Paise;
  penal: Paise;
}

/** A repayment in effect, as stored: what it paid and how it was allocated. */
export interface PostedRepayment {
  /** The caller's id for it (echoed back in the results). */
  ref: string;
  valueDate: IndiaDate;
  amount: Paise;
  allocated: ComponentAmounts;
  excess: Paise;
}

/** The statuses a repayment can be posted to (a cleared loan takes it as an overpayment). */
export const VALUE_DATABLE_STATUSES = ['ACTIVE', 'DUE', 'OVERDUE', 'CLEARED', 'OVERPAID'] as const;
export type ValueDatableStatus = (typeof VALUE_DATABLE_STATUSES)[number];
const OPEN_STATUSES: readonly OrderStatus[] = ['ACTIVE', 'DUE', 'OVERDUE'];

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

/** How one repayment lands in the restated history. */
export interface RepaymentOutcome {
  valueDate: IndiaDate;
  amount: Paise;
  allocated: ComponentAmounts;
  excess: Paise;
  /** Nothing is owed after it: a `full` repayment, else `partial`. */
  settledAfter: boolean;
  /** Overdue days on its value date, with what was owed just before it. */
  overdueDaysWhenPaid: number;
}

/** A later repayment, before and after the restatement. */
export interface RestatedRepayment extends RepaymentOutcome {
  ref: string;
  before: { allocated: ComponentAmounts; excess: Paise };
  /** Its allocation or excess moved: its journal is reversed and posted again. */
  changed: boolean;
}

export type RestatementSubject =
  | { kind: 'accrual'; date: IndiaDate; event: 'interestAccrual' | 'penalAccrual' }
  | { kind: 'repayment'; ref: string }
  | { kind: 'payment' };

/**
 * One journal of a value-dated posting, in posting order:
 * - `accrual`: a day-end accrual posted for the first time (a day not accrued before); the
 *   day-end would have posted exactly it, so the caller keys it as the day-end does;
 * - `reversal`: the posting in effect for `subject` negated;
 * - `payment`: the value-dated repayment itself;
 * - `replay`: `subject` posted again with its restated amounts.
 */
export interface RestatementJournal {
  role: 'accrual' | 'reversal' | 'payment' | 'replay';
  subject: RestatementSubject;
  /** The day the posting belongs to: the accrual's day or the repayment's value date. */
  valueDate: IndiaDate;
  journal: Journal;
  /** Unique within one posting and the same for the same input: a suffix for its key. */
  slot: string;
}

/** What the order becomes. */
export interface RestatedStanding {
  status: ValueDatableStatus;
  /**
   * `cleared`: the restated history clears the loan on `clearedDate` (closure by that day);
   * `kept`: it was settled before the value date, its closure stands; `open`: not settled.
   */
  closure:
    | { kind: 'cleared'; type: ClosureType; clearedDate: IndiaDate }
    | { kind: 'kept' }
    | { kind: 'open' };
  /** As of today. */
  overdueDays: number;
}

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

/**
 * The fixed event a posted journal stands for, or null when a restatement replays it (day-end
 * accruals, repayments, earlier restatements) or it opens the loan (the disbursal, the
 * payout reservation and its release). A cooling-off exit posts an ordinary `repayment` journal: the
 * caller knows it (and a rollover's payment) by its repayment row, not by the journal.
 */
export function fixedEventKindOf(
  journal: Pick<Journal, 'event' | 'reverses'>,
): FixedEventKind | null {
  switch (journal.event) {
    case 'rollover':
    case 'waiver':
    case 'writeOff':
    case 'coupon':
    case 'refund':
    case 'feeCharge':
      return journal.event;
    case 'reversal':
      if (journal.reverses === 'repayment') return 'repaymentReversal';
      return journal.reverses === 'payoutReservation' ? null : 'payoutReversal';
    // Wallet and payout-account journals (below) are of no order: never an order's event.
    case 'disbursal':
    case 'payoutReservation':
    case 'interestAccrual':
    case 'penalAccrual':
    case 'repayment':
    case 'valueDateReversal':
    case 'walletReward':
    case 'walletHold':
    case 'walletPayout':
    case 'walletRelease':
    case 'walletClawback':
    case 'floatRecharge':
    case 'unappliedCredit':
    case 'unappliedCreditRefund':
    case 'unappliedCreditApplied':
      return null;
    // Income recognition moves between income and suspense, never the receivable: a restatement
    // leaves them, and the loan book settles the suspense against what is owed after it.
    case 'incomeToSuspense':
    case 'suspenseToIncome':
      return null;
  }
}

/** The earliest value date a payment can take: disbursal, or the last fixed event's day. */
export function earliestValueDate(
  loan: Pick<LoanBalances, 'disbursalDate'>,
  fixedEvents: readonly FixedEvent[],
): { earliest: IndiaDate; event?: FixedEvent } {
  let earliest = loan.disbursalDate;
  let event: FixedEvent | undefined;
  for (const fixed of fixedEvents) {
    if (isBefore(earliest, fixed.date)) {
      earliest = fixed.date;
      event = fixed;
    }
  }
  return event ? { earliest, event } : { earliest };
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

const ACCRUAL_EVENTS = ['interestAccrual', 'penalAccrual'] as const;
type AccrualEvent = (typeof ACCRUAL_EVENTS)[number];

function accrualAmount(accrual: Pick<PostedAccrual, 'interest' | 'penal'>, event: AccrualEvent) {
  return event === 'interestAccrual' ? accrual.interest : accrual.penal;
}

function sameAllocation(
  a: { allocated: ComponentAmounts; excess: Paise },
  b: { allocated: ComponentAmounts; excess: Paise },
): boolean {
  return a.excess === b.excess && COMPONENTS.every((c) => a.allocated[c] === b.allocated[c]);
}

function posting(
  role: RestatementJournal['role'],
  subject: RestatementSubject,
  valueDate: IndiaDate,
  journal: Journal,
): RestatementJournal {
  const about =
    subject.kind === 'accrual'
      ? `:${subject.date}:${subject.event}`
      : subject.kind === 'repayment'
        ? `:repayment:${subject.ref}`
        : '';
  return { role, subject, valueDate, journal, slot: `${role}${about}` };
}

function reversalOf(
  subject: RestatementSubject,
  valueDate: IndiaDate,
  original: Journal,
): RestatementJournal {
  return posting(
    'reversal',
    subject,
    valueDate,
    postingsFor({ type: 'valueDateReversal', original }),
  );
}

function inconsistent(message: string): never {
  throw new RangeError(`Value-dated repayment: inconsistent history: ${message}`);
}

interface Cut {
  loan: LoanBalances;
  overpaid: Paise;
  accrualByDate: Map<IndiaDate, PostedAccrual>;
  repaymentsByDate: Map<IndiaDate, PostedRepayment[]>;
}

/**
 * The loan during the value date, after every event valued that day or earlier: the current
 * balances with the tail taken away. Checks that the tail is one the book could hold.
 */
function cutAt(input: ValueDatedRepaymentInput, valueDate: IndiaDate): Cut {
  const { loan } = input;
  const accrualByDate = new Map<IndiaDate, PostedAccrual>();
  let outstanding = { ...loan.outstanding };
  let penalCharged = loan.penalCharged;
  for (const accrual of input.accruals) {
    if (isBefore(accrual.date, valueDate)) continue;
    if (isAfter(accrual.date, loan.accruedThrough)) {
      inconsistent(`accrual of ${accrual.date} after ${loan.accruedThrough}`);
    }
    if (accrualByDate.has(accrual.date)) inconsistent(`two accruals of ${accrual.date}`);
    if (accrual.interest < 0n || accrual.penal < 0n) inconsistent('negative accrual');
    accrualByDate.set(accrual.date, accrual);
    outstanding.interest -= accrual.interest;
    outstanding.penal -= accrual.penal;
    penalCharged -= accrual.penal;
  }
  const repaymentsByDate = new Map<IndiaDate, PostedRepayment[]>();
  let overpaid = input.overpaid;
  for (const repayment of input.laterRepayments) {
    if (!isAfter(repayment.valueDate, valueDate)) continue;
    if (isAfter(repayment.valueDate, input.today)) {
      inconsistent(`repayment ${repayment.ref} valued ${repayment.valueDate}`);
    }
    if (totalOf(repayment.allocated) + repayment.excess !== repayment.amount) {
      inconsistent(`repayment ${repayment.ref} is not allocated in full`);
    }
    const sameDay = repaymentsByDate.get(repayment.valueDate) ?? [];
    sameDay.push(repayment);
    repaymentsByDate.set(repayment.valueDate, sameDay);
    outstanding = addAmounts(outstanding, repayment.allocated);
    overpaid -= repayment.excess;
  }
  if (COMPONENTS.some((c) => outstanding[c] < 0n) || penalCharged < 0n || overpaid < 0n) {
    inconsistent('the tail is more than the balances hold');
  }
  const dayBefore = addDays(valueDate, -1);
  const accruedThrough = isBefore(loan.accruedThrough, dayBefore) ? loan.accruedThrough : dayBefore;
  return {
    loan: { ...loan, outstanding, penalCharged, accruedThrough },
    overpaid,
    accrualByDate,
    repaymentsByDate,
  };
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

  const cut = cutAt(input, valueDate);
  const settledAtCut = isSettled(cut.loan);
  if (settledAtCut && OPEN_STATUSES.includes(input.status)) {
    inconsistent(`nothing owed at ${valueDate} but the order is ${input.status}`);
  }
  let current = cut.loan;
  let overpaid = cut.overpaid;
  let clearedOn: IndiaDate | null = null;
  const before: RestatementJournal[] = [];
  const reversals: RestatementJournal[] = [];
  const after: RestatementJournal[] = [];

  const accrue = (date: IndiaDate, into: RestatementJournal[]) => {
    const step = accrueDay(current, terms, date);
    current = step.loan;
    const posted = cut.accrualByDate.get(date);
    // A day accrued before is restated; a day never accrued is posted as the day-end would.
    const restating = !isAfter(date, loan.accruedThrough);
    for (const event of ACCRUAL_EVENTS) {
      const subject = { kind: 'accrual' as const, date, event };
      const amount = accrualAmount(step.accrual, event);
      const was = posted ? accrualAmount(posted, event) : 0n;
      if (restating && was === amount) continue;
      if (was > 0n)
        reversals.push(reversalOf(subject, date, postingsFor({ type: event, amount: was })));
      if (amount > 0n) {
        const journal = postingsFor({ type: event, amount });
        into.push(posting(restating ? 'replay' : 'accrual', subject, date, journal));
      }
    }
  };

  const repay = (date: IndiaDate, amount: Paise): RepaymentOutcome & { journal: Journal } => {
    const owed = totalOutstanding(current);
    // Every earlier day-end is in `current`, so applyRepayment catches up nothing.
    const step = applyRepayment(current, terms, date, amount);
    current = step.loan;
    overpaid += step.allocation.excess;
    if (step.settled && clearedOn === null && !settledAtCut) clearedOn = date;
    return {
      valueDate: date,
      amount,
      allocated: step.allocation.allocated,
      excess: step.allocation.excess,
      settledAfter: step.settled,
      overdueDaysWhenPaid: overdueDays(current.dueDate, date, owed),
      journal: step.journals[step.journals.length - 1]!,
    };
  };

  for (
    let date = addDays(current.accruedThrough, 1);
    isBefore(date, valueDate);
    date = addDays(date, 1)
  ) {
    accrue(date, before);
  }
  const { journal: paymentJournal, ...payment } = repay(valueDate, input.amount);
  const laterRepayments: RestatedRepayment[] = [];
  for (let date = valueDate; !isAfter(date, today); date = addDays(date, 1)) {
    for (const later of cut.repaymentsByDate.get(date) ?? []) {
      const { journal, ...outcome } = repay(date, later.amount);
      const was = { allocated: later.allocated, excess: later.excess };
      const changed = !sameAllocation(was, outcome);
      laterRepayments.push({ ref: later.ref, before: was, changed, ...outcome });
      if (!changed) continue;
      const subject = { kind: 'repayment' as const, ref: later.ref };
      reversals.push(reversalOf(subject, date, postingsFor({ type: 'repayment', ...was })));
      after.push(posting('replay', subject, date, journal));
    }
    if (isBefore(date, today)) accrue(date, after);
  }

  // Newest first: each step of the undoing leaves balances the loan really had.
  reversals.reverse();
  const postings: RestatementJournal[] = [
    ...before,
    ...reversals,
    posting('payment', { kind: 'payment' }, valueDate, paymentJournal),
    ...after,
  ];
  return {
    ok: true,
    valueDate,
    requestedValueDate: input.valueDate,
    ...(valueDateMoved ? { valueDateMoved } : {}),
    loan: current,
    overpaid,
    payment,
    laterRepayments,
    postings,
    journals: postings.map((posting) => posting.journal),
    standing: standingOf(current, overpaid, input.status, clearedOn, today),
  };
}

function standingOf(
  loan: LoanBalances,
  overpaid: Paise,
  status: OrderStatus,
  clearedOn: IndiaDate | null,
  today: IndiaDate,
): RestatedStanding {
  if (!isSettled(loan)) {
    // An open order keeps the status the day-end gave it (the due date has not moved). A
    // cleared one that owes again is re-opened by date; more money earlier has not been seen
    // to do that, but a closed order must never be left owing.
    const open = OPEN_STATUSES.includes(status)
      ? (status as 'ACTIVE' | 'DUE' | 'OVERDUE')
      : openStatusFor(loan.dueDate, today);
    return {
      status: open,
      closure: { kind: 'open' },
      overdueDays: overdueDays(loan.dueDate, today, totalOutstanding(loan)),
    };
  }
  return {
    status: overpaid > 0n ? 'OVERPAID' : 'CLEARED',
    closure:
      clearedOn === null
        ? { kind: 'kept' }
        : {
            kind: 'cleared',
            type: closureTypeFor(loan.dueDate, clearedOn),
            clearedDate: clearedOn,
          },
    overdueDays: 0,
  };
}

/**
 * The event a status history row (and `lastEvent`) names for a value-dated posting. Not one of
 * ORDER_EVENTS: a restatement does not apply a rule to the current status, it derives the
 * status again from the restated balances (CLEARED may become OVERPAID, which no event does).
 */
export const VALUE_DATED_REPAYMENT_EVENT = 'valueDatedRepayment' as const;
export type ValueDatedRepaymentEvent = typeof VALUE_DATED_REPAYMENT_EVENT;
