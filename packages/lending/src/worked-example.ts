import { DEFAULT_ALLOCATION_ORDER, type LoanProductTerms } from './terms.js';

/**
 * The product of docs/domain.md's worked example: ₹4,500 for 14 days, 7% processing fee, 0.1% a
 * day, ₹20 a day penal capped at 10% of principal, rollover 5% + GST for 7 more days. Tests
 * pin the engine to it; demo data may start from it.
 */
export const WORKED_EXAMPLE_TERMS: LoanProductTerms = {
  tenorDays: 14,
  minPrincipal: 100_000n,
  maxPrincipal: 5_000_000n,
  processingFeePpm: 70_000,
  gstPpm: 180_000,
  interestPerDayPpm: 1_000,
  penalPerDayPaise: 2_000n,
  penalCapPpm: 100_000,
  rolloverFeePpm: 50_000,
  rolloverDays: 7,
  maxRollovers: 3,
  allowOverdueRollover: true,
  allocationOrder: DEFAULT_ALLOCATION_ORDER,
};

export const WORKED_EXAMPLE_PRINCIPAL = 450_000n;
