import { accrueThrough, type DayAccrual } from './accrual.js';
import { addDays, isBefore, type IndiaDate } from './calendar-date.js';
import { totalOf, type ComponentAmounts } from './components.js';
import { rolloverFee } from './fees.js';
import { postingsFor } from './ledger.js';
import type { LoanBalances, LoanStep } from './loan.js';
import type { Paise } from './money.js';
import type { LoanProductTerms } from './terms.js';

export type RolloverRefusal =
  | 'NOT_DISBURSED'
  | 'LOAN_CLEARED'
  | 'MAX_ROLLOVERS_REACHED'
  | 'OVERDUE_ROLLOVER_NOT_ALLOWED'
  | 'NEW_DUE_DATE_NOT_AHEAD';

export type RolloverQuote =
  | {
      ok: true;
      date: IndiaDate;
      /** Interest to date (days used so far, unpaid). */
      interest: Paise;
      /** Penal to date; only when overdue and the product allows overdue rollover. */
      penal: Paise;
      /** This rollover's fee and its GST. */
      fee: Paise;
      gst: Paise;
      /** What the borrower pays now, per component (includes fees still unpaid from before). */
      payable: ComponentAmounts;
      total: Paise;
      newDueDate: IndiaDate;
      /** 1 for the first rollover. */
      rolloverNumber: number;
    }
  | { ok: false; reason: RolloverRefusal };

function quoteFrom(
  loan: LoanBalances,
  terms: LoanProductTerms,
  date: IndiaDate,
): { quote: RolloverQuote; accruals: DayAccrual[]; caughtUp: LoanStep } {
  const caughtUp = accrueThrough(loan, terms, addDays(date, -1));
  const refuse = (reason: RolloverRefusal) => ({
    quote: { ok: false as const, reason },
    accruals: caughtUp.accruals,
    caughtUp,
  });
  const current = caughtUp.loan;
  if (isBefore(date, loan.disbursalDate)) return refuse('NOT_DISBURSED');
  if (current.outstanding.principal === 0n) return refuse('LOAN_CLEARED');
  if (current.rolloverCount >= terms.maxRollovers) return refuse('MAX_ROLLOVERS_REACHED');
  const overdue = isBefore(current.dueDate, date);
  if (overdue && !terms.allowOverdueRollover) return refuse('OVERDUE_ROLLOVER_NOT_ALLOWED');
  const newDueDate = addDays(current.dueDate, terms.rolloverDays);
  // A rollover buys time: one that leaves the loan due or overdue today would only add a fee.
  if (!isBefore(date, newDueDate)) return refuse('NEW_DUE_DATE_NOT_AHEAD');

  const { fee, gst } = rolloverFee(terms, current.outstanding.principal);
  const payable: ComponentAmounts = {
    principal: 0n,
    interest: current.outstanding.interest,
    fee: current.outstanding.fee + fee,
    gst: current.outstanding.gst + gst,
    penal: current.outstanding.penal,
  };
  return {
    quote: {
      ok: true,
      date,
      interest: payable.interest,
      penal: payable.penal,
      fee,
      gst,
      payable,
      total: totalOf(payable),
      newDueDate,
      rolloverNumber: current.rolloverCount + 1,
    },
    accruals: caughtUp.accruals,
    caughtUp,
  };
}

/** What renewing costs during `date`: interest to date + rollover fee + GST (+ penal if overdue). */
export function rolloverQuote(
  loan: LoanBalances,
  terms: LoanProductTerms,
  date: IndiaDate,
): RolloverQuote {
  return quoteFrom(loan, terms, date).quote;
}

export type RolloverStep =
  | ({ ok: true; quote: Extract<RolloverQuote, { ok: true }>; accruals: DayAccrual[] } & LoanStep)
  | { ok: false; reason: RolloverRefusal };

/** Renews the loan once the quoted total is received: principal stays, the due date moves. */
export function applyRollover(
  loan: LoanBalances,
  terms: LoanProductTerms,
  date: IndiaDate,
): RolloverStep {
  const { quote, accruals, caughtUp } = quoteFrom(loan, terms, date);
  if (!quote.ok) return quote;
  const current = caughtUp.loan;
  return {
    ok: true,
    quote,
    accruals,
    loan: {
      ...current,
      outstanding: {
        principal: current.outstanding.principal,
        interest: 0n,
        fee: 0n,
        gst: 0n,
        penal: 0n,
      },
      dueDate: quote.newDueDate,
      rolloverCount: quote.rolloverNumber,
    },
    journals: [
      ...caughtUp.journals,
      postingsFor({ type: 'rollover', fee: quote.fee, gst: quote.gst, paid: quote.payable }),
    ],
  };
}
