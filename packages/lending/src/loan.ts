import { addDays, type IndiaDate } from './calendar-date.js';
import { COMPONENTS, totalOf, zeroAmounts, type ComponentAmounts } from './components.js';
import { quoteDisbursal, type DisbursalQuote } from './fees.js';
import { postingsFor, type Journal } from './ledger.js';
import type { Paise } from './money.js';
import type { LoanProductTerms } from './terms.js';

/** The money state of one disbursed order; the server stores it beside the ledger. */
export interface LoanBalances {
  /** Owed per component (never negative). */
  outstanding: ComponentAmounts;
  /** Principal paid out (before fee deduction): base of the penal cap. */
  principalDisbursed: Paise;
  /** All penal charges ever posted, paid or not: what the cap limits. */
  penalCharged: Paise;
  /** The payout's processed date: day 0 of the loan. */
  disbursalDate: IndiaDate;
  dueDate: IndiaDate;
  /** Last business date whose day-end accrual is included in `outstanding`. */
  accruedThrough: IndiaDate;
  rolloverCount: number;
}

/** What an operation on a loan yields: the new state and the journals to post, in order. */
export interface LoanStep {
  loan: LoanBalances;
  journals: Journal[];
}

export function openLoan(
  terms: LoanProductTerms,
  principal: Paise,
  disbursalDate: IndiaDate,
): LoanBalances {
  return {
    outstanding: { ...zeroAmounts(), principal },
    principalDisbursed: principal,
    penalCharged: 0n,
    disbursalDate,
    dueDate: addDays(disbursalDate, terms.tenorDays),
    accruedThrough: addDays(disbursalDate, -1),
    rolloverCount: 0,
  };
}

/** Opens the loan on the payout's processed date and posts the disbursal journal. */
export function disburse(
  terms: LoanProductTerms,
  principal: Paise,
  disbursalDate: IndiaDate,
): LoanStep & { quote: DisbursalQuote } {
  const quote = quoteDisbursal(terms, principal);
  return {
    loan: openLoan(terms, principal, disbursalDate),
    quote,
    journals: [postingsFor({ type: 'disbursal', ...quote })],
  };
}

export function totalOutstanding(loan: LoanBalances): Paise {
  return totalOf(loan.outstanding);
}

/** Owed apart from penal charges: penal accrues only while this is positive. */
export function outstandingBeforePenal(loan: LoanBalances): Paise {
  return totalOf(loan.outstanding) - loan.outstanding.penal;
}

export function isSettled(loan: LoanBalances): boolean {
  return COMPONENTS.every((c) => loan.outstanding[c] === 0n);
}
