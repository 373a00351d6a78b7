import { accrueDay } from '../accrual.js';
import { addDays, isAfter, isBefore, type IndiaDate } from '../calendar-date.js';
import type { ComponentAmounts } from '../components.js';
import { accountBalances, postingsFor, type Account, type Journal } from '../ledger.js';
import { disburse, isSettled, type LoanBalances } from '../loan.js';
import type { Paise } from '../money.js';
import {
  closureTypeFor,
  openStatusFor,
  type ClosureType,
  type OrderStatus,
} from '../order-state.js';
import { applyRepayment, applyWaiver, waiveRemaining, type AmountsResult } from '../repayment.js';
import { applyRollover } from '../rollover.js';
import type { LoanProductTerms } from '../terms.js';
import { applyRepaymentReversal, type RepaymentReversalStep } from '../repayment-reversal.js';
import type {
  FixedEvent,
  PostedAccrual,
  RestatedStanding,
  RestatementSubject,
} from '../restatement.js';
import {
  applyValueDatedRepayment,
  type ValueDatedRepaymentStep,
  type ValueDateRefusal,
} from '../value-dating.js';

/** What a journal in the book stands for, so a restatement can find the one in effect. */
type BookSubject = Exclude<RestatementSubject, { kind: 'payment' }>;

export interface BookJournal {
  id: number;
  journal: Journal;
  valueDate: IndiaDate;
  postedOn: IndiaDate;
  subject?: BookSubject;
  reversedBy?: number;
}

export interface BookRepayment {
  ref: string;
  valueDate: IndiaDate;
  postedOn: IndiaDate;
  amount: Paise;
  allocated: ComponentAmounts;
  excess: Paise;
  journalId: number;
}

/**
 * A test-only model of what the server keeps for one order (balances, status, closure, an
 * append-only ledger, repayment rows) and of how it applies a value-dated posting: the
 * executable form of the integration decision 0022 describes. Throws when a restatement does
 * not fit the book (a reversal that is not the exact negation of the posting in effect).
 */
export class ReferenceBook {
  loan: LoanBalances;
  overpaid: Paise = 0n;
  /** CLEARED / OVERPAID once settled; open statuses are derived by date (`statusOn`). */
  settledStatus: 'CLEARED' | 'OVERPAID' | null = null;
  closure: { type: ClosureType; clearedDate: IndiaDate } | null = null;
  readonly journals: BookJournal[] = [];
  readonly repayments: BookRepayment[] = [];
  readonly fixedEvents: FixedEvent[] = [];
  private refs = 0;

  constructor(
    readonly terms: LoanProductTerms,
    principal: Paise,
    disbursalDate: IndiaDate,
  ) {
    const opened = disburse(terms, principal, disbursalDate);
    this.loan = opened.loan;
    for (const journal of opened.journals) this.post(journal, disbursalDate, disbursalDate);
  }

  statusOn(today: IndiaDate): OrderStatus {
    return this.settledStatus ?? openStatusFor(this.loan.dueDate, today);
  }

  /** Day-ends through `date`, each day once (missed ones caught up in order). */
  accrueThrough(date: IndiaDate): void {
    for (
      let day = addDays(this.loan.accruedThrough, 1);
      !isAfter(day, date);
      day = addDays(day, 1)
    ) {
      const step = accrueDay(this.loan, this.terms, day);
      this.loan = step.loan;
      for (const journal of step.journals) {
        const event = journal.event as 'interestAccrual' | 'penalAccrual';
        this.post(journal, day, day, { kind: 'accrual', date: day, event });
      }
    }
  }

  /** A repayment posted on the day the money came (the server's postRepayment). */
  repay(today: IndiaDate, amount: Paise): BookRepayment {
    this.accrueThrough(addDays(today, -1));
    const wasSettled = isSettled(this.loan);
    const step = applyRepayment(this.loan, this.terms, today, amount);
    const ref = this.nextRef();
    const journalId = this.post(step.journals[step.journals.length - 1]!, today, today, {
      kind: 'repayment',
      ref,
    });
    const row: BookRepayment = {
      ref,
      valueDate: today,
      postedOn: today,
      amount,
      allocated: step.allocation.allocated,
      excess: step.allocation.excess,
      journalId,
    };
    this.repayments.push(row);
    this.loan = step.loan;
    this.overpaid += step.allocation.excess;
    if (step.settled) {
      this.settledStatus = this.overpaid > 0n ? 'OVERPAID' : 'CLEARED';
      if (!wasSettled) {
        this.closure = { type: closureTypeFor(this.loan.dueDate, today), clearedDate: today };
      }
    }
    return row;
  }

