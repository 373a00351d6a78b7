import { accrueThrough, type LoanBalances, type LoanProductTerms } from '@lending/lending';
import type { JournalToPost } from '../ledger/index.js';

/**
 * Catches up missed day-ends through `through` (the engine's `accrueThrough`), each day's
 * journals under their own idempotency key (the day-end job uses the same keys and skips what
 * was accrued).
 */
export function catchUpAccruals(
  orderId: number,
  loan: LoanBalances,
  terms: LoanProductTerms,
  through: string,
  at: Date,
): { loan: LoanBalances; journals: JournalToPost[] } {
  const caught = accrueThrough(loan, terms, through);
  const journals = caught.days.flatMap(({ accrual, journals: posted }) =>
    posted.map((journal) => ({
      orderId,
      journal,
      idempotencyKey: accrualKey(orderId, accrual.date, journal.event),
      businessDate: accrual.date,
      at,
    })),
  );
  return { loan: caught.loan, journals };
}

export function accrualKey(orderId: number, date: string, event: string): string {
  return `accrual:${orderId}:${date}:${event}`;
}
