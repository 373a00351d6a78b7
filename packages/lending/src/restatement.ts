import { accrueDay } from './accrual.js';
import { addDays, isAfter, isBefore, type IndiaDate } from './calendar-date.js';
import { addAmounts, COMPONENTS, totalOf, type ComponentAmounts } from './components.js';
import { postingsFor, type Journal } from './ledger.js';
import { isSettled, totalOutstanding, type LoanBalances } from './loan.js';
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
 * Restating a loan's history from a past day: what a value-dated repayment (value-dating.ts)
 * and a repayment reversal (repayment-reversal.ts) share. The loan is cut back to a day from
 * its current balances minus what is in effect after that day (the day-end accruals and the
 * repayments valued later), then the engine's own steps (`accrueDay`, `applyRepayment`) are
 * applied again in order through today. Postings whose amounts change are negated
 * (`valueDateReversal`) and posted again; nothing is deleted.
 */

/**
 * Events a restatement does not replay. Each fixed an amount or a decision on the balances of
 * its day, so moving money in front of it would change what it means:
 * - `rollover`, `coolingOffExit`: the borrower paid an exact price quoted for that day (and a
 *   rollover moved the due date);
 * - `waiver`, `writeOff`: staff decided on the amounts owed that day;
 * - `coupon`: a coupon took an amount off what was owed that day;
 * - `refund`: an overpayment was paid back;
 * - `payoutReversal`: the loan itself was undone;
 * - `feeCharge`: a fee charged on a balance of its day;
 * - `periodLock`: finance locked the books through the day before (a locked month), so nothing
 *   valued earlier may change (its date is the first day after the lock).
 * A payment cannot be valued before the last of them; it can be valued on its day (it then
 * comes after it). A bounce (`reversal` of a repayment) is not one: it is itself a replay
 * (repayment-reversal.ts), so a history with it in can be restated like any other.
 */