  /** A repayment posted on `today` as of `valueDate`, applied the way the server would. */
  repayValueDated(
    today: IndiaDate,
    valueDate: IndiaDate,
    amount: Paise,
    options: { valueAtEarliestAllowed?: boolean } = {},
  ): ValueDatedRepaymentStep | ValueDateRefusal {
    const result = applyValueDatedRepayment({
      terms: this.terms,
      loan: this.loan,
      status: this.statusOn(today),
      overpaid: this.overpaid,
      today,
      valueDate,
      amount,
      accruals: this.accrualsFrom(valueDate),
      laterRepayments: this.repayments.filter((row) => isAfter(row.valueDate, valueDate)),
      fixedEvents: this.fixedEvents,
      ...options,
    });
    if (!result.ok) return result;
    const ref = this.nextRef();
    const rowOf = (subjectRef: string) => {
      const row = this.repayments.find((r) => r.ref === subjectRef);
      if (!row) throw new Error(`no repayment ${subjectRef}`);
      return row;
    };
    let paymentJournalId = 0;
    for (const posting of result.postings) {
      const { subject } = posting;
      const bookSubject: BookSubject =
        subject.kind === 'payment' ? { kind: 'repayment', ref } : subject;
      if (posting.role === 'reversal') {
        const target = this.inEffect(bookSubject);
        const expected = postingsFor({ type: 'valueDateReversal', original: target.journal });
        if (JSON.stringify(expected, bigints) !== JSON.stringify(posting.journal, bigints)) {
          throw new Error(`reversal of ${JSON.stringify(subject)} does not negate the posting`);
        }
        target.reversedBy = this.post(posting.journal, posting.valueDate, today);
        continue;
      }
      const id = this.post(posting.journal, posting.valueDate, today, bookSubject);
      if (posting.role === 'payment') paymentJournalId = id;
      if (posting.role === 'replay' && subject.kind === 'repayment')
        rowOf(subject.ref).journalId = id;
    }
    for (const later of result.laterRepayments) {
      const row = rowOf(later.ref);
      row.allocated = later.allocated;
      row.excess = later.excess;
    }
    this.repayments.push({
      ref,
      valueDate: result.valueDate,
      postedOn: today,
      amount,
      allocated: result.payment.allocated,
      excess: result.payment.excess,
      journalId: paymentJournalId,
    });
    this.loan = result.loan;
    this.overpaid = result.overpaid;
    this.applyStanding(result.standing);
    return result;
  }

  /** The order's status and closure after a restatement. */
  private applyStanding(standing: RestatedStanding): void {
    this.settledStatus =
      standing.status === 'CLEARED' || standing.status === 'OVERPAID' ? standing.status : null;
    if (standing.closure.kind === 'open') this.closure = null;
    if (standing.closure.kind === 'cleared') {
      this.closure = { type: standing.closure.type, clearedDate: standing.closure.clearedDate };
    }
  }

  /** A repayment reversed on `today` (a bounce), replayed the way the server would. */
  reverse(today: IndiaDate, ref: string): RepaymentReversalStep {
    const row = this.repayments.find((r) => r.ref === ref);
    if (!row) throw new Error(`no repayment ${ref} in effect`);
    const others = this.repayments.filter(
      (r) => r.ref !== ref && !isBefore(r.valueDate, row.valueDate),
    );
    const result = applyRepaymentReversal({
      terms: this.terms,
      loan: this.loan,
      status: this.statusOn(today),
      overpaid: this.overpaid,
      today,
      reversed: row,
      accruals: this.accrualsFrom(row.valueDate),
      laterRepayments: others,
      fixedEvents: this.fixedEvents,
    });
    if (!result.ok) throw new Error(result.reason);
    for (const posting of result.postings) {
      const { subject } = posting;
      if (subject.kind === 'payment') throw new Error('a reversal posts no payment');
      if (posting.role === 'reversal') {
        const target = this.inEffect(subject);
        const type = posting.journal.event === 'reversal' ? 'reversal' : 'valueDateReversal';
        const expected = postingsFor({ type, original: target.journal });
        if (JSON.stringify(expected, bigints) !== JSON.stringify(posting.journal, bigints)) {
          throw new Error(`reversal of ${JSON.stringify(subject)} does not negate the posting`);
        }
        target.reversedBy = this.post(posting.journal, posting.valueDate, today);
        continue;
      }
      const id = this.post(posting.journal, posting.valueDate, today, subject);
      if (posting.role === 'replay' && subject.kind === 'repayment') {
        const replayed = this.repayments.find((r) => r.ref === subject.ref);
        if (!replayed) throw new Error(`no repayment ${subject.ref}`);
        replayed.journalId = id;
      }
    }
    for (const later of result.laterRepayments) {
      const replayed = this.repayments.find((r) => r.ref === later.ref)!;
      replayed.allocated = later.allocated;
      replayed.excess = later.excess;
    }
    this.repayments.splice(this.repayments.indexOf(row), 1);
    this.loan = result.loan;
    this.overpaid = result.overpaid;
    this.applyStanding(result.standing);
    return result;
  }

