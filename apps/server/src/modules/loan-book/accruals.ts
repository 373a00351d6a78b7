import {
  accrualInSuspense,
  accrueThrough,
  NO_SUSPENSE,
  receivableBalances,
  type LoanBalances,
  type LoanProductTerms,
  type SuspenseAmounts,
} from '@lending/lending';
import type { JournalToPost } from '../ledger/index.js';

/**
 * Catches up missed day-ends through `through` (the engine's `accrueThrough`), each day's
 * journals under their own idempotency key (the day-end job uses the same keys and skips what
 * was accrued). On an NPA (`inSuspense`) the accruals are held in suspense, not income
 * (income-recognition.ts); `suspended` is how much.
 */
export function catchUpAccruals(
  orderId: number,
  loan: LoanBalances,
  terms: LoanProductTerms,
  through: string,
  at: Date,
  options: { inSuspense?: boolean } = {},
): { loan: LoanBalances; journals: JournalToPost[]; suspended: SuspenseAmounts } {
  const caught = accrueThrough(loan, terms, through);
  const journals = caught.days.flatMap(({ accrual, journals: posted }) =>
    posted.map((journal) => ({
      orderId,
      journal: options.inSuspense ? accrualInSuspense(journal) : journal,
      idempotencyKey: accrualKey(orderId, accrual.date, journal.event),
      businessDate: accrual.date,
      at,
    })),
  );
  if (!options.inSuspense) return { loan: caught.loan, journals, suspended: NO_SUSPENSE };
  const accrued = receivableBalances(caught.journals);
  return {
    loan: caught.loan,
    journals,
    suspended: { interest: accrued.interest, penal: accrued.penal },
  };
}

export function accrualKey(orderId: number, date: string, event: string): string {
  return `accrual:${orderId}:${date}:${event}`;
}
