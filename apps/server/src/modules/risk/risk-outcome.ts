import { sql, type SQL } from 'drizzle-orm';
import { loanOrders } from '../loan-book/tables.js';

/**
 * How a disbursed loan went later, the way every risk measure reads it: the worst overdue days
 * it reached (its overdue days now, or how late it cleared), and whether its due date is far
 * enough behind `today` for a measure of N days to count it.
 */
export const worstOverdueDays: SQL<number> = sql<number>`greatest(${loanOrders.overdueDays}, case when ${loanOrders.clearedDate} is not null and ${loanOrders.dueDate} is not null then ${loanOrders.clearedDate} - ${loanOrders.dueDate} else 0 end)`;

export interface LoanOutcome {
  disbursed: boolean;
  dueDate: string | null;
  worstOverdue: number;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** FPD (1+ day), 7+ and 30+ days: null while the loan is too young to say. */
export function overdueFlags(outcome: LoanOutcome, today: string) {
  const matured = (days: number) =>
    outcome.disbursed && outcome.dueDate !== null && addDays(outcome.dueDate, days) <= today;
  return {
    fpd: matured(1) ? outcome.worstOverdue >= 1 : null,
    dpd7: matured(7) ? outcome.worstOverdue >= 7 : null,
    dpd30: matured(30) ? outcome.worstOverdue >= 30 : null,
  };
}

/** Share in ppm, null when nothing was counted. */
export function ppm(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part * 1_000_000) / whole);
}

/** A tally of FPD / 7+ / 30+ over loans: counted (matured) and bad, per measure. */
export class OverdueTally {
  loans = 0;
  private counts = { fpd: [0, 0], dpd7: [0, 0], dpd30: [0, 0] } as Record<
    'fpd' | 'dpd7' | 'dpd30',
    [number, number]
  >;
  add(outcome: LoanOutcome, today: string) {
    if (!outcome.disbursed) return;
    this.loans += 1;
    const flags = overdueFlags(outcome, today);
    for (const key of ['fpd', 'dpd7', 'dpd30'] as const) {
      const flag = flags[key];
      if (flag === null) continue;
      this.counts[key][0] += 1;
      if (flag) this.counts[key][1] += 1;
    }
  }
  rate(key: 'fpd' | 'dpd7' | 'dpd30'): number | null {
    return ppm(this.counts[key][1], this.counts[key][0]);
  }
}