  /** Waives all penal owed (a staff waiver); false when there is none. */
  waivePenal(today: IndiaDate): boolean {
    this.accrueThrough(addDays(today, -1));
    return this.release(today, applyWaiver(this.loan, { penal: this.loan.outstanding.penal }));
  }

  /** Settlement: what remains is waived. */
  settle(today: IndiaDate): boolean {
    this.accrueThrough(addDays(today, -1));
    return this.release(today, waiveRemaining(this.loan));
  }

  rollover(today: IndiaDate): boolean {
    this.accrueThrough(addDays(today, -1));
    const step = applyRollover(this.loan, this.terms, today);
    if (!step.ok) return false;
    for (const journal of step.journals) this.post(journal, today, today);
    this.loan = step.loan;
    this.fixedEvents.push({ kind: 'rollover', date: today });
    return true;
  }

  ledger(): Journal[] {
    return this.journals.map((entry) => entry.journal);
  }

  /** Per account, without accounts that net to zero. */
  accountTotals(): Map<Account, Paise> {
    return withoutZeros(accountBalances(this.ledger()));
  }

  private release(today: IndiaDate, step: AmountsResult): boolean {
    if (!step.ok) return false;
    for (const journal of step.journals) this.post(journal, today, today);
    this.loan = step.loan;
    this.fixedEvents.push({ kind: 'waiver', date: today });
    if (isSettled(this.loan) && this.settledStatus === null) {
      this.settledStatus = this.overpaid > 0n ? 'OVERPAID' : 'CLEARED';
      this.closure = { type: 'SETTLED_WITH_WAIVER', clearedDate: today };
    }
    return true;
  }

  private accrualsFrom(valueDate: IndiaDate): PostedAccrual[] {
    const byDate = new Map<IndiaDate, PostedAccrual>();
    for (const entry of this.journals) {
      const { subject } = entry;
      if (entry.reversedBy || subject?.kind !== 'accrual' || isBefore(subject.date, valueDate))
        continue;
      const accrual = byDate.get(subject.date) ?? { date: subject.date, interest: 0n, penal: 0n };
      const amount = entry.journal.lines.find((line) => line.component)?.amount ?? 0n;
      if (subject.event === 'interestAccrual') accrual.interest += amount;
      else accrual.penal += amount;
      byDate.set(subject.date, accrual);
    }
    return [...byDate.values()];
  }

  private inEffect(subject: BookSubject): BookJournal {
    const found =
      subject.kind === 'repayment'
        ? this.journals.find(
            (entry) =>
              entry.id === this.repayments.find((row) => row.ref === subject.ref)?.journalId,
          )
        : this.journals.find(
            (entry) =>
              !entry.reversedBy &&
              entry.subject?.kind === 'accrual' &&
              entry.subject.date === subject.date &&
              entry.subject.event === subject.event,
          );
    if (!found || found.reversedBy)
      throw new Error(`nothing in effect for ${JSON.stringify(subject)}`);
    return found;
  }

  private post(
    journal: Journal,
    valueDate: IndiaDate,
    postedOn: IndiaDate,
    subject?: BookSubject,
  ): number {
    const id = this.journals.length + 1;
    this.journals.push({ id, journal, valueDate, postedOn, ...(subject ? { subject } : {}) });
    return id;
  }

  private nextRef(): string {
    this.refs += 1;
    return `R${this.refs}`;
  }
}

export function withoutZeros<K>(totals: Map<K, Paise>): Map<K, Paise> {
  return new Map([...totals].filter(([, amount]) => amount !== 0n));
}

function bigints(_key: string, value: unknown) {
  return typeof value === 'bigint' ? value.toString() : value;
}
