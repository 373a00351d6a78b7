import { addDays, isBefore, type IndiaDate } from './calendar-date.js';
import { dailyInterest } from './fees.js';
import { postingsFor, type Journal } from './ledger.js';
import { outstandingBeforePenal, type LoanBalances, type LoanStep } from './loan.js';
import { maxPaise, minPaise, type Paise } from './money.js';
import { penalCap, penalPerDay, type LoanProductTerms } from './terms.js';

export interface DayAccrual {
  date: IndiaDate;
  interest: Paise;
  penal: Paise;
}

/**
 * The day-end accrual of `date`. Day-end of the disbursal date (day 0) posts the first day's
 * interest, so a borrower clearing during day n has n days of interest; from the day-end of
 * the due date on, with anything but penal outstanding, one overdue day's penal charge is
 * posted until the lifetime cap is reached. Penal never earns interest and never joins
 * principal. Deterministic: running the same date twice posts twice — the caller records
 * `accruedThrough` to stay idempotent.
 */
export function accrueDay(
  loan: LoanBalances,
  terms: LoanProductTerms,
  date: IndiaDate,
): LoanStep & { accrual: DayAccrual } {
  const accruedThrough = isBefore(loan.accruedThrough, date) ? date : loan.accruedThrough;
  if (isBefore(date, loan.disbursalDate)) {
    return {
      loan: { ...loan, accruedThrough },
      accrual: { date, interest: 0n, penal: 0n },
      journals: [],
    };
  }
  const interest = dailyInterest(terms, loan.outstanding.principal);
  let penal = 0n;
  if (!isBefore(date, loan.dueDate) && outstandingBeforePenal(loan) > 0n) {
    const room = maxPaise(0n, penalCap(terms, loan.principalDisbursed) - loan.penalCharged);
    penal = minPaise(penalPerDay(terms, loan.principalDisbursed), room);
  }
  const journals: Journal[] = [];
  if (interest > 0n) journals.push(postingsFor({ type: 'interestAccrual', amount: interest }));
  if (penal > 0n) journals.push(postingsFor({ type: 'penalAccrual', amount: penal }));
  return {
    loan: {
      ...loan,
      outstanding: {
        ...loan.outstanding,
        interest: loan.outstanding.interest + interest,
        penal: loan.outstanding.penal + penal,
      },
      penalCharged: loan.penalCharged + penal,
      accruedThrough,
    },
    accrual: { date, interest, penal },
    journals,
  };
}

/** A day whose day-end accrued something: the amounts, and the journals that post them. */
export interface AccruedDay {
  accrual: DayAccrual;
  journals: Journal[];
}

/**
 * Catches up every missed day-end, in order, through `through` (inclusive). `days` keeps each
 * day's journals with its accrual, so a caller keys each day's postings (the loan book's
 * `accrual:<order>:<date>:<event>`) without repeating this loop.
 */
export function accrueThrough(
  loan: LoanBalances,
  terms: LoanProductTerms,
  through: IndiaDate,
): LoanStep & { accruals: DayAccrual[]; days: AccruedDay[] } {
  let current = loan;
  const days: AccruedDay[] = [];
  for (
    let date = addDays(loan.accruedThrough, 1);
    !isBefore(through, date);
    date = addDays(date, 1)
  ) {
    const step = accrueDay(current, terms, date);
    current = step.loan;
    if (step.accrual.interest > 0n || step.accrual.penal > 0n)
      days.push({ accrual: step.accrual, journals: step.journals });
  }
  return {
    loan: current,
    accruals: days.map((day) => day.accrual),
    journals: days.flatMap((day) => day.journals),
    days,
  };
}
