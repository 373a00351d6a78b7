import { accrueThrough } from './accrual.js';
import { addDays, daysBetween, isBefore, type IndiaDate } from './calendar-date.js';
import { totalOf, type ComponentAmounts } from './components.js';
import type { LoanBalances } from './loan.js';
import type { Paise } from './money.js';
import { overdueDays } from './overdue.js';
import { coolingOffDays, type LoanProductTerms } from './terms.js';

/** The loan as it stands during business day `date`: every earlier day-end accrued. */
export function projectTo(
  loan: LoanBalances,
  terms: LoanProductTerms,
  date: IndiaDate,
): LoanBalances {
  return accrueThrough(loan, terms, addDays(date, -1)).loan;
}

export interface ClearingQuote {
  date: IndiaDate;
  components: ComponentAmounts;
  total: Paise;
  overdueDays: number;
}

/**
 * What clears the loan during `date` — early (interest only for the days used), on the due
 * date, or overdue (plus penal to date, capped). A date at or before the last accrual
 * quotes the current balances.
 */
export function clearingAmountOn(
  loan: LoanBalances,
  terms: LoanProductTerms,
  date: IndiaDate,
): ClearingQuote {
  const projected = projectTo(loan, terms, date);
  const total = totalOf(projected.outstanding);
  return {
    date,
    components: { ...projected.outstanding },
    total,
    overdueDays: overdueDays(projected.dueDate, date, total),
  };
}

export type CoolingOffQuote =
  | {
      ok: true;
      daysUsed: number;
      principal: Paise;
      interest: Paise;
      /** Fees charged after disbursal (normally none); the deducted processing fee is kept. */
      fees: Paise;
      /** Penal charges, waived on exit (cooling-off is without penalty). */
      penalWaived: Paise;
      amount: Paise;
    }
  | { ok: false; reason: 'NOT_DISBURSED' | 'COOLING_OFF_WINDOW_CLOSED'; daysUsed: number };

/**
 * RBI cooling-off: within the window (days 0…N after disbursal, N = 3, or 1 for tenors under
 * 7 days) the borrower exits by paying principal + interest for the days used, no penalty.
 */
export function coolingOffExitAmount(
  loan: LoanBalances,
  terms: LoanProductTerms,
  date: IndiaDate,
): CoolingOffQuote {
  const daysUsed = daysBetween(loan.disbursalDate, date);
  if (isBefore(date, loan.disbursalDate)) return { ok: false, reason: 'NOT_DISBURSED', daysUsed };
  if (daysUsed > coolingOffDays(terms)) {
    return { ok: false, reason: 'COOLING_OFF_WINDOW_CLOSED', daysUsed };
  }
  const { outstanding } = projectTo(loan, terms, date);
  const fees = outstanding.fee + outstanding.gst;
  return {
    ok: true,
    daysUsed,
    principal: outstanding.principal,
    interest: outstanding.interest,
    fees,
    penalWaived: outstanding.penal,
    amount: outstanding.principal + outstanding.interest + fees,
  };
}
