import {
  accrueDay,
  addDays,
  isBefore,
  type LoanBalances,
  type LoanProductTerms,
} from '@lending/lending';
import type { JournalToPost } from './ledger.repository.js';

/**
 * Catches up missed day-ends through `through` one day at a time, so each day's accrual gets
 * its own idempotency key (the day-end job uses the same keys and skips what was accrued).
 */
export function catchUpAccruals(
  orderId: number,
  loan: LoanBalances,
  terms: LoanProductTerms,
  through: string,
  at: Date,
): { loan: LoanBalances; journals: JournalToPost[] } {
  let current = loan;
  const journals: JournalToPost[] = [];
  for (
    let date = addDays(loan.accruedThrough, 1);
    !isBefore(through, date);
    date = addDays(date, 1)
  ) {
    const step = accrueDay(current, terms, date);
    current = step.loan;
    for (const journal of step.journals) {
      journals.push({
        orderId,
        journal,
        idempotencyKey: accrualKey(orderId, date, journal.event),
        businessDate: date,
        at,
      });
    }
  }
  return { loan: current, journals };
}

export function accrualKey(orderId: number, date: string, event: string): string {
  return `accrual:${orderId}:${date}:${event}`;
}