export const FIXED_EVENT_KINDS = [
  'rollover',
  'coolingOffExit',
  'waiver',
  'writeOff',
  'coupon',
  'refund',
  'payoutReversal',
  'feeCharge',
  'periodLock',
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
export const OPEN_STATUSES: readonly OrderStatus[] = ['ACTIVE', 'DUE', 'OVERDUE'];

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

/**
 * The fixed event a posted journal stands for, or null when a restatement replays it (day-end
 * accruals, repayments, earlier restatements) or it opens the loan (the disbursal, the
 * payout reservation and its release). A cooling-off exit posts an ordinary `repayment` journal: the
 * caller knows it (and a rollover's payment) by its repayment row, not by the journal.
 */
export function fixedEventKindOf(
  journal: Pick<Journal, 'event' | 'reverses'>,
): Exclude<FixedEventKind, 'periodLock'> | null {
  switch (journal.event) {
    case 'rollover':
    case 'waiver':
    case 'writeOff':
    case 'coupon':
    case 'refund':
    case 'feeCharge':
      return journal.event;
    case 'reversal':
      if (journal.reverses === 'repayment') return null;
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

export function posting(
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

export function inconsistent(message: string): never {
  throw new RangeError(`Restatement: inconsistent history: ${message}`);
}

/** What a restatement reads of the loan: as stored now, and the tail after the cut. */
export interface RestatementTail {
  loan: LoanBalances;
  /** Unrefunded overpayment now (the customer-overpayment liability). */
  overpaid: Paise;
  today: IndiaDate;
  /** Every day-end accrual in effect from the cut's day on (earlier days are ignored). */
  accruals: readonly PostedAccrual[];
  /** Every repayment in effect valued on or after the cut's day, in posting order. */
  laterRepayments: readonly PostedRepayment[];
}

export interface Cut {
  loan: LoanBalances;
  overpaid: Paise;
  accrualByDate: Map<IndiaDate, PostedAccrual>;
  /** The repayments taken away, by value date, in posting order: they are replayed. */
  repaymentsByDate: Map<IndiaDate, PostedRepayment[]>;
}

/**
 * The loan on `date` from the current balances with the tail taken away: every accrual of
 * `date` or later, and the repayments valued after `date` (`after`: the loan during `date`,
 * after its events) or on and after it (`before`: the loan as `date` began). Checks that the
 * tail is one the book could hold.
 */
export function cutAt(tail: RestatementTail, date: IndiaDate, at: 'before' | 'after'): Cut {
  const { loan } = tail;
  const accrualByDate = new Map<IndiaDate, PostedAccrual>();
  let outstanding = { ...loan.outstanding };
  let penalCharged = loan.penalCharged;
  for (const accrual of tail.accruals) {
    if (isBefore(accrual.date, date)) continue;
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
  let overpaid = tail.overpaid;
  for (const repayment of tail.laterRepayments) {
    if (isBefore(repayment.valueDate, date)) continue;
    if (at === 'after' && repayment.valueDate === date) continue;
    if (isAfter(repayment.valueDate, tail.today)) {
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
  const dayBefore = addDays(date, -1);
  const accruedThrough = isBefore(loan.accruedThrough, dayBefore) ? loan.accruedThrough : dayBefore;
  return {
    loan: { ...loan, outstanding, penalCharged, accruedThrough },
    overpaid,
    accrualByDate,
    repaymentsByDate,
  };
}

/**
 * The history applied again from a cut: day-ends (`accrue`) and repayments (`repay`) in the
 * order the caller gives, each compared with what is in effect so that only postings whose
 * amounts change are reversed and posted again.
 */
export class Replay {
  current: LoanBalances;
  overpaid: Paise;
  /** The day the restated history first settles the loan (when it was owed at the cut). */
  clearedOn: IndiaDate | null = null;
  readonly settledAtCut: boolean;
  /** Day-ends never posted before the first replayed day (the day-end is behind). */
  readonly before: RestatementJournal[] = [];
  /** Negations, in the order found; posted newest first. */
  readonly reversals: RestatementJournal[] = [];
  readonly after: RestatementJournal[] = [];
  readonly laterRepayments: RestatedRepayment[] = [];

  constructor(
    private readonly terms: LoanProductTerms,
    /** The loan as stored now: which days were accrued before. */
    private readonly stored: LoanBalances,
    private readonly cut: Cut,
  ) {
    this.current = cut.loan;
    this.overpaid = cut.overpaid;
    this.settledAtCut = isSettled(cut.loan);
  }

  /** Day-ends from the cut through the day before `date` that were never posted. */
  catchUpBefore(date: IndiaDate): void {
    for (
      let day = addDays(this.current.accruedThrough, 1);
      isBefore(day, date);
      day = addDays(day, 1)
    ) {
      this.accrue(day, this.before);
    }
  }

  /** One day-end: a day accrued before is restated, a day never accrued posted as the day-end would. */
  accrue(date: IndiaDate, into: RestatementJournal[] = this.after): void {
    const step = accrueDay(this.current, this.terms, date);
    this.current = step.loan;
    const posted = this.cut.accrualByDate.get(date);
    const restating = !isAfter(date, this.stored.accruedThrough);
    for (const event of ACCRUAL_EVENTS) {
      const subject = { kind: 'accrual' as const, date, event };
      const amount = accrualAmount(step.accrual, event);
      const was = posted ? accrualAmount(posted, event) : 0n;
      if (restating && was === amount) continue;
      if (was > 0n)
        this.reversals.push(reversalOf(subject, date, postingsFor({ type: event, amount: was })));
      if (amount > 0n) {
        const journal = postingsFor({ type: event, amount });
        into.push(posting(restating ? 'replay' : 'accrual', subject, date, journal));
      }
    }
  }

  /** A repayment applied on `date` to the restated loan. */
  repay(date: IndiaDate, amount: Paise): RepaymentOutcome & { journal: Journal } {
    const owed = totalOutstanding(this.current);
    // Every earlier day-end is in `current`, so applyRepayment catches up nothing.
    const step = applyRepayment(this.current, this.terms, date, amount);
    this.current = step.loan;
    this.overpaid += step.allocation.excess;
    if (step.settled && this.clearedOn === null && !this.settledAtCut) this.clearedOn = date;
    return {
      valueDate: date,
      amount,
      allocated: step.allocation.allocated,
      excess: step.allocation.excess,
      settledAfter: step.settled,
      overdueDaysWhenPaid: overdueDays(this.current.dueDate, date, owed),
      journal: step.journals[step.journals.length - 1]!,
    };
  }

  /**
   * Every day from `from` through `today`: the repayments taken away at the cut and valued that
   * day, in posting order (except `skip`), then, before today, the day's day-end.
   */
  replayThrough(from: IndiaDate, today: IndiaDate, skip?: string): void {
    for (let date = from; !isAfter(date, today); date = addDays(date, 1)) {
      for (const later of this.cut.repaymentsByDate.get(date) ?? []) {
        if (later.ref === skip) continue;
        const { journal, ...outcome } = this.repay(date, later.amount);
        const was = { allocated: later.allocated, excess: later.excess };
        const changed = !sameAllocation(was, outcome);
        this.laterRepayments.push({ ref: later.ref, before: was, changed, ...outcome });
        if (!changed) continue;
        const subject = { kind: 'repayment' as const, ref: later.ref };
        this.reversals.push(reversalOf(subject, date, postingsFor({ type: 'repayment', ...was })));
        this.after.push(posting('replay', subject, date, journal));
      }
      if (isBefore(date, today)) this.accrue(date);
    }
  }

  /**
   * The postings in order: day-ends never posted, the negations newest first (each step of the
   * undoing leaves balances the loan really had), `middle` (the payment, or the reversal of the
   * reversed repayment), then what was applied again.
   */
  postings(middle: readonly RestatementJournal[]): RestatementJournal[] {
    return [...this.before, ...[...this.reversals].reverse(), ...middle, ...this.after];
  }
}

/** The order after a restatement: settled or open, and since when. */
export function standingOf(
  loan: LoanBalances,
  overpaid: Paise,
  status: OrderStatus,
  clearedOn: IndiaDate | null,
  today: IndiaDate,
): RestatedStanding {
  if (!isSettled(loan)) {
    // An open order keeps the status the day-end gave it (the due date has not moved). A
    // cleared one that owes again is re-opened by date: a closed order is never left owing.
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
